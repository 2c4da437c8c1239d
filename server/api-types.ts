// Writes web/src/api/openapi.ts: the web app's types of every API path, generated from the same route
// declarations and JSON schemas that the server validates with. `npm run api:types` runs it; a test fails when
// the committed file is out of date.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client, Connection } from '@temporalio/client';
import openapiTS, { astToString } from 'openapi-typescript';
import { apiRoutes, openapiDocument } from '../api/app.ts';
import { loadConfig } from '../core/config.ts';
import type { Orm } from '../core/db/orm.ts';
import type { BoundExtractor, PluginHost } from '../core/plugins/host.ts';
import { composeServices } from './services.ts';

export const API_TYPES_FILE = join(import.meta.dirname, '..', 'web', 'src', 'api', 'openapi.ts');

/** The OpenAPI document of a development server, built from the declarations alone: no route runs. */
export function describeApi(): object {
  const unused = new Proxy({}, { get: () => { throw new Error('Describing the API runs no route.'); } });
  const config = loadConfig({});
  const { api } = apiRoutes({
    config,
    orm: unused as Orm,
    temporal: unused as Connection,
    workflows: unused as Client,
    emails: { dispatch: async () => {} },
    services: composeServices({ config, plugins: unused as PluginHost, extractor: unused as BoundExtractor, credentialsKey: randomBytes(32) }),
  });
  return openapiDocument(api);
}

export async function renderApiTypes(): Promise<string> {
  const ast = await openapiTS(JSON.stringify(describeApi()), { exportType: true, alphabetize: true });
  return `// Generated from the API's OpenAPI document by \`npm run api:types\`. Do not edit.\n\n${astToString(ast)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(API_TYPES_FILE, await renderApiTypes());
  console.log(`Wrote ${API_TYPES_FILE}`);
}
