// The two ways core/db/sql.ts runs a read: prepared and planned once per connection (readPrepared, the ORM's pool),
// or planned for its values (readCustomPlanned, the text searches, on connections of their own that end with the ORM).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectAndMigrate } from '../../core/db/migrate.ts';
import type { Orm } from '../../core/db/orm.ts';
import { db, readCustomPlanned, readPrepared, sql } from '../../core/db/sql.ts';
import { createLogger } from '../../core/logger.ts';

const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
let orm: Orm;

beforeAll(async () => {
  orm = await connectAndMigrate({ databaseUrl: inject('databaseUrl'), logger });
});
afterAll(() => orm?.close());

const planMode = (orm: Orm) => db(orm.em).selectNoFrom(sql<string>`current_setting('plan_cache_mode')`.as('mode'));
const backend = (orm: Orm) => db(orm.em).selectNoFrom(sql<number>`pg_backend_pid()`.as('pid'));

describe('reads planned for their values', () => {
  it('run with custom plans, while the prepared reads keep their generic plans', async () => {
    const em = orm.em.fork();
    expect(await readCustomPlanned(em, planMode(orm))).toEqual([{ mode: 'force_custom_plan' }]);
    expect(await readPrepared(em, planMode(orm))).toEqual([{ mode: 'force_generic_plan' }]);
  });

  it('send values as parameters and read rows with the ORM\'s type parsers', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const pattern = "it's 100% \\ $1 ?";
    const query = db(orm.em).selectNoFrom([sql<Date>`${at}::timestamptz`.as('at'), sql<string>`${pattern}::text`.as('text'), sql<number>`2::int`.as('n')]);
    const [row] = await readCustomPlanned(orm.em.fork(), query);
    expect(row).toEqual(await readPrepared(orm.em.fork(), query).then(([prepared]) => prepared));
    expect({ ...row, at: new Date(row!.at) }).toEqual({ at, text: pattern, n: 2 });
  });

  it('keep their prepared statement per connection across values, and answer each value', async () => {
    const query = (n: number) => db(orm.em).selectNoFrom(sql<number>`${n}::int * 2`.as('twice'));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => readCustomPlanned(orm.em.fork(), query(n))));
    expect(answers.map(([row]) => row!.twice)).toEqual(Array.from({ length: 20 }, (_, n) => n * 2));
  });

  it('end their connections when the ORM closes', async () => {
    const other = await connectAndMigrate({ databaseUrl: inject('databaseUrl'), logger });
    const [{ pid }] = (await readCustomPlanned(other.em.fork(), backend(other))) as [{ pid: number }];
    const watcher = new pg.Client({ connectionString: inject('databaseUrl') });
    await watcher.connect();
    try {
      const alive = async () => (await watcher.query('select count(*)::int as n from pg_stat_activity where pid = $1', [pid])).rows[0].n as number;
      expect(await alive()).toBe(1);
      await other.close();
      // The server notices the goodbye at once; a connection left idle in the pool would stay for its idle timeout.
      for (let waited = 0; waited < 2_000 && (await alive()); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await alive()).toBe(0);
    } finally {
      await watcher.end();
    }
  });
});
