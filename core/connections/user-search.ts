/**
 * Searching the people a tracker can assign, for the user mapping editor: through the tracker plugin's optional
 * searchUsers(), with the settings of the connection form as it stands (blank credential fields taking the saved
 * connection's) or of a saved connection, within a bounded time. A tracker that refuses, or a plugin without a
 * search, is answered in words, never as an error, so the editor can fall back to typing the username.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { isTrackerError, type PluginManifest } from '../../plugins/sdk/index.ts';
import type { UserSearchRequest, UserSearchResponse } from '../../schemas/types.ts';
import { InvalidInput } from '../errors.ts';
import { inSeconds } from '../net/failures.ts';
import type { OutboundHttp } from '../net/http.ts';
import { PluginOutputError } from '../plugins/boundary.ts';
import type { PluginHost } from '../plugins/host.ts';
import type { Connection } from './connection.entity.ts';
import type { Credentials } from './credentials.ts';
import { blotter } from './deliveries.ts';
import { checkConnection, filledCredentials, REQUIRED_FIELDS, type ConnectionInput } from './input.ts';
import { openTracker } from './open-tracker.ts';
import { failureInWords } from './verification.ts';

/** How long a search may take: the editor waits on it while the user types. */
export const USER_SEARCH_TIME_LIMIT_MS = 15_000;

export interface UserSearchOptions {
  plugins: PluginHost;
  outbound: OutboundHttp;
  allowlist: string | undefined;
  em: EntityManager;
  manifest: PluginManifest;
  /** The saved connection the request names (its requests are logged as its deliveries), or null for a new one. */
  saved: Connection | null;
  /** The saved connection's credentials, when it is of the requested type. */
  savedCredentials: Credentials;
  request: UserSearchRequest;
}

const notOffered = (manifest: PluginManifest): UserSearchResponse => ({
  offered: false, users: [],
  message: `${manifest.name} does not offer a search of its users here: type each username as ${manifest.name} knows it.`,
});

export async function searchUsers(options: UserSearchOptions): Promise<UserSearchResponse> {
  const { plugins, manifest, saved, request } = options;
  if (!plugins.offersUserSearch(manifest.id)) return notOffered(manifest);
  const { projectMappings: _projects, userMappings: _users, ...own } = (request.settings ?? saved?.settings ?? {}) as Record<string, unknown>;
  const input: ConnectionInput = {
    name: saved?.name ?? manifest.name,
    projectIdentifier: (request.project_identifier ?? saved?.projectIdentifier ?? '').trim(),
    connectionType: manifest.id,
    credentials: { ...options.savedCredentials, ...filledCredentials(request, manifest.id) },
    settings: { ...own, projectMappings: [], userMappings: {} },
  };
  if (!input.projectIdentifier) throw new InvalidInput(REQUIRED_FIELDS);
  await checkConnection(plugins, manifest, input, options.allowlist);
  // A saved connection's requests go into its delivery log; a connection not saved yet has none to keep them in.
  const connection = { id: saved?.id ?? null, name: input.name, projectIdentifier: input.projectIdentifier, settings: input.settings } as Connection;
  const opened = openTracker({ plugins, outbound: options.outbound, em: options.em, connection, manifest, credentials: input.credentials, logged: saved !== null });
  const blot = blotter(input.credentials);
  try {
    const users = await opened.tracker.searchUsers!(request.query, { signal: AbortSignal.timeout(USER_SEARCH_TIME_LIMIT_MS) });
    return { offered: true, users, message: null };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      return { offered: true, users: [], message: failureInWords('transient', `${manifest.name} did not answer within ${inSeconds(USER_SEARCH_TIME_LIMIT_MS)}`) };
    }
    if (isTrackerError(error)) return { offered: true, users: [], message: blot(failureInWords(error.kind, error.message)) };
    if (error instanceof PluginOutputError) return { offered: true, users: [], message: blot(failureInWords('transient', error.message)) };
    throw error;
  }
}
