/**
 * A connection's OAuth grant over its life: sealed beside its credentials (the same cipher, bound to
 * `<connection id>:oauth`), refreshed before it expires and once after the tracker refuses it, and revoked at the
 * vendor when the connection is deleted.
 *
 * A refresh runs under a row lock on the connection, and reads the grant again under it: Atlassian and Miro rotate
 * refresh tokens (the old one is refused once used: "Miro REST API: Refresh access token", developers.miro.com;
 * "Implementing OAuth 2.0 (3LO): Use a refresh token", developer.atlassian.com), so two pushes at once must not both
 * spend one. The second waits for the lock, finds the grant the first saved, and uses it. A refusal of the refresh
 * token (revoked, or past its 60 or 90 days) marks the connection as needing to be connected again, in words.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OAuthGrant } from '../../plugins/sdk/index.ts';
import type { ConnectionVerification } from '../../schemas/types.ts';
import type { Connection } from './connection.entity.ts';
import type { CredentialsCipher, Credentials } from './credentials.ts';
import { db, sql } from '../db/sql.ts';
import { InvalidInput } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { OAuthFlow, OAuthTracker } from '../oauth/flow.ts';
import { OAuthTokenError, refreshGrant } from '../oauth/tokens.ts';

/** How long before its expiry an access token is refreshed: a push's calls then all run on a live token. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

const place = (connectionId: string) => `${connectionId}:oauth`;

export class OAuthGrants {
  readonly #cipher: CredentialsCipher;
  readonly #flow: OAuthFlow;
  readonly #logger: Logger | undefined;

  constructor(deps: { cipher: CredentialsCipher; flow: OAuthFlow; logger?: Logger }) {
    this.#cipher = deps.cipher;
    this.#flow = deps.flow;
    this.#logger = deps.logger;
  }

  seal(connectionId: string, grant: OAuthGrant): string {
    return this.#cipher.seal(place(connectionId), grant as unknown as Credentials);
  }

  #open(connection: Pick<Connection, 'id' | 'name'>, sealed: string): OAuthGrant {
    return this.#cipher.open({ id: place(connection.id), name: connection.name, credentials: sealed }) as unknown as OAuthGrant;
  }

  #tracker(connection: Connection): OAuthTracker | undefined {
    return this.#flow.trackerOf(connection.connectionType);
  }

  /** New credentials when the grant expires within REFRESH_MARGIN_MS and was refreshed; undefined to keep the saved ones. */
  async refreshIfDue(em: EntityManager, connection: Connection, config: Record<string, unknown>): Promise<Credentials | undefined> {
    if (!connection.oauth) return undefined;
    const grant = this.#open(connection, connection.oauth);
    if (!due(grant)) return undefined;
    return this.#refresh(em, connection, config, (current) => current.accessToken === grant.accessToken && due(current));
  }

  /** After the tracker refused the token: new credentials, or undefined when there is nothing to refresh with. */
  async refreshAfterRefusal(em: EntityManager, connection: Connection, config: Record<string, unknown>): Promise<Credentials | undefined> {
    if (!connection.oauth) return undefined;
    const refused = this.#open(connection, connection.oauth).accessToken;
    // Another call may have refreshed it meanwhile: then its new token is the one to try.
    return this.#refresh(em, connection, config, (current) => current.accessToken === refused);
  }

  /**
   * Refreshes under the connection's row lock when `stale` still holds for the grant read under it, and saves the new
   * grant and credentials; otherwise answers the credentials saved meanwhile.
   */
  async #refresh(em: EntityManager, connection: Connection, config: Record<string, unknown>, stale: (grant: OAuthGrant) => boolean): Promise<Credentials | undefined> {
    const tracker = this.#tracker(connection);
    const fork = em.fork();
    const outcome = await fork.transactional(async (tx) => {
      const d = db(tx);
      const [row] = await d.selectFrom('connections').select(['credentials', 'oauth']).where('id', '=', connection.id).forUpdate().execute();
      if (!row?.oauth) return undefined;
      const current = this.#open(connection, row.oauth);
      if (!stale(current)) return { credentials: row.credentials, oauth: row.oauth };
      if (!current.refreshToken || !tracker) {
        if (current.expiresAt && Date.parse(current.expiresAt) <= Date.now()) return this.#needsReconnection(tx, connection, tracker, 'its sign-in has expired');
        return undefined;
      }
      let fresh: OAuthGrant;
      try {
        fresh = await refreshGrant({ oauth: tracker.oauth, app: tracker.app, endpoints: tracker.endpoints, http: this.#flow.http }, current);
      } catch (error) {
        if (!(error instanceof OAuthTokenError)) throw error;
        if (error.refused) return this.#needsReconnection(tx, connection, tracker, `${tracker.oauth.provider} no longer accepts its sign-in`);
        // The vendor could not be reached: the saved token may still work a while, and the next use tries again.
        this.#logger?.warn({ connection: connection.id }, 'an OAuth token could not be refreshed just now');
        return undefined;
      }
      const saved = this.#cipher.open({ id: connection.id, name: connection.name, credentials: row.credentials });
      const credentials = { ...saved, ...await tracker.oauth.credentials(fresh, this.#flow.context(tracker, { config, credentials: saved })) };
      const sealed = { credentials: this.#cipher.seal(connection.id, credentials), oauth: this.seal(connection.id, fresh) };
      await d.updateTable('connections').set({ ...sealed, updated_at: sql<Date>`now()` }).where('id', '=', connection.id).execute();
      return sealed;
    });
    if (!outcome) return undefined;
    // Said after the transaction, which keeps the connection's new state.
    if ('refusal' in outcome) throw outcome.refusal;
    // The entity in the caller's unit of work holds the saved values too, so a later flush writes them unchanged.
    Object.assign(connection, outcome);
    return this.#cipher.open(connection);
  }

  /** Keeps, in words, that the connection must be connected again, and answers the error that says so. */
  async #needsReconnection(tx: EntityManager, connection: Connection, tracker: OAuthTracker | undefined, reason: string): Promise<{ refusal: InvalidInput }> {
    const provider = tracker?.oauth.provider ?? connection.connectionType;
    const message = `The connection '${connection.name}' must be connected again: ${reason}. Open it on the Connections page and choose "Reconnect with ${provider}".`;
    const verification: ConnectionVerification = { ok: false, kind: 'auth', message, at: new Date().toISOString() };
    await db(tx).updateTable('connections').set({ last_verification: sql`${JSON.stringify(verification)}::jsonb` }).where('id', '=', connection.id).execute();
    connection.lastVerification = verification;
    return { refusal: new InvalidInput(message) };
  }

  /** Revokes the grant at the vendor when it offers revocation; a sentence for the user when that failed. */
  async revoke(connection: Connection, config: Record<string, unknown>): Promise<string | undefined> {
    if (!connection.oauth) return undefined;
    const tracker = this.#tracker(connection);
    if (!tracker?.oauth.revoke) return undefined;
    try {
      await tracker.oauth.revoke(this.#open(connection, connection.oauth), this.#flow.context(tracker, { config, credentials: this.#cipher.open(connection) }));
      return undefined;
    } catch (error) {
      this.#logger?.warn({ connection: connection.id, reason: error instanceof Error ? error.message : String(error) }, 'an OAuth grant could not be revoked');
      return `The connection was deleted, but ${tracker.oauth.provider} could not be told to withdraw Tickscribe's access. ` +
        `You can withdraw it yourself in your ${tracker.oauth.provider} settings.`;
    }
  }
}

const due = (grant: OAuthGrant) => grant.expiresAt !== undefined && Date.parse(grant.expiresAt) - Date.now() < REFRESH_MARGIN_MS;
