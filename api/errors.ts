import {
  Conflict, DomainError, Gone, InvalidInput, LimitReached, NotAuthenticated, NotFound, Refused, TooLarge, TooManyAttempts, UpstreamFailed,
} from '../core/errors.ts';

/** An error of the HTTP layer itself (a malformed request, a wrong content type), with its status. */
export class HttpError extends Error {
  readonly status: number;
  override name = 'HttpError';

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Each kind of domain error and the HTTP status it answers with: the one place the two meet. */
const STATUS_OF: [new (...args: never[]) => DomainError, number][] = [
  [InvalidInput, 400],
  [NotAuthenticated, 401],
  [LimitReached, 402],
  [Refused, 403],
  [NotFound, 404],
  [Conflict, 409],
  [Gone, 410],
  [TooLarge, 413],
  [TooManyAttempts, 429],
  [UpstreamFailed, 502],
];

/** The status of an error whose message is meant for the person who asked (4xx, or 502 for a failed outside service), or undefined for any other error. */
export function clientErrorStatus(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  if (error instanceof DomainError) return STATUS_OF.find(([kind]) => error instanceof kind)?.[1] ?? 400;
  return undefined;
}
