/**
 * Sign-ins under way: one row per "Connect with …" click, found again by the `state` the vendor hands back. The state
 * is 32 random bytes of which only the SHA-256 is kept; a row is taken (deleted) by the one callback that presents it
 * with the same user's session, so a state works once, for its user, within STATE_LIFETIME_MS.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

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
  const connection = em.getConnection();
  await connection.execute('delete from oauth_states where expires_at < now()');
  await connection.execute(
    'insert into oauth_states (state_hash, user_id, connection_type, code_verifier, connection_id, form, expires_at) values (?, ?, ?, ?, ?, ?, ?)',
    [hashOf(value), state.userId, state.connectionType, state.codeVerifier, state.connectionId, JSON.stringify(state.form), new Date(Date.now() + STATE_LIFETIME_MS)],
  );
  return value;
}

interface StateRow {
  user_id: string;
  connection_type: string;
  code_verifier: string | null;
  connection_id: string | null;
  form: OAuthForm | string;
  expires_at: Date | string;
}

/**
 * Takes the user's sign-in for this state: one statement deletes the row and returns it, so of callbacks racing with
 * one state one gets it. 'elsewhere' when the state is another user's (left in place for its user), 'unknown' when
 * none holds it (never issued, used, or swept after expiring).
 */
export async function takeState(em: EntityManager, userId: string, state: string): Promise<OAuthState | 'elsewhere' | 'unknown'> {
  const connection = em.getConnection();
  const hash = hashOf(state);
  const [row] = await connection.execute<StateRow[]>(
    'delete from oauth_states where state_hash = ? and user_id = ? returning user_id, connection_type, code_verifier, connection_id, form, expires_at',
    [hash, userId],
  );
  if (!row) {
    const [other] = await connection.execute<{ found: number }[]>('select 1 as found from oauth_states where state_hash = ?', [hash]);
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
