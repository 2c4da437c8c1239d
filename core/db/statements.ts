import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

interface Statement {
  /** The SQL with PostgreSQL's numbered placeholders ($1, $2, …). */
  text: string;
  /** The name it is prepared under, one per text. */
  name: string;
}

const statements = new Map<string, Statement>();

/** `?` placeholders as numbered ones, and a name for the text; the SQL must hold no other question mark. */
function statement(sql: string): Statement {
  let found = statements.get(sql);
  if (!found) {
    let n = 0;
    const text = sql.replace(/\?/g, () => `$${++n}`);
    found = { text, name: `s${createHash('sha256').update(text).digest('base64url').slice(0, 22)}` };
    // The texts are the code's own (filters change the text, never the values), so the cache stays small.
    if (statements.size < 500) statements.set(sql, found);
  }
  return found;
}

/**
 * Runs a read outside any transaction on the ORM's connection pool as a prepared statement: its values are sent
 * apart from the text, and PostgreSQL parses and plans it once per connection instead of on every call (the pool
 * asks for generic plans: core/db/orm.ts). For the reads every page or poll makes (the session, the ticket list,
 * the status poll). A text that holds a value of its own (`oneOff`: a search's pattern, whose plan depends on it)
 * is planned for that value and not kept. Rows come back with the ORM's type parsers.
 */
export async function readRows<R>(em: EntityManager, sql: string, values: unknown[], options: { oneOff?: boolean } = {}): Promise<R[]> {
  const pool = await em.getConnection().getNativeClient();
  if (options.oneOff) {
    let n = 0;
    return (await pool.query({ text: sql.replace(/\?/g, () => `$${++n}`), values })).rows as R[];
  }
  const { text, name } = statement(sql);
  return (await pool.query({ text, name, values })).rows as R[];
}

/**
 * A string as an SQL literal, for the values a statement's text holds (readRows' `oneOff`): quotes and backslashes
 * escaped, and no question mark (it would be taken for a placeholder), written \x3f instead.
 */
export function sqlLiteral(text: string): string {
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/\?/g, '\\x3f')}'`;
}
