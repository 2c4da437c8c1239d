import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../db/sql.ts';
import { NotFound } from '../errors.ts';
import { WORKSPACE_NOT_FOUND } from '../workspaces/workspace.entity.ts';

/**
 * Locks the workspace's plan until the transaction `tx` ends: what counts against the workspace's month (uploads,
 * bots sent, credit reservations and usage, resets) is checked and written under it, so requests racing each other
 * (one member's or several) cannot pass a limit together. The one place this lock is taken. It is the workspace row's
 * `for no key update` lock: rows made in the workspace meanwhile (tickets, usage) are not held up by it, and a change
 * of the row itself (its plan, its owner) waits for it, as it waits for the change. NotFound when the workspace is
 * gone (deleted while this waited: a deletion takes the row's lock too, so nothing is written into a deleted workspace).
 */
export async function lockPlan(tx: EntityManager, workspaceId: string): Promise<void> {
  const locked = await db(tx).selectFrom('workspaces').select('id').where('id', '=', workspaceId).forNoKeyUpdate().execute();
  if (!locked.length) throw new NotFound(WORKSPACE_NOT_FOUND);
}
