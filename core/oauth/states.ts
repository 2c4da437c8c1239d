/**
 * Sign-ins under way: one row per "Connect with …" click, found again by the `state` the vendor hands back. The state
 * is 32 random bytes of which only the SHA-256 is kept; a row is taken (deleted) by the one callback that presents it
 * with the same user's session, so a state works once, for its user, within STATE_LIFETIME_MS.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { db, sql } from '../db/sql.ts';

/** How long a sign-in may take at the vendor: ten minutes, as long as GitHub keeps its codes. */
export const STATE_LIFETIME_MS = 10 * 60_000;

/** What the form held when the sign-in started, to make the connection from once it returns. */
export interface OAuthForm {
  name?: string;
  projectIdentifier?: string;
  settings?: Record<string, unknown>;
  /** The form's credential fields that are not secret (a site URL, an organization): the vendor gives the token. */
  credentials?: Record<string, unknown>;
}

export interface OAuthState {
  userId: string;
  connectionType: string;
  codeVerifier: string | null;
  /** The connection being reconnected, or null for a new one. */
  connectionId: string | null;
  form: OAuthForm;
  expiresAt: Date;
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** Keeps a new sign-in and returns its state (the value for the authorize URL). Expired rows are swept on the way. */
export async function saveState(em: EntityManager, state: Omit<OAuthState, 'expiresAt'>): Promise<string> {
  const value = randomBytes(32).toString('base64url');
  const d = db(em);
  await d.deleteFrom('oauth_states').where('expires_at', '<', sql<Date>`now()`).execute();
  await d.insertInto('oauth_states').values({
    state_hash: hashOf(value), user_id: state.userId, connection_type: state.connectionType, code_verifier: state.codeVerifier,
    connection_id: state.connectionId, form: sql`${JSON.stringify(state.form)}::jsonb`, expires_at: new Date(Date.now() + STATE_LIFETIME_MS),
  }).execute();
  return value;
}

/**
 * Takes the user's sign-in for this state: one statement deletes the row and returns it, so of callbacks racing with
 * one state one gets it. 'elsewhere' when the state is another user's (left in place for its user), 'unknown' when
 * none holds it (never issued, used, or swept after expiring).
 */
export async function takeState(em: EntityManager, userId: string, state: string): Promise<OAuthState | 'elsewhere' | 'unknown'> {
  const d = db(em);
  const hash = hashOf(state);
  const [row] = await d.deleteFrom('oauth_states').where('state_hash', '=', hash).where('user_id', '=', userId)
    .returning(['user_id', 'connection_type', 'code_verifier', 'connection_id', 'form', 'expires_at']).execute();
  if (!row) {
    const [other] = await d.selectFrom('oauth_states').select(sql<number>`1`.as('found')).where('state_hash', '=', hash).execute();
    return other ? 'elsewhere' : 'unknown';
  }
  return {
    userId: row.user_id,
    connectionType: row.connection_type,
    codeVerifier: row.code_verifier,
    connectionId: row.connection_id,
    form: typeof row.form === 'string' ? (JSON.parse(row.form) as OAuthForm) : row.form,
    expiresAt: new Date(row.expires_at),
  };
}
