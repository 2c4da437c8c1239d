import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../db/sql.ts';

/**
 * Locks the user's row until the transaction `tx` ends: what counts against the user's month (uploads, bots sent,
 * credit reservations and usage, resets) is checked and written under it, so requests racing each other cannot pass
 * a limit together. The one place this lock is taken.
 */
export async function lockUserRow(tx: EntityManager, userId: string): Promise<void> {
  await db(tx).selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
