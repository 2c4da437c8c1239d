// Writes schemas/types.ts: the TypeScript types of every schema, derived from the JSON files so they are never
// written twice. `npm run schemas:types` runs it; a test fails when the committed file is out of date.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import { SCHEMAS_DIR, SCHEMA_ID_BASE, loadSchemaFiles } from './registry.ts';

export const TYPES_FILE = join(SCHEMAS_DIR, 'types.ts');

export async function renderSchemaTypes(): Promise<string> {
  const parts = ['// Generated from schemas/*.schema.json by `npm run schemas:types`. Do not edit.\n'];
  const schemas = loadSchemaFiles();
  const files = [...schemas.entries()].sort(([a], [b]) => a.localeCompare(b));
  // `$ref`s name other schema files by their `$id`; resolve them from schemas/ instead of the network.
  const local = {
    order: 1,
    canRead: (file: { url: string }) => file.url.startsWith(SCHEMA_ID_BASE),
    read: (file: { url: string }) => JSON.stringify(schemas.get(file.url.slice(SCHEMA_ID_BASE.length))),
  };
  for (const [path, schema] of files) {
    const name = schema.title ?? path;
    const body = await compile(schema as Parameters<typeof compile>[0], name, {
      bannerComment: '',
      cwd: SCHEMAS_DIR,
      declareExternallyReferenced: false,
      additionalProperties: false,
      format: true,
      $refOptions: { resolve: { http: false, file: false, tickscribe: local } } as NonNullable<Parameters<typeof compile>[2]>['$refOptions'],
    });
    parts.push(`// ${path}\n${body.trim()}\n`);
  }
  return parts.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(TYPES_FILE, await renderSchemaTypes());
  console.log(`Wrote ${TYPES_FILE}`);
}
