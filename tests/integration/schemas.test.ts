import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { createAjv, loadSchemaFiles, schemaId } from '../../core/schema/registry.ts';
import { renderSchemaTypes, TYPES_FILE } from '../../core/schema/generate-types.ts';
import { ROOT } from '../support/process.ts';

describe('schemas/', () => {
  it('every schema compiles in strict mode and has an $id matching its path', () => {
    const ajv = createAjv();
    for (const [path, schema] of loadSchemaFiles()) {
      expect(schema.$id).toBe(schemaId(path));
      expect(ajv.getSchema(schemaId(path))).toBeTypeOf('function');
    }
  });

  it('schemas/types.ts is up to date (run `npm run schemas:types`)', async () => {
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(await renderSchemaTypes());
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
