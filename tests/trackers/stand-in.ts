/**
 * A tracker's stand-in as `npm run fake-trackers` runs it (tests/support/fake-trackers.ts): one of the fakes of
 * this folder, reached at a fixed address, refusing every credential but the one it prints, and listing what it
 * holds so a person can see what a push delivered.
 */
import type { VendorReply, VendorRequest, VendorRoutes } from '../support/vendor-fake.ts';

export interface StandInOptions {
  /** The address people and Tickscribe reach the stand-in at (the command's fixed port); its links name it. */
  url: string;
}

export interface StandIn {
  /** The tracker type, as the Connections form's type list names it. */
  type: string;
  /** The fake's own address, where the command forwards every call but its own. */
  target: string;
  /** What to type into the Connections form, field by field. */
  form: [field: string, value: string][];
  /** What else a person needs to know, a line each. */
  notes: string[];
  /** What the stand-in holds now, as the listing shows it. */
  created(): unknown;
  /** Every way a request or answer broke the vendor's contract so far (the contract's own findings left out). */
  violations(): string[];
  close(): Promise<void>;
}

/** The routes, each answering `refused` to a request whose Authorization header is not `authorization`. */
export function requiringCredentials(
  routes: VendorRoutes, authorization: string, refused: (request: VendorRequest) => VendorReply,
): VendorRoutes {
  return Object.fromEntries(Object.entries(routes).map(([operation, handler]) => [
    operation, (request: VendorRequest) => (request.headers.authorization === authorization ? handler(request) : refused(request)),
  ]));
}

/** The Basic credentials a user name and a password or token are sent as. */
export const basic = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
