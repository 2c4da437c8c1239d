/**
 * Project connections: a workspace's links to trackers. Each is checked against its tracker plugin before it is
 * saved, its credentials sealed (credentials.ts) and never shown again, and it is verified with the tracker on
 * every save. The push workflow finds a project's connection with `findConnectionForProject` and talks to the
 * tracker through `Connections.openTracker`.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import type {
  ConnectionDeliveries, ConnectionList, ConnectionRequest, ConnectionSaved, ConnectionStatusFollowing, ConnectionTypes, ConnectionVerification, ConnectionView,
  ConnectionWebhookSecret, OAuthCompleteRequest, OAuthStartRequest, ProjectConnectionCheck, UserSearchRequest, UserSearchResponse,
} from '../../schemas/types.ts';
import { isTrackerError } from '../../plugins/sdk/index.ts';
import { InvalidInput, NotFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { Logger } from '../logger.ts';
import { createOutboundHttp, type OutboundHttp } from '../net/http.ts';
import type { PluginHost } from '../plugins/host.ts';
import type { PluginSettings } from '../../plugins/sdk/index.ts';
import type { Scope, WorkspaceScope } from '../users/scope.ts';
import { Connection } from './connection.entity.ts';
import { CredentialsCipher, UnreadableCredentials, type Credentials } from './credentials.ts';
import { listDeliveries } from './deliveries.ts';
import { checkConnection, credentialsSet, filledCredentials, normaliseSettings, pluginConfig, required, REQUIRED_FIELDS, type ConnectionInput } from './input.ts';
import { openTracker, type OpenedTracker } from './open-tracker.ts';
import { checkSignInForm } from './sign-in-form.ts';
import { credentialFields, trackerManifest, trackerManifests } from './tracker-types.ts';
import { connectionTypes } from './type-fields.ts';
import { searchUsers } from './user-search.ts';
import type { OAuthSetup } from '../oauth/apps.ts';
import { notSetUp, OAuthFlow } from '../oauth/flow.ts';
import { OAuthGrants } from './grants.ts';

const CONNECTION_NOT_FOUND = 'Connection not found';

export interface ConnectionDependencies {
  plugins: PluginHost;
  /** The key that seals credentials (loadCredentialsKey). */
  credentialsKey: Buffer;
  /** OUTBOUND_ALLOWLIST and OUTBOUND_TIMEOUT_MS. */
  outbound: { allowlist?: string; timeoutMs: number };
  /** Where a delivery that could not be logged is reported. */
  logger?: Logger;
  /** The operator's OAuth apps ("Connect with …"); none when left out. */
  oauth?: OAuthSetup;
  /** APP_URL: where trackers send their webhooks. */
  appUrl?: string;
}

/** Where a connection's tracker sends its webhook deliveries (api/routes/trackers.ts). */
export const trackerWebhookPath = (connectionId: string) => `/api/trackers/${connectionId}/webhook`;

/** What a webhook secret is sealed under besides the connection's id, so it can never be read as the credentials. */
const webhookSealId = (connectionId: string) => `${connectionId}/webhook-secret`;

/** No OAuth app configured: every type offers its token fields alone. */
const NO_OAUTH: OAuthSetup = { redirectUri: '', app: () => undefined };

/** The workspace's connection with this id; another workspace's answers like a missing one. */
export async function ownConnection(em: EntityManager, scope: WorkspaceScope, id: string): Promise<Connection> {
  const connection = isUuid(id) ? await em.findOne(Connection, { id, workspace: scope.workspace }) : null;
  if (!connection) throw new NotFound(CONNECTION_NOT_FOUND);
  return connection;
}

const matchable = (text: string) => text.trim().toLowerCase();

/**
 * The workspace's connection that serves a Tickscribe project: by its project identifier, then its project mappings,
 * then its name (ignoring case and surrounding spaces); the newest when several match equally. Null for none.
 */
export async function findConnectionForProject(em: EntityManager, scope: WorkspaceScope, project: string): Promise<Connection | null> {
  const wanted = matchable(project);
  if (!wanted) return null;
  const connections = await em.find(Connection, { workspace: scope.workspace }, { orderBy: { createdAt: 'desc', id: 'desc' } });
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
  readonly #flow: OAuthFlow;
  readonly #grants: OAuthGrants;

  constructor(deps: ConnectionDependencies) {
    this.#deps = deps;
    this.#cipher = new CredentialsCipher(deps.credentialsKey);
    this.#outbound = createOutboundHttp(deps.outbound);
    this.#flow = new OAuthFlow({ plugins: deps.plugins, setup: deps.oauth ?? NO_OAUTH, http: this.#outbound });
    this.#grants = new OAuthGrants({ cipher: this.#cipher, flow: this.#flow, ...(deps.logger ? { logger: deps.logger } : {}) });
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
      ...(connection.oauth && manifest ? { connectedWith: this.#deps.plugins.trackerOAuth(manifest.id)?.provider ?? manifest.name } : {}),
      settings: connection.settings,
      statusFollowing: this.#statusFollowing(connection),
      lastVerification: connection.lastVerification ?? null,
      createdAt: connection.createdAt.toISOString(),
      updatedAt: connection.updatedAt.toISOString(),
    };
  }

  /** How the connection's tickets follow their items, as far as its tracker plugin allows. */
  #statusFollowing(connection: Connection): ConnectionStatusFollowing {
    const support = this.#deps.plugins.statusSupport(connection.connectionType);
    const instructions = this.#deps.plugins.webhookInstructions(connection.connectionType);
    return {
      poll: support.itemStatus,
      pushBack: support.setStatus,
      webhook: instructions === undefined ? null : { url: this.webhookUrl(connection.id), secretSet: Boolean(connection.webhookSecret), instructions },
    };
  }

  /** The address a connection's tracker sends its webhooks to. */
  webhookUrl(connectionId: string): string {
    return `${(this.#deps.appUrl ?? '').replace(/\/+$/, '')}${trackerWebhookPath(connectionId)}`;
  }

  /**
   * Makes the connection a new webhook secret, sealed like its credentials, and answers it this once with the address
   * to register it at; the one before stops verifying deliveries. InvalidInput for a tracker that takes no webhooks.
   */
  async makeWebhookSecret(em: EntityManager, scope: WorkspaceScope, id: string): Promise<ConnectionWebhookSecret> {
    const connection = await ownConnection(em, scope, id);
    const instructions = this.#deps.plugins.webhookInstructions(connection.connectionType);
    if (instructions === undefined) {
      throw new InvalidInput(`The ${trackerManifest(this.#deps.plugins, connection.connectionType).name} tracker sends no webhooks Tickscribe can read.`);
    }
    // 32 random bytes as hex: GitHub asks for "a random string of text with high entropy" ("Validating webhook deliveries").
    const secret = randomBytes(32).toString('hex');
    connection.webhookSecret = this.#cipher.seal(webhookSealId(connection.id), { secret });
    await em.flush();
    return { url: this.webhookUrl(connection.id), secret, contentType: 'application/json', instructions };
  }

  /** The connection's webhook secret, or null when none was made (or it can no longer be read). */
  webhookSecret(connection: Connection): string | null {
    if (!connection.webhookSecret) return null;
    try {
      const { secret } = this.#cipher.open({ id: webhookSealId(connection.id), name: connection.name, credentials: connection.webhookSecret });
      return typeof secret === 'string' && secret ? secret : null;
    } catch (error) {
      if (error instanceof UnreadableCredentials) return null;
      throw error;
    }
  }

  /** The settings the connection's tracker plugin is called with (credentials that cannot be read are left out). */
  pluginSettings(connection: Connection): Partial<PluginSettings> {
    return { config: this.#config(connection), credentials: this.#credentials(connection, true) };
  }

  /**
   * A connection as its tracker, outside any request (a status poll, a status sent back): like openTracker, for a
   * connection already found.
   */
  async openConnection(em: EntityManager, connection: Connection): Promise<OpenedTracker> {
    return this.#open(em, connection, await this.#fresh(em, connection));
  }

  /** The connection types: the loaded tracker plugins, with the fields their schemas declare. */
  types(): ConnectionTypes {
    const { types } = connectionTypes(this.#deps.plugins);
    return {
      types: types.map((type) => {
        const tracker = this.#flow.tracker(trackerManifest(this.#deps.plugins, type.id));
        return tracker ? { ...type, oauth: { provider: tracker.oauth.provider } } : type;
      }),
    };
  }

  async list(em: EntityManager, scope: WorkspaceScope): Promise<ConnectionList> {
    const connections = await em.find(Connection, { workspace: scope.workspace }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return { connections: connections.map((connection) => this.view(connection)) };
  }

  async forProject(em: EntityManager, scope: WorkspaceScope, project: string): Promise<ProjectConnectionCheck> {
    const connection = await findConnectionForProject(em, scope, project);
    return { exists: connection !== null, connection: connection && this.view(connection) };
  }

  async create(em: EntityManager, scope: Scope, request: ConnectionRequest): Promise<ConnectionSaved> {
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
    const connection = em.create(Connection, { ...input, id, user: scope.user, workspace: scope.workspace, credentials: this.#cipher.seal(id, input.credentials) });
    await em.flush();
    return this.#verifyAndView(em, connection, input.credentials);
  }

  /** Fields left out keep their values; credential fields left empty keep the saved ones unless the type changes. */
  async update(em: EntityManager, scope: WorkspaceScope, id: string, request: ConnectionRequest): Promise<ConnectionSaved> {
    const connection = await ownConnection(em, scope, id);
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

  /**
   * Deletes the connection; one made with "Connect with …" has its grant revoked at the vendor first where the vendor
   * offers it. A revocation that fails never stops the deletion: it is logged, and `notice` says so in words.
   */
  async remove(em: EntityManager, scope: WorkspaceScope, id: string): Promise<{ notice?: string }> {
    const connection = await ownConnection(em, scope, id);
    const notice = await this.#grants.revoke(connection, this.#config(connection));
    await em.remove(connection).flush();
    return notice ? { notice } : {};
  }

  /**
   * "Connect with …" for a tracker type: keeps the sign-in (what the form holds, or the connection to reconnect) and
   * answers the vendor's authorize URL.
   */
  async startOAuth(em: EntityManager, scope: Scope, type: string, request: OAuthStartRequest): Promise<{ url: string }> {
    const manifest = trackerManifest(this.#deps.plugins, type);
    const tracker = this.#flow.tracker(manifest);
    if (!tracker) throw notSetUp(manifest.name);
    if (request.connection_id !== undefined) {
      const connection = await ownConnection(em, scope, request.connection_id);
      return { url: await this.#flow.start(em, scope.user.id, tracker, { connectionId: connection.id, form: {} }) };
    }
    const form = request.connection ?? {};
    const given = this.#notSecret(type, filledCredentials({ ...form, connection_type: type }, type));
    checkSignInForm(manifest, tracker.oauth, given);
    const input = { name: required(form.name), projectIdentifier: required(form.project_identifier), settings: normaliseSettings(form.settings) };
    return { url: await this.#flow.start(em, scope.user.id, tracker, { connectionId: null, form: { ...input, credentials: given } }) };
  }

  /** The vendor gives the token; only what says where or who (a site URL, an organization) is kept of other credentials. */
  #notSecret(type: string, credentials: Credentials): Credentials {
    const secret = new Set(this.types().types.find((candidate) => candidate.id === type)?.credentials.filter((field) => field.secret).map((field) => field.name));
    return Object.fromEntries(Object.entries(credentials).filter(([field]) => !secret.has(field)));
  }

  /**
   * The vendor's answer to a sign-in, handed over by the web app: the state checked (this user's, unused, within ten
   * minutes), the code exchanged, and the connection created, or reconnected with its tokens replaced, then verified.
   */
  async completeOAuth(em: EntityManager, scope: Scope, callback: OAuthCompleteRequest): Promise<ConnectionSaved> {
    const saved = new Map<string, Connection>();
    let kept: Credentials = {};
    const outcome = await this.#flow.complete(em, scope.user.id, callback, async (state) => {
      if (!state.connectionId) {
        return { config: pluginConfig(state.form.projectIdentifier ?? '', normaliseSettings(state.form.settings)), credentials: state.form.credentials ?? {} };
      }
      const connection = await ownConnection(em, scope, state.connectionId);
      saved.set(connection.id, connection);
      // A reconnection keeps where the connection points (Jira's site URL); its old token is replaced.
      kept = this.#notSecret(connection.connectionType, this.#credentials(connection, true));
      return { config: this.#config(connection), credentials: kept };
    }).catch((error: unknown) => {
      if (isTrackerError(error)) throw new InvalidInput(error.message);
      throw error;
    });
    const { state, tracker, grant } = outcome;
    const existing = state.connectionId ? saved.get(state.connectionId) : undefined;
    const credentials = { ...(existing ? kept : state.form.credentials), ...outcome.credentials };
    const input: ConnectionInput = existing
      ? { name: existing.name, projectIdentifier: existing.projectIdentifier, connectionType: tracker.manifest.id, credentials, settings: existing.settings }
      : {
        name: state.form.name ?? '', projectIdentifier: state.form.projectIdentifier ?? '', connectionType: tracker.manifest.id, credentials,
        settings: normaliseSettings(state.form.settings),
      };
    await this.#check(input);
    const id = existing?.id ?? crypto.randomUUID();
    const sealed = { credentials: this.#cipher.seal(id, credentials), oauth: this.#grants.seal(id, grant) };
    const connection = existing ? em.assign(existing, { ...input, ...sealed }) : em.create(Connection, { ...input, id, user: scope.user, workspace: scope.workspace, ...sealed });
    await em.flush();
    return this.#verifyAndView(em, connection, credentials);
  }

  #config(connection: Connection): Record<string, unknown> {
    return pluginConfig(connection.projectIdentifier, connection.settings);
  }

  /** Checks the saved connection with its tracker again and keeps the outcome. */
  async verify(em: EntityManager, scope: WorkspaceScope, id: string): Promise<{ verification: ConnectionVerification }> {
    const connection = await ownConnection(em, scope, id);
    const { verification } = await this.#verifyAndView(em, connection, await this.#fresh(em, connection));
    return { verification };
  }

  async deliveries(em: EntityManager, scope: WorkspaceScope, id: string): Promise<ConnectionDeliveries> {
    return listDeliveries(em, await ownConnection(em, scope, id));
  }

  /**
   * The people the tracker can assign whose name, login or e-mail matches the query: for the connection form as it
   * stands (blank credential fields taking the saved connection's, as update does) or for a saved connection.
   * NotFound for another workspace's connection; InvalidInput, in words, for settings the plugin would refuse.
   */
  async searchUsers(em: EntityManager, scope: WorkspaceScope, request: UserSearchRequest): Promise<UserSearchResponse> {
    const saved = request.connection_id === undefined ? null : await ownConnection(em, scope, request.connection_id);
    const connectionType = request.connection_type === undefined ? saved?.connectionType : required(request.connection_type);
    if (!connectionType) throw new InvalidInput(REQUIRED_FIELDS);
    const manifest = trackerManifest(this.#deps.plugins, connectionType);
    const savedCredentials = saved && saved.connectionType === connectionType ? this.#credentials(saved, true) : {};
    const { plugins, outbound } = this.#deps;
    return searchUsers({ plugins, outbound: this.#outbound, allowlist: outbound.allowlist, em, manifest, saved, savedCredentials, request });
  }

  /**
   * The workspace's connection as a tracker for pushing: its credentials decrypted, its settings validated by the
   * plugin host, every request through the outbound client and into the delivery log. NotFound for another
   * workspace's connection; UnreadableCredentials or InvalidInput, in words, when it cannot be used as saved.
   */
  async openTracker(em: EntityManager, scope: WorkspaceScope, id: string): Promise<OpenedTracker> {
    const connection = await ownConnection(em, scope, id);
    return this.#open(em, connection, await this.#fresh(em, connection));
  }

  /** The credentials to use now: a grant about to expire is refreshed first (grants.ts). */
  async #fresh(em: EntityManager, connection: Connection): Promise<Credentials> {
    const credentials = this.#credentials(connection);
    return (await this.#grants.refreshIfDue(em, connection, this.#config(connection))) ?? credentials;
  }

  #open(em: EntityManager, connection: Connection, credentials: Credentials): OpenedTracker {
    const manifest = trackerManifest(this.#deps.plugins, connection.connectionType);
    const { plugins, logger } = this.#deps;
    // A token the tracker refuses is refreshed once and the call tried again (a grant revoked or expired early).
    const refreshed = connection.oauth ? () => this.#grants.refreshAfterRefusal(em, connection, this.#config(connection)) : undefined;
    return openTracker({ plugins, logger, outbound: this.#outbound, em, connection, manifest, credentials, ...(refreshed ? { refreshed } : {}) });
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
