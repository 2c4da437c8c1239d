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
import type { QueryConfig } from 'pg';
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
 * (the pool asks for generic plans: core/db/orm.ts). Rows come back with the ORM's type parsers. `query` is a query,
 * or a statement made once per shape (StatementShapes).
 */
export async function readPrepared<R>(em: EntityManager, query: Compilable<R> | QueryConfig): Promise<R[]> {
  const pool = await em.getConnection().getNativeClient();
  return (await pool.query('compile' in query ? prepared(query) : query)).rows as R[];
}

/**
 * A query as a named prepared statement: the name is the statement text's hash, so a text is prepared once per
 * connection whatever its values; the texts are the code's own, so they are few.
 */
function prepared(query: Compilable<unknown>): QueryConfig {
  const { sql: text, parameters } = query.compile();
  return { text, name: statementName(text), values: [...parameters] };
}

const statementName = (text: string) => `k${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;

/** A statement's values while it is made (StatementShapes): each one a parameter. */
export type ShapeParameters<V> = { readonly [K in keyof V]: Expression<Exclude<V[K], undefined>> };

/** Marks a parameter slot while a statement is made; PostgreSQL refuses NUL in text, so no value can be one. */
const SLOT = '\u0000slot:';

/**
 * Statements whose text depends only on their shape (which filters a list has, whether a search has a trigram),
 * never on their values: each shape is built and compiled once, with a placeholder for each value, and later
 * requests of the shape only fill its values in. What every request reads (the session with its page) then
 * costs no query building: building and compiling the ticket search's statement took a fifth of the API's time.
 * `shape` must name everything the text depends on besides which values there are.
 */
export class StatementShapes {
  readonly #made = new Map<string, { text: string; name: string; slots: readonly ({ name: string } | { value: unknown })[] }>();

  statement<V extends Record<string, unknown>>(shape: string, values: V, make: (parameters: ShapeParameters<V>) => Compilable<unknown>): QueryConfig {
    const names = Object.keys(values);
    const key = `${shape}\u0000${names.join(',')}`;
    let made = this.#made.get(key);
    if (!made) {
      const parameters = Object.fromEntries(names.map((name) => [name, sql`${SLOT + name}`])) as unknown as ShapeParameters<V>;
      const { sql: text, parameters: compiled } = make(parameters).compile();
      const slots = compiled.map((value) => (typeof value === 'string' && value.startsWith(SLOT) ? { name: value.slice(SLOT.length) } : { value }));
      made = { text, name: statementName(text), slots };
      this.#made.set(key, made);
    }
    return { text: made.text, name: made.name, values: made.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.value)) };
  }
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
