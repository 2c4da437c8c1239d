// Writes the TypeScript types of every schema, derived from the JSON files so they are never written twice:
// schemas/types.ts for the API and configuration schemas, plugins/sdk/types.ts for the plugin contract's schemas
// (so the SDK ships its own types). `npm run schemas:types` runs it; tests fail when a committed file is stale.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import { CONTRACT_SCHEMAS_DIR, SCHEMAS_DIR, SCHEMA_ID_BASE, loadSchemaFiles, type JsonSchema } from './registry.ts';

export const TYPES_FILE = join(SCHEMAS_DIR, 'types.ts');
export const CONTRACT_TYPES_FILE = join(CONTRACT_SCHEMAS_DIR, '..', 'types.ts');

/**
 * The type a schema stands for when it only names another schema file (a `$ref` beside its title and description,
 * as the ticket create and update requests share their fields): that file's type, by name, not a copy of it.
 */
function aliasOf(schema: JsonSchema, all: Map<string, JsonSchema>): string | undefined {
  const { $schema: _schema, $id: _id, title: _title, description: _description, $ref, ...rest } = schema;
  if (typeof $ref !== 'string' || !$ref.startsWith(SCHEMA_ID_BASE) || Object.keys(rest).length) return undefined;
  return all.get($ref.slice(SCHEMA_ID_BASE.length))?.title;
}

/**
 * The import of the plugin contract's types that the API schemas name (an API answer may carry what a plugin
 * gave, e.g. a tracker's item preview), or nothing: those types are declared once, in plugins/sdk/types.ts.
 */
function contractImports(dir: string, files: [string, JsonSchema][]): string {
  if (dir === CONTRACT_SCHEMAS_DIR) return '';
  const contract = loadSchemaFiles([CONTRACT_SCHEMAS_DIR]);
  const named = new Set<string>();
  for (const [, schema] of files) {
    for (const [, file] of JSON.stringify(schema).matchAll(/"\$ref":"https:\/\/tickscribe\.dev\/schemas\/([^"/]+\.schema\.json)"/g)) {
      const title = contract.get(file!)?.title;
      if (title) named.add(title);
    }
  }
  return named.size ? `import type { ${[...named].sort().join(', ')} } from '../plugins/sdk/types.ts';\n` : '';
}

async function renderTypes(dir: string, source: string): Promise<string> {
  const all = loadSchemaFiles();
  const files = [...loadSchemaFiles([dir]).entries()].sort(([a], [b]) => a.localeCompare(b));
  const parts = [`// Generated from ${source}*.schema.json by \`npm run schemas:types\`. Do not edit.\n${contractImports(dir, files)}`];
  // `$ref`s name other schema files by their `$id`; resolve them from the schema folders instead of the network.
  const local = {
    order: 1,
    canRead: (file: { url: string }) => file.url.startsWith(SCHEMA_ID_BASE),
    read: (file: { url: string }) => JSON.stringify(all.get(file.url.slice(SCHEMA_ID_BASE.length))),
  };
  for (const [path, schema] of files) {
    const name = schema.title ?? path;
    const alias = aliasOf(schema, all);
    if (alias) {
      parts.push(`// ${path}\n${schema.description ? `/**\n * ${schema.description}\n */\n` : ''}export type ${name} = ${alias};\n`);
      continue;
    }
    const body = await compile(schema as Parameters<typeof compile>[0], name, {
      bannerComment: '',
      cwd: dir,
      declareExternallyReferenced: false,
      additionalProperties: false,
      format: true,
      $refOptions: { resolve: { http: false, file: false, tickscribe: local } } as NonNullable<Parameters<typeof compile>[2]>['$refOptions'],
    });
    parts.push(`// ${path}\n${body.trim()}\n`);
  }
  return parts.join('\n');
}

export const renderSchemaTypes = (): Promise<string> => renderTypes(SCHEMAS_DIR, 'schemas/');
export const renderContractTypes = (): Promise<string> => renderTypes(CONTRACT_SCHEMAS_DIR, 'plugins/sdk/schemas/');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(TYPES_FILE, await renderSchemaTypes());
  writeFileSync(CONTRACT_TYPES_FILE, await renderContractTypes());
  console.log(`Wrote ${TYPES_FILE} and ${CONTRACT_TYPES_FILE}`);
}
