import pg from 'pg';
import type { Logger } from '../logger.ts';
import { createOrm, type Orm } from './orm.ts';

// Any constant shared by every Tickscribe process: it serialises migrations when several start at once.
const MIGRATION_LOCK_KEY = 0x7469636b;

/** Connects the ORM after applying pending migrations, holding an advisory lock so concurrent starts take turns. */
export async function connectAndMigrate(options: { databaseUrl: string; logger: Logger }): Promise<Orm> {
  const lock = new pg.Client({ connectionString: options.databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await createOrm(options);
  } finally {
    await lock.end();
  }
}
