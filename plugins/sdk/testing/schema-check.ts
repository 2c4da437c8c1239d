/**
 * The contract's answers checked against the contract's own JSON Schemas (this package's `schemas/`), without a
 * validator library: the SDK depends on nothing, so the kits read the few keywords those schemas use (type,
 * required, properties, additionalProperties, items, enum, const, lengths, bounds, pattern, if/then and $ref
 * between them). A keyword outside that set is refused here rather than skipped, so a schema that grows one
 * cannot be checked less strictly than the host checks it (the host validates with Ajv, draft 2020-12).
 */
import botEvent from '../schemas/bot-event.schema.json' with { type: 'json' };
import botState from '../schemas/bot-state.schema.json' with { type: 'json' };
import extraction from '../schemas/extraction.schema.json' with { type: 'json' };
import trackerItem from '../schemas/tracker-item.schema.json' with { type: 'json' };
import transcript from '../schemas/transcript.schema.json' with { type: 'json' };

type Schema = { [keyword: string]: unknown } | boolean;

const BY_ID = new Map<string, Schema>([botEvent, botState, extraction, trackerItem, transcript].map((schema) => [schema.$id, schema as Schema]));

export const SCHEMAS = { botEvent, botState, extraction, trackerItem, transcript } as const;

const KNOWN = new Set([
  '$schema', '$id', 'title', 'description', 'type', 'required', 'properties', 'additionalProperties', 'items', 'enum', 'const',
  'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'pattern', 'format', 'if', 'then', '$ref',
]);

/** RFC 3339's date-time, which JSON Schema's format names. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

const TYPE_WORDS: Record<string, string> = {
  string: 'a string', number: 'a number', integer: 'a whole number', boolean: 'true or false', array: 'an array', object: 'an object', null: 'null',
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeOf(value) === type;
}

/** `transcript` + `messages`, `0` reads `transcript.messages[0]`. */
const child = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** Every way `value` breaks `schema`, each naming its path under `path` (the value itself is `path`, or 'the answer'). */
export function schemaProblems(schema: Schema, value: unknown, path = ''): string[] {
  if (schema === true) return [];
  const where = path || 'the answer';
  if (schema === false) return [`${where} is not allowed`];
  const unknown = Object.keys(schema).filter((keyword) => !KNOWN.has(keyword));
  if (unknown.length) throw new Error(`The SDK's schema check does not read ${unknown.join(', ')}; check this answer through the host's kit instead`);
  if (typeof schema['$ref'] === 'string') return schemaProblems(BY_ID.get(schema['$ref']) ?? false, value, path);
  const problems: string[] = [];
  const types = schema['type'] === undefined ? [] : ([] as string[]).concat(schema['type'] as string | string[]);
  if (types.length && !types.some((type) => hasType(value, type))) {
    return [`${where} must be ${types.map((type) => TYPE_WORDS[type] ?? type).join(' or ')}, not ${TYPE_WORDS[typeOf(value)] ?? typeOf(value)}`];
  }
  if ('const' in schema && JSON.stringify(schema['const']) !== JSON.stringify(value)) problems.push(`${where} must be ${JSON.stringify(schema['const'])}`);
  const allowed = schema['enum'] as unknown[] | undefined;
  if (allowed && !allowed.some((option) => JSON.stringify(option) === JSON.stringify(value))) {
    problems.push(`${where} must be one of ${allowed.map((option) => JSON.stringify(option)).join(', ')}, not ${JSON.stringify(value)}`);
  }
  if (typeof value === 'string') {
    const min = schema['minLength'] as number | undefined;
    const max = schema['maxLength'] as number | undefined;
    if (min !== undefined && [...value].length < min) problems.push(min === 1 ? `${where} must not be empty` : `${where} must be at least ${min} characters long`);
    if (max !== undefined && [...value].length > max) problems.push(`${where} must be at most ${max} characters long`);
    if (typeof schema['pattern'] === 'string' && !new RegExp(schema['pattern'], 'u').test(value)) problems.push(`${where} ${JSON.stringify(value.slice(0, 40))} is not in the expected form`);
    if (schema['format'] === 'uri' && !URL.canParse(value)) problems.push(`${where} must be an absolute URL`);
    if (schema['format'] === 'date-time' && !(DATE_TIME.test(value) && Number.isFinite(Date.parse(value)))) problems.push(`${where} must be a date-time such as 2026-03-02T10:00:00Z, not ${JSON.stringify(value.slice(0, 40))}`);
  }
  if (typeof value === 'number') {
    if (typeof schema['minimum'] === 'number' && value < schema['minimum']) problems.push(`${where} must be ${schema['minimum']} or more, not ${value}`);
    if (typeof schema['maximum'] === 'number' && value > schema['maximum']) problems.push(`${where} must be ${schema['maximum']} or less, not ${value}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema['minItems'] === 'number' && value.length < schema['minItems']) problems.push(`${where} must have at least ${schema['minItems']} items`);
    if (typeof schema['maxItems'] === 'number' && value.length > schema['maxItems']) problems.push(`${where} must have at most ${schema['maxItems']} items`);
    if (schema['items'] !== undefined) value.forEach((item, index) => problems.push(...schemaProblems(schema['items'] as Schema, item, child(path, index))));
  }
  if (typeOf(value) === 'object') {
    const record = value as Record<string, unknown>;
    const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
    const missing = ((schema['required'] ?? []) as string[]).filter((name) => !(name in record));
    if (missing.length) problems.push(`${where} is missing ${missing.join(', ')}`);
    for (const [name, item] of Object.entries(record)) {
      if (name in properties) problems.push(...schemaProblems(properties[name]!, item, child(path, name)));
      else if (schema['additionalProperties'] === false) problems.push(`${where} has a property '${name}' the contract does not define`);
    }
    if (schema['if'] !== undefined && schemaProblems(schema['if'] as Schema, value, path).length === 0 && schema['then'] !== undefined) {
      problems.push(...schemaProblems(schema['then'] as Schema, value, path));
    }
  }
  return problems;
}
