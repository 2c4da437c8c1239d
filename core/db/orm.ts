import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
import { MIGRATIONS } from '../../migrations/index.ts';
import type { Logger } from '../logger.ts';
import { ENTITIES } from './entities.ts';

export type Orm = MikroORM;

import { ORM_POOL_SIZE } from './pool-sizes.ts';

export { ORM_POOL_SIZE };

export interface OrmOptions {
  databaseUrl: string;
  logger: Logger;
  /** Connection pool size. Default ORM_POOL_SIZE. */
  poolSize?: number;
}

export function ormConfig(options: OrmOptions) {
  const log = options.logger.child({ component: 'orm' });
  return defineConfig({
    clientUrl: options.databaseUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    pool: { min: 0, max: options.poolSize ?? ORM_POOL_SIZE },
    // The reads every request makes run as prepared statements (core/db/sql.ts readPrepared). PostgreSQL would
    // re-plan them on every call, since a plan for an unknown LIMIT looks dearer than one for 10: their plans do not
    // depend on the values (the user's rows through the user's indexes), so they are planned once per connection. A
    // text search, whose best plan depends on its words, chooses between its plans as it runs (tickets.ts searchRead).
    driverOptions: { options: '-c plan_cache_mode=force_generic_plan' },
    migrations: { migrationsList: MIGRATIONS, snapshot: false, silent: true, transactional: true, allOrNothing: true },
    // The triggers that keep counts (transcripts.ticket_count) or put new rows in their user's workspace, and the
    // functions they call (personal_workspace_of), are written in SQL by their migrations: the schema comparison
    // leaves them alone instead of proposing to drop what no entity declares.
    schemaGenerator: { ignoreTriggers: true, ignoreRoutines: true },
    logger: (message) => log.debug(message),
    debug: false,
  });
}

/** Connects and brings the schema up to date with the migrations in migrations/. */
export async function createOrm(options: OrmOptions): Promise<Orm> {
  const orm = await MikroORM.init(ormConfig(options));
  const applied = await orm.migrator.up();
  if (applied.length) options.logger.info({ migrations: applied.map((m) => m.name) }, 'database migrated');
  return orm;
}
