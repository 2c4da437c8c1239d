import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Locks the user's row until the transaction `tx` ends: what counts against the user's month (uploads, bots sent,
 * credit reservations and usage, resets) is checked and written under it, so requests racing each other cannot pass
 * a limit together.
 */
export async function lockUserRow(tx: EntityManager, userId: string): Promise<void> {
  await tx.getConnection().execute('select id from users where id = ? for update', [userId], 'all', tx.getTransactionContext());
}
