import { api } from '../api/browser.ts';
import { dataOf } from '../api/client.ts';
import type { Schema } from '../api/schema.ts';

export type Connection = Schema<'ConnectionView'>;
export type ConnectionSettings = Connection['settings'];
export type Verification = Schema<'ConnectionVerification'>;
export type SavedConnection = Schema<'ConnectionSaved'>;
export type Delivery = Schema<'ConnectionDeliveries'>['deliveries'][number];
/** A tracker this server offers, with the credential and setting fields its schemas declare. */
export type ConnectionType = Schema<'ConnectionType'>;
/** What POST /api/connections and PUT /api/connections/{id} take; the form always sends every field. */
export type ConnectionInput = Required<Schema<'ConnectionRequest'>>;

/** What to search the tracker's people in: a saved connection (its id), or the connection form as it stands. */
export type UserSearchTarget = Omit<Schema<'UserSearchRequest'>, 'query'>;
export type UserSearchResult = Schema<'UserSearchResponse'>;
/** A person the tracker can assign: `value` is what the user mapping keeps. */
export type TrackerPerson = UserSearchResult['users'][number];

const byId = (id: string) => ({ params: { path: { id } } });

/** The connection calls of the spec's "The calls it makes". */
export const connectionsApi = {
  /** The connection types: the server's tracker plugins, built-in and third-party. */
  types: async () => (await dataOf(api.GET('/api/connections/types'))).types,
  list: async () => (await dataOf(api.GET('/api/connections'))).connections,
  /** Whether a connection serves the project, and which. */
  forProject: (project: string) => dataOf(api.GET('/api/connections/project/{project}', { params: { path: { project } } })),
  create: (input: ConnectionInput) => dataOf(api.POST('/api/connections', { body: input })),
  update: (id: string, input: ConnectionInput) => dataOf(api.PUT('/api/connections/{id}', { ...byId(id), body: input })),
  /** Deletes it; a sentence when the tracker could not be told to revoke a "Connect with …" sign-in. */
  remove: async (id: string): Promise<string | null> => {
    const { data } = await api.DELETE('/api/connections/{id}', byId(id));
    return data && 'notice' in data ? data.notice : null;
  },
  /** "Connect with …": the vendor's authorize URL for a new connection (what the form holds) or a saved one. */
  startOAuth: async (type: string, target: { connection: ConnectionInput } | { connection_id: string }) =>
    (await dataOf(api.POST('/api/connections/oauth/{type}/start', { params: { path: { type } }, body: target }))).url,
  /** What the vendor sent the browser back with, handed to the server: the saved connection. */
  completeOAuth: (callback: Schema<'OAuthCompleteRequest'>) => dataOf(api.POST('/api/connections/oauth/complete', { body: callback })),
  verify: async (id: string) => (await dataOf(api.POST('/api/connections/{id}/verify', byId(id)))).verification,
  /** The people the tracker can assign whose name, login or e-mail matches `query`. */
  searchUsers: (target: UserSearchTarget, query: string) => dataOf(api.POST('/api/connections/users/search', { body: { ...target, query } })),
  /** The requests the connection's tracker plugin sent, newest first. */
  deliveries: async (id: string) => (await dataOf(api.GET('/api/connections/{id}/deliveries', byId(id)))).deliveries,
  /** A new webhook secret, shown this once, with the address to register it at. */
  makeWebhookSecret: (id: string) => dataOf(api.POST('/api/connections/{id}/webhook-secret', byId(id))),
};
