import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describeSchemaError } from '../../plugins/sdk/validation.ts';

export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));
/** The plugin contract's schemas (transcript, extraction, manifest) ship with the plugin SDK. */
export const CONTRACT_SCHEMAS_DIR = fileURLToPath(new URL('../../plugins/sdk/schemas/', import.meta.url));
export const SCHEMA_ID_BASE = 'https://tickscribe.dev/schemas/';

export interface JsonSchema {
  $id?: string;
  title?: string;
  description?: string;
  [keyword: string]: unknown;
}

/**
 * Every `*.schema.json` under the given folders (schemas/ and the SDK's contract schemas), keyed by its path
 * relative to its folder, which is also what its `$id` adds to SCHEMA_ID_BASE.
 */
export function loadSchemaFiles(dirs = [SCHEMAS_DIR, CONTRACT_SCHEMAS_DIR]): Map<string, JsonSchema> {
  const files = new Map<string, JsonSchema>();
  for (const dir of dirs) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.schema.json')) continue;
      const path = join(entry.parentPath, entry.name);
      files.set(relative(dir, path).split('\\').join('/'), JSON.parse(readFileSync(path, 'utf8')) as JsonSchema);
    }
  }
  return files;
}

// ajv-formats is published as CommonJS with a default export object; under Node ESM it arrives wrapped.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

export interface AjvOptions {
  /** Coerce strings to the declared types (for environment variables and query strings). Default false. */
  coerceTypes?: boolean;
  /** Fill in `default` values. Default false. */
  useDefaults?: boolean;
  /** Keep the schema and the value each error is about (for messages in the contract's words). Default false. */
  verbose?: boolean;
}

let schemaFiles: Map<string, JsonSchema> | undefined;

/**
 * An Ajv instance that knows every schema under schemas/ by its `$id`. The files are read once per process, and
 * each is checked against JSON Schema's meta-schema only when compiled (tests/integration/schemas.test.ts compiles
 * every one): checking them all for each instance was a tenth of a start.
 */
export function createAjv(options: AjvOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    coerceTypes: options.coerceTypes ?? false,
    useDefaults: options.useDefaults ?? false,
    verbose: options.verbose ?? false,
  });
  addFormats(ajv);
  for (const schema of (schemaFiles ??= loadSchemaFiles()).values()) ajv.addSchema(schema, undefined, undefined, false);
  return ajv;
}

export function schemaId(relativePath: string): string {
  return SCHEMA_ID_BASE + relativePath;
}

export function getValidator<T>(ajv: Ajv2020, relativePath: string): ValidateFunction<T> {
  const validate = ajv.getSchema<T>(schemaId(relativePath));
  if (!validate) throw new Error(`Schema ${relativePath} is not in schemas/`);
  return validate;
}

/** One readable sentence for a validation error, naming the field (the SDK's one formatter). */
export function describeError(error: ErrorObject, root = 'body'): string {
  return describeSchemaError(error, { subject: root });
}
