import { randomUUID } from 'node:crypto';
import type pg from 'pg';

export interface SignedInUser {
  email: string;
  userId: string;
  token: string;
  /** The user's personal workspace: where their requests act unless they name another. */
  workspaceId: string;
}

const json = { 'content-type': 'application/json' };

/**
 * Signs up through the API, marks the address verified in the database (the e-mail journey has tests of its
 * own) and logs in, returning the session token.
 */
export async function signUpVerified(
  base: string,
  db: pg.Client,
  options: { email?: string; password?: string; fullName?: string } = {},
): Promise<SignedInUser> {
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? 'secret';
  await fetch(`${base}/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ email, password, fullName: options.fullName ?? 'Ada' }) });
  const { rows } = await db.query('update users set email_verified_at = now() where email = $1 returning id', [email]);
  const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  const { token } = (await login.json()) as { token: string };
  const workspace = await db.query('select id from workspaces where owner_id = $1 and personal', [rows[0].id]);
  return { email, userId: rows[0].id as string, token, workspaceId: workspace.rows[0]?.id as string };
}

/** A team workspace of `owner`'s named `name`, made in the database, with `members` in it at their roles. */
export async function teamWorkspace(
  db: pg.Client, owner: SignedInUser, members: { user: SignedInUser; role: 'admin' | 'member' }[], name = 'Acme',
): Promise<string> {
  const { rows: [workspace] } = await db.query<{ id: string }>(
    `insert into workspaces (id, name, personal, owner_id, created_at, updated_at) values (gen_random_uuid(), $1, false, $2, now(), now()) returning id`,
    [name, owner.userId],
  );
  const id = workspace!.id;
  for (const { user, role } of [{ user: owner, role: 'owner' }, ...members]) {
    await db.query(`insert into workspace_members (id, workspace_id, user_id, role, created_at) values (gen_random_uuid(), $1, $2, $3, now())`, [id, user.userId, role]);
  }
  return id;
}
