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
 * apart from the text (never written into it), and PostgreSQL parses it once per connection instead of on every
 * call. For the reads every page or poll makes (the ticket list, the status poll). Rows come back with the ORM's
 * type parsers.
 */
export async function readRows<R>(em: EntityManager, sql: string, values: unknown[]): Promise<R[]> {
  const { text, name } = statement(sql);
  const pool = await em.getConnection().getNativeClient();
  const result = await pool.query({ text, name, values });
  return result.rows as R[];
}
