/**
 * Project connections: a user's links to trackers. Each is checked against its tracker plugin before it is
 * saved, its credentials sealed (credentials.ts) and never shown again, and it is verified with the tracker on
 * every save. The push workflow finds a project's connection with `findConnectionForProject` and talks to the
 * tracker through `Connections.openTracker`.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  ConnectionDeliveries, ConnectionList, ConnectionRequest, ConnectionSaved, ConnectionTypes, ConnectionVerification, ConnectionView,
  ProjectConnectionCheck, UserSearchRequest, UserSearchResponse,
} from '../../schemas/types.ts';
import { InvalidInput, NotFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { Logger } from '../logger.ts';
import { createOutboundHttp, type OutboundHttp } from '../net/http.ts';
import type { PluginHost } from '../plugins/host.ts';
import type { User } from '../users/user.entity.ts';
import { Connection } from './connection.entity.ts';
import { CredentialsCipher, UnreadableCredentials, type Credentials } from './credentials.ts';
import { listDeliveries } from './deliveries.ts';
import { checkConnection, credentialsSet, filledCredentials, normaliseSettings, required, REQUIRED_FIELDS, type ConnectionInput } from './input.ts';
import { openTracker, type OpenedTracker } from './open-tracker.ts';
import { credentialFields, trackerManifest, trackerManifests } from './tracker-types.ts';
import { connectionTypes } from './type-fields.ts';
import { searchUsers } from './user-search.ts';

const CONNECTION_NOT_FOUND = 'Connection not found';

export interface ConnectionDependencies {
  plugins: PluginHost;
  /** The key that seals credentials (loadCredentialsKey). */
  credentialsKey: Buffer;
  /** OUTBOUND_ALLOWLIST and OUTBOUND_TIMEOUT_MS. */
  outbound: { allowlist?: string; timeoutMs: number };
  /** Where a delivery that could not be logged is reported. */
  logger?: Logger;
}

/** The user's connection with this id; another user's answers like a missing one. */
export async function ownConnection(em: EntityManager, user: Pick<User, 'id'>, id: string): Promise<Connection> {
  const connection = isUuid(id) ? await em.findOne(Connection, { id, user: user.id }) : null;
  if (!connection) throw new NotFound(CONNECTION_NOT_FOUND);
  return connection;
}

const matchable = (text: string) => text.trim().toLowerCase();

/**
 * The user's connection that serves a Tickscribe project: by its project identifier, then its project mappings,
 * then its name (ignoring case and surrounding spaces); the newest when several match equally. Null for none.
 */
export async function findConnectionForProject(em: EntityManager, user: Pick<User, 'id'>, project: string): Promise<Connection | null> {
  const wanted = matchable(project);
  if (!wanted) return null;
  const connections = await em.find(Connection, { user: user.id }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  const ways = [
    (connection: Connection) => matchable(connection.projectIdentifier) === wanted,
    (connection: Connection) => connection.settings.projectMappings.some((mapped) => matchable(mapped) === wanted),
    (connection: Connection) => matchable(connection.name) === wanted,
  ];
  for (const matches of ways) {
    const found = connections.find(matches);
    if (found) return found;
  }
  return null;
}

export class Connections {
  readonly #deps: ConnectionDependencies;
  readonly #cipher: CredentialsCipher;
  readonly #outbound: OutboundHttp;

  constructor(deps: ConnectionDependencies) {
    this.#deps = deps;
    this.#cipher = new CredentialsCipher(deps.credentialsKey);
    this.#outbound = createOutboundHttp(deps.outbound);
  }

  /** The decrypted credentials; `{}` when they cannot be read and `lenient`, else UnreadableCredentials. */
  #credentials(connection: Connection, lenient = false): Credentials {
    try {
      return this.#cipher.open(connection);
    } catch (error) {
      if (lenient && error instanceof UnreadableCredentials) return {};
      throw error;
    }
  }

  /** A connection as the API shows it: which credential fields are set, never their values. */
  view(connection: Connection): ConnectionView {
    const credentials = this.#credentials(connection, true);
    const manifest = trackerManifests(this.#deps.plugins).find((candidate) => candidate.id === connection.connectionType);
    const fields = manifest ? credentialFields(manifest) : Object.keys(credentials);
    return {
      id: connection.id,
      name: connection.name,
      projectIdentifier: connection.projectIdentifier,
      connectionType: connection.connectionType,
      credentials: credentialsSet(fields, credentials),
      settings: connection.settings,
      lastVerification: connection.lastVerification ?? null,
      createdAt: connection.createdAt.toISOString(),
      updatedAt: connection.updatedAt.toISOString(),
    };
  }

  /** The connection types: the loaded tracker plugins, with the fields their schemas declare. */
  types(): ConnectionTypes {
    return connectionTypes(this.#deps.plugins);
  }

  async list(em: EntityManager, user: User): Promise<ConnectionList> {
    const connections = await em.find(Connection, { user }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return { connections: connections.map((connection) => this.view(connection)) };
  }

  async forProject(em: EntityManager, user: User, project: string): Promise<ProjectConnectionCheck> {
    const connection = await findConnectionForProject(em, user, project);
    return { exists: connection !== null, connection: connection && this.view(connection) };
  }

  async create(em: EntityManager, user: User, request: ConnectionRequest): Promise<ConnectionSaved> {
    const connectionType = required(request.connection_type);
    const input: ConnectionInput = {
      name: required(request.name),
      projectIdentifier: required(request.project_identifier),
      connectionType,
      credentials: filledCredentials(request, connectionType),
      settings: normaliseSettings(request.settings),
    };
    await this.#check(input);
    const id = crypto.randomUUID();
    const connection = em.create(Connection, { ...input, id, user, credentials: this.#cipher.seal(id, input.credentials) });
    await em.flush();
    return this.#verifyAndView(em, connection, input.credentials);
  }

  /** Fields left out keep their values; credential fields left empty keep the saved ones unless the type changes. */
  async update(em: EntityManager, user: User, id: string, request: ConnectionRequest): Promise<ConnectionSaved> {
    const connection = await ownConnection(em, user, id);
    const given = (value: string | undefined, saved: string) => (value === undefined ? saved : required(value));
    const connectionType = given(request.connection_type, connection.connectionType);
    const saved = connectionType === connection.connectionType ? this.#credentials(connection, true) : {};
    const input: ConnectionInput = {
      name: given(request.name, connection.name),
      projectIdentifier: given(request.project_identifier, connection.projectIdentifier),
      connectionType,
      credentials: { ...saved, ...filledCredentials(request, connectionType) },
      settings: request.settings === undefined ? connection.settings : normaliseSettings(request.settings),
    };
    await this.#check(input);
    em.assign(connection, { ...input, credentials: this.#cipher.seal(connection.id, input.credentials) });
    await em.flush();
    return this.#verifyAndView(em, connection, input.credentials);
  }

  async remove(em: EntityManager, user: User, id: string): Promise<void> {
    await em.remove(await ownConnection(em, user, id)).flush();
  }

  /** Checks the saved connection with its tracker again and keeps the outcome. */
  async verify(em: EntityManager, user: User, id: string): Promise<{ verification: ConnectionVerification }> {
    const connection = await ownConnection(em, user, id);
    const { verification } = await this.#verifyAndView(em, connection, this.#credentials(connection));
    return { verification };
  }

  async deliveries(em: EntityManager, user: User, id: string): Promise<ConnectionDeliveries> {
    return listDeliveries(em, await ownConnection(em, user, id));
  }

  /**
   * The people the tracker can assign whose name, login or e-mail matches the query: for the connection form as it
   * stands (blank credential fields taking the saved connection's, as update does) or for a saved connection.
   * NotFound for another user's connection; InvalidInput, in words, for settings the plugin would refuse.
   */
  async searchUsers(em: EntityManager, user: User, request: UserSearchRequest): Promise<UserSearchResponse> {
    const saved = request.connection_id === undefined ? null : await ownConnection(em, user, request.connection_id);
    const connectionType = request.connection_type === undefined ? saved?.connectionType : required(request.connection_type);
    if (!connectionType) throw new InvalidInput(REQUIRED_FIELDS);
    const manifest = trackerManifest(this.#deps.plugins, connectionType);
    const savedCredentials = saved && saved.connectionType === connectionType ? this.#credentials(saved, true) : {};
    const { plugins, outbound } = this.#deps;
    return searchUsers({ plugins, outbound: this.#outbound, allowlist: outbound.allowlist, em, manifest, saved, savedCredentials, request });
  }

  /**
   * The user's connection as a tracker for pushing: its credentials decrypted, its settings validated by the
   * plugin host, every request through the outbound client and into the delivery log. NotFound for another
   * user's connection; UnreadableCredentials or InvalidInput, in words, when it cannot be used as saved.
   */
  async openTracker(em: EntityManager, user: Pick<User, 'id'>, id: string): Promise<OpenedTracker> {
    const connection = await ownConnection(em, user, id);
    return this.#open(em, connection, this.#credentials(connection));
  }

  #open(em: EntityManager, connection: Connection, credentials: Credentials): OpenedTracker {
    const manifest = trackerManifest(this.#deps.plugins, connection.connectionType);
    const { plugins, logger } = this.#deps;
    return openTracker({ plugins, logger, outbound: this.#outbound, em, connection, manifest, credentials });
  }

  async #check(input: ConnectionInput): Promise<void> {
    const manifest = trackerManifest(this.#deps.plugins, input.connectionType);
    await checkConnection(this.#deps.plugins, manifest, input, this.#deps.outbound.allowlist);
  }

  async #verifyAndView(em: EntityManager, connection: Connection, credentials: Credentials): Promise<ConnectionSaved> {
    const opened = this.#open(em, connection, credentials);
    const verification = await opened.check();
    connection.lastVerification = verification;
    await em.flush();
    return { connection: this.view(connection), verification };
  }
}
