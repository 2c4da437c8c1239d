/**
 * The data layer: every query the code makes beyond the ORM's own finds and flushes is built here with Kysely, the
 * query builder MikroORM 7 runs on (`em.getKysely()`), typed from the entities, so a renamed column breaks the
 * build and every value travels as a parameter, never as SQL text. Outside this folder no SQL text is written: lint
 * refuses SQL strings handed to `execute`, `query` or `raw`, the ORM connection's `execute`, the pg pool, and
 * Kysely's ways around parameters, `sql.raw` and `sql.lit` (eslint.config.js).
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferKyselyDB } from '@mikro-orm/sql';
import pg from 'pg';
import { sql, type AliasedSelectQueryBuilder, type Compilable, type Expression, type Kysely } from 'kysely';
import type { ENTITIES } from './entities.ts';

/** The tables, their columns and their types, as the entities declare them. */
export type Database = InferKyselyDB<(typeof ENTITIES)[number]>;

export type Db = Kysely<Database>;

export { sql };

/** The typed query builder on `em`: inside `em.transactional`, its queries run in that transaction. */
export function db(em: EntityManager): Db {
  return em.getKysely<Database>();
}

/**
 * Runs a read made on every request (the session with its page's read) as a prepared statement on the pool, outside
 * any transaction: its values are sent apart from the text, and PostgreSQL parses and plans it once per connection
 * (the pool asks for generic plans: core/db/orm.ts). Rows come back with the ORM's type parsers.
 */
export async function readPrepared<R>(em: EntityManager, query: Compilable<R>): Promise<R[]> {
  const pool = await em.getConnection().getNativeClient();
  return (await pool.query(prepared(query))).rows as R[];
}

/**
 * A query as a named prepared statement: the name is the statement text's hash, so a text is prepared once per
 * connection whatever its values; the texts are the code's own, so they are few.
 */
function prepared(query: Compilable<unknown>): pg.QueryConfig {
  const { sql: text, parameters } = query.compile();
  return { text, name: `k${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`, values: [...parameters] };
}

/** Connections a process opens at most for reads planned for their values (the text searches). */
export const CUSTOM_PLAN_POOL_SIZE = 5;

/** Each ORM pool's companion for reads planned for their values, made on the first such read. */
const customPlanPools = new WeakMap<pg.Pool, pg.Pool>();

/**
 * The pool of connections that plan every statement for its values (`plan_cache_mode = force_custom_plan`, set once
 * when each connects), beside the ORM's pool, whose connections ask for generic plans (core/db/orm.ts). It connects
 * as the ORM's pool does, with its type parsers, and ends with it (`orm.close()`).
 */
function customPlanPool(pool: pg.Pool): pg.Pool {
  const made = customPlanPools.get(pool);
  if (made) return made;
  const planned = new pg.Pool({
    // pg keeps the password out of the options' enumerable keys.
    ...pool.options, password: pool.options.password, min: 0, max: CUSTOM_PLAN_POOL_SIZE, allowExitOnIdle: true, options: '-c plan_cache_mode=force_custom_plan',
  });
  // A connection the server drops is replaced on the next read, which reports its own failure; it must not take the
  // process down (pg reports it as an 'error' event).
  planned.on('error', () => {});
  planned.on('connect', (client) => client.on('error', () => {}));
  const end = pool.end.bind(pool);
  pool.end = (async () => {
    await planned.end();
    return end();
  }) as typeof pool.end;
  customPlanPools.set(pool, planned);
  return planned;
}

/**
 * Runs a read planned for its values, so a text search's plan suits its pattern ("#4242" matches a few tickets,
 * "grace" a quarter of them), where the generic plan the ORM's pool asks for, made once for any pattern, can take a
 * thousand times longer. It runs on a small pool whose connections were told so when they connected
 * (customPlanPool): one round trip, no transaction, as a prepared statement named like readPrepared's, so its text is
 * parsed once per connection and planned on every call. The pattern is still a parameter.
 * https://www.postgresql.org/docs/current/runtime-config-query.html#GUC-PLAN-CACHE-MODE
 */
export async function readCustomPlanned<R>(em: EntityManager, query: Compilable<R>): Promise<R[]> {
  const pool = customPlanPool(await em.getConnection().getNativeClient());
  return (await pool.query(prepared(query))).rows as R[];
}

/**
 * A page of rows as one JSON array (text), PostgreSQL writing each row's `view` in the page's `order`: the way
 * every list is answered (tickets, transcripts), without reading rows into objects and serialising them again.
 * `page` is the page's query, ordered the same, limited and offset.
 */
export function pageJson(db: Db, page: AliasedSelectQueryBuilder<object, 'page'>, view: Expression<unknown>, order: Expression<unknown>) {
  return db.selectFrom(page).select(sql<string>`coalesce(json_agg(${view} order by ${order}), '[]')::text`.as('data'));
}

/** A timestamp as JSON answers write it: UTC with milliseconds, as Date's toISOString. */
export function isoTime(column: Expression<Date>) {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
