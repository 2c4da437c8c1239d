import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));
export const SCHEMA_ID_BASE = 'https://tickscribe.dev/schemas/';

export interface JsonSchema {
  $id?: string;
  title?: string;
  description?: string;
  [keyword: string]: unknown;
}

/** Every `*.schema.json` under schemas/, keyed by its path relative to that folder. */
export function loadSchemaFiles(dir = SCHEMAS_DIR): Map<string, JsonSchema> {
  const files = new Map<string, JsonSchema>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.schema.json')) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path).split('\\').join('/'), JSON.parse(readFileSync(path, 'utf8')) as JsonSchema);
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
}

/** An Ajv instance that knows every schema under schemas/ by its `$id`. */
export function createAjv(options: AjvOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    coerceTypes: options.coerceTypes ?? false,
    useDefaults: options.useDefaults ?? false,
  });
  addFormats(ajv);
  for (const schema of loadSchemaFiles().values()) ajv.addSchema(schema);
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

/** One readable sentence for the first validation error, naming the field. */
export function describeError(error: ErrorObject, root = 'body'): string {
  const field = error.instancePath ? error.instancePath.slice(1).split('/').join('.') : root;
  switch (error.keyword) {
    case 'required':
      return `${field === root ? '' : field + '.'}${String(error.params['missingProperty'])} is required`;
    case 'additionalProperties':
      return `${field} has an unknown property '${String(error.params['additionalProperty'])}'`;
    case 'enum':
      return `${field} must be one of: ${(error.params['allowedValues'] as unknown[]).join(', ')}`;
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}
