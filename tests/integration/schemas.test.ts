import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { createAjv, loadSchemaFiles, schemaId } from '../../core/schema/registry.ts';
import { CONTRACT_TYPES_FILE, renderContractTypes, renderSchemaTypes, TYPES_FILE } from '../../core/schema/generate-types.ts';
import { ROOT } from '../support/process.ts';

describe('schemas/', () => {
  it('every schema compiles in strict mode and has an $id matching its path', () => {
    const ajv = createAjv();
    for (const [path, schema] of loadSchemaFiles()) {
      expect(schema.$id).toBe(schemaId(path));
      // Instances add the files unchecked (createAjv): each is checked against the meta-schema here.
      expect(ajv.validateSchema(schema), `${path}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
      expect(ajv.getSchema(schemaId(path))).toBeTypeOf('function');
    }
  });

  it('every answer of the API names its fields in camelCase, so the web app reads them as they come', () => {
    const names = (schema: unknown): string[] => {
      if (Array.isArray(schema)) return schema.flatMap(names);
      if (!schema || typeof schema !== 'object') return [];
      const { properties, ...rest } = schema as { properties?: Record<string, unknown> };
      return [...Object.keys(properties ?? {}), ...Object.values(properties ?? {}).flatMap(names), ...Object.values(rest).flatMap(names)];
    };
    const answers = [...loadSchemaFiles()].filter(([path]) => path.startsWith('api/') && !/\.(request|query)\.schema\.json$/.test(path));
    expect(answers.length).toBeGreaterThan(20);
    const snake = answers.flatMap(([path, schema]) => names(schema).filter((name) => name.includes('_')).map((name) => `${path}: ${name}`));
    expect(snake).toEqual([]);
  });

  it('a ticket is created and changed with the same fields (one schema both requests refer to)', () => {
    const files = loadSchemaFiles();
    const fields = schemaId('api/tickets/fields.request.schema.json');
    expect(files.get('api/tickets/create.request.schema.json')?.$ref).toBe(fields);
    expect(files.get('api/tickets/update.request.schema.json')?.$ref).toBe(fields);
  });

  it('schemas/types.ts is up to date (run `npm run schemas:types`)', async () => {
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(await renderSchemaTypes());
  });

  it('the plugin SDK ships its own contract types, up to date (run `npm run schemas:types`)', async () => {
    expect(readFileSync(CONTRACT_TYPES_FILE, 'utf8')).toBe(await renderContractTypes());
    expect(readFileSync(`${ROOT}/plugins/sdk/index.ts`, 'utf8')).not.toMatch(/from '\.\.\/\.\.\//);
  });
});

describe('layer rule', () => {
  const lint = async (file: string, source: string) => {
    const [result] = await new ESLint({ cwd: ROOT }).lintText(source, { filePath: `${ROOT}/${file}` });
    return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
  };

  it.each([
    ['core/transcripts/x.ts', "import '../../api/app.ts';"],
    ['core/transcripts/x.ts', "import '../../plugins/parsers/index.ts';"],
    ['core/transcripts/x.ts', "import '../../server/main.ts';"],
    ['plugins/parsers/x/index.ts', "import '../../../core/errors.ts';"],
    ['plugins/sdk/x.ts', "import '../../schemas/types.ts';"],
    ['api/routes/x.ts', "import '../../workflows/activities.ts';"],
    ['workflows/x.ts', "import '../api/app.ts';"],
    ['web/src/x.ts', "import '../../core/errors.ts';"],
    // Inside core: entities at the bottom, then db/, then the domains one way.
    ['core/db/x.ts', "import '../users/accounts.ts';"],
    ['core/users/x.entity.ts', "import '../db/orm.ts';"],
    ['core/tickets/x.ts', "import '../transcripts/ingest.ts';"],
    ['core/plugins/x.ts', "import '../transcripts/upload.ts';"],
    ['core/oauth/x.ts', "import '../connections/credentials.ts';"],
    ['core/users/x.ts', "import '../plugins/host.ts';"],
    ['core/x.ts', "import './users/accounts.ts';"],
  ])('refuses a wrong-way import in %s: %s', async (file, source) => {
    expect(await lint(file, source)).toEqual([expect.stringMatching(/imported in restricted zone\. Layers point one way: /)]);
  });

  it.each([
    ['core/transcripts/x.ts', "import '../../plugins/sdk/index.ts';"],
    ['api/routes/x.ts', "import '../../workflows/client.ts';"],
    ['server/x.ts', "import '../api/app.ts';\nimport '../plugins/parsers/index.ts';"],
    ['web/src/x.ts', "import '../../schemas/upload-limits.json';"],
    ['core/db/x.ts', "import '../users/user.entity.ts';\nimport '../tickets/ticket.entity.ts';\nimport '../errors.ts';"],
    ['core/users/x.entity.ts', "import '../transcripts/transcript.entity.ts';"],
    ['core/transcripts/x.ts', "import '../tickets/merge.ts';\nimport '../plugins/host.ts';\nimport '../db/orm.ts';"],
    ['core/push/x.ts', "import '../connections/connections.ts';\nimport '../tickets/tickets.ts';"],
  ])('allows %s: %s', async (file, source) => {
    expect(await lint(file, source)).toEqual([]);
  });
});

describe('workflow sandbox rule', () => {
  it('refuses side-effecting imports in workflow definitions', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const [result] = await eslint.lintText(
      "import pg from 'pg';\nimport { sleep } from '@temporalio/workflow';\nimport type { Orm } from '../core/db/orm.ts';\nexport async function w(): Promise<void> { await sleep(1); void pg; }\nexport type O = Orm;\n",
      { filePath: `${ROOT}/workflows/workflows.ts` },
    );
    const messages = result!.messages.filter((m) => m.ruleId === 'no-restricted-imports');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain('Workflow code may import only @temporalio/workflow');
  });
});
