/**
 * Text matching and ordering as people expect it, whatever locale the database was made with. The embedded
 * PostgreSQL is made with the C locale, whose lower() and ILIKE fold only A-Z: "CAFÉ" would not find "café", nor
 * "ЖУК" find "жук". Folding goes through PostgreSQL's builtin C.UTF-8 collation (Unicode's case mapping, PostgreSQL
 * 17 and later), ordering through ICU's root collation (a and A together, É beside E).
 * https://www.postgresql.org/docs/current/collation.html#COLLATION-MANAGING-STANDARD
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** A LIKE pattern that matches `text` anywhere, with the pattern's own wildcards in `text` escaped. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `value` lowered by Unicode's case mapping, in the database's own collation again: a pattern left in C.UTF-8's
 * would not match the collation of the columns' indexes, and the trigram index would go unused.
 */
export function folded(value: Expression<string>): RawBuilder<string> {
  return sql<string>`(lower(${value} collate "pg_c_utf8") collate "default")`;
}

/**
 * `value` lowered as `folded` does, for a value sent as a parameter. Lowered in a subquery of its own, which
 * PostgreSQL runs once per statement: in a plan made for any value, `lower($1)` as such is computed again for every
 * row a scan tests, and a search that tests a few hundred rows spent half its time lowering its own text.
 */
export function foldedValue(value: string | Expression<string>): RawBuilder<string> {
  return sql<string>`(select ${folded(sql<string>`${value}::text`)})`;
}

/** Whether `value` contains `text` anywhere, ignoring case; `text`'s own %, _ and \ are taken literally. */
export function containsText(value: Expression<string>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${folded(value)} like ${foldedValue(containing(text))}`;
}

/** `value` to order by as a list for people: alphabetical, ignoring case first. */
export function alphabetical(value: Expression<string>): RawBuilder<string> {
  return sql<string>`${value} collate "und-x-icu"`;
}
