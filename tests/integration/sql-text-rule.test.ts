import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process.ts';

/** The messages of the rule that refuses SQL text assembled from values (eslint.config.js), for `source` in `file`. */
async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: ROOT }).lintText(source, { filePath: `${ROOT}/${file}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const REFUSED = /^SQL text is never assembled from values/;

describe('no SQL text assembled from values outside the data layer', () => {
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
  ])('refuses in %s: %s', async (file, source) => {
    expect(await refusals(file, source)).toEqual([expect.stringMatching(REFUSED)]);
  });

  it.each([
    ['core/tickets/x.ts', 'export const f = (em: any, id: string) => em.getConnection().execute(\'select * from tickets where id = ?\', [id]);'],
    ['core/tickets/x.ts', 'import { sql } from \'kysely\';\nexport const f = (id: string) => sql`select * from tickets where id = ${id}`;'],
    ['core/tickets/x.ts', 'export const f = (db: any, text: string) => db.selectFrom(\'tickets\').where(\'title\', \'ilike\', text).execute();'],
    ['core/db/x.ts', 'export const f = async (em: any, text: string, values: unknown[]) => (await em.getConnection().getNativeClient()).query(`${text}`, values);'],
    ['tests/x.test.ts', 'export const f = (db: any, table: string) => db.query(`select count(*) from ${table}`);'],
  ])('allows in %s: %s', async (file, source) => {
    expect(await refusals(file, source)).toEqual([]);
  });

});
