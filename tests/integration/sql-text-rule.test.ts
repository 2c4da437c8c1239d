import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process.ts';

/** The messages of the rule that refuses SQL text assembled from values (eslint.config.js), for `source` in `file`. */
async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: ROOT }).lintText(source, { filePath: `${ROOT}/${file}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const REFUSED = /^SQL text is never written outside core\/db/;

describe('no SQL text outside the data layer', () => {
  it.each([
    ['core/tickets/x.ts', 'export const f = (em: any, id: string) => em.getConnection().execute(`select * from tickets where id = \'${id}\'`);'],
    ['core/tickets/x.ts', 'export const f = (em: any, text: string) => em.execute("select * from tickets where title ilike \'" + text + "\'");'],
    ['api/routes/x.ts', 'export const f = (em: any, column: string) => em.getConnection().execute(`select ${column} from users`, []);'],
    ['core/users/x.ts', 'import { sql } from \'kysely\';\nexport const f = (name: string) => sql.raw(`select \'${name}\'`);'],
    ['core/users/x.ts', 'import { sql } from \'kysely\';\nexport const f = (name: string) => sql.raw("select " + name);'],
    ['server/x.ts', 'export const f = (pool: any, id: string) => pool.query(`delete from sessions where id = ${id}`);'],
    ['workflows/x.ts', 'export const f = (raw: (s: string) => unknown, id: string) => raw(`${id}`);'],
    ['core/users/x.ts', 'export const f = async (em: any) => (await em.getConnection().getNativeClient()).query(\'select 1\');'],
    ['plugins/trackers/x/index.ts', 'import { sql } from \'kysely\';\nexport const f = (name: string) => sql.lit(name);'],
    // SQL text without values is refused too: every query outside core/db goes through the typed builder.
    ['core/users/x.ts', 'export const f = (em: any, email: string) => em.getConnection().execute(\'select id from users where email = ?\', [email]);'],
    ['core/bots/x.ts', 'export const f = (connection: any, key: string) => connection.execute(\'delete from bot_webhook_events where dedupe_key = ?\', [key]);'],
    ['core/connections/x.ts', 'export const f = (tx: any, id: string) => tx.getConnection().execute(\n  `update connections set last_verification = null\n   where id = ?`, [id], \'run\');'],
    ['core/push/x.ts', 'export const f = (client: any, n: string) => client.query(\'select pg_advisory_lock($1::bigint)\', [n]);'],
    ['core/billing/x.ts', 'export const f = (query: (text: string) => unknown) => query(`\n  with ended as (update email_tokens set used_at = now()) select 1`);'],
    ['core/billing/x.ts', 'export const f = (execute: (text: string, values: unknown[]) => unknown, id: string) => execute(\'  ( select 1 from users where id = ? )\', [id]);'],
    ['api/routes/x.ts', 'export const f = (em: any) => em.getConnection().execute(\'SELECT 1\');'],
    ['core/oauth/x.ts', 'export const f = (em: any, text: string, values: unknown[]) => em.getConnection().execute(text, values);'],
    ['core/users/x.ts', 'import { sql } from \'kysely\';\nexport const f = () => sql.raw(\'select 1\');'],
    ['server/x.ts', 'import pg from \'pg\';\nexport const f = (url: string) => new pg.Pool({ connectionString: url });'],
  ])('refuses in %s: %s', async (file, source) => {
    const messages = await refusals(file, source);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toMatch(REFUSED);
  });

  it.each([
    ['core/tickets/x.ts', 'import { sql } from \'kysely\';\nexport const f = (id: string) => sql`select * from tickets where id = ${id}`;'],
    ['core/tickets/x.ts', 'export const f = (db: any, text: string) => db.selectFrom(\'tickets\').where(\'title\', \'ilike\', text).execute();'],
    ['core/db/x.ts', 'export const f = async (em: any, text: string, values: unknown[]) => (await em.getConnection().getNativeClient()).query(`${text}`, values);'],
    ['tests/x.test.ts', 'export const f = (db: any, table: string) => db.query(`select count(*) from ${table}`);'],
    ['core/db/x.ts', 'export const f = (client: any, n: string) => client.query(\'select pg_advisory_lock($1::bigint)\', [n]);'],
    ['core/db/x.ts', 'import pg from \'pg\';\nexport const f = (url: string) => new pg.Pool({ connectionString: url });'],
    // What is called query or execute and is no SQL: a Temporal workflow query, a route's query check, a builder's run.
    ['workflows/x.ts', 'export const f = (handle: any) => handle.query(\'pushProgress\');'],
    ['api/x.ts', 'export const f = (route: any, query: unknown) => route.query(query);'],
    ['core/users/x.ts', 'export const f = (db: any, email: string) => db.selectFrom(\'users\').select(\'id\').where(\'email\', \'=\', email).execute();'],
  ])('allows in %s: %s', async (file, source) => {
    expect(await refusals(file, source)).toEqual([]);
  });

});
