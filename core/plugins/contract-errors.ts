/**
 * A plugin's answer (or manifest) against the contract's schemas, in words for its author: every problem ajv found,
 * not the first; each with the path of the value (`transcript.messages[2].timestamp`); and what the contract expects
 * there, taken from the schema itself (its description, its types, the properties it allows). The validator must be
 * compiled with `verbose` so each error carries the schema and the value it is about.
 */
import type { ErrorObject } from 'ajv';

const SUMMARIES = new Set(['if', 'anyOf', 'oneOf', 'allOf', 'not']);

/** Problems listed in one message; the rest are counted. */
const SHOWN = 8;

interface FieldSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, FieldSchema>;
  format?: string;
}

/** Every problem, `; `-separated, each naming its path under `subject` (the path of the checked value in what was returned). */
export function describeContractErrors(all: readonly ErrorObject[], subject: string, root = 'the answer'): string {
  // 'must match "then" schema' and the like only sum up the errors that follow them.
  const specific = all.filter((error) => !SUMMARIES.has(error.keyword));
  const errors = specific.length ? specific : all;
  // Several properties missing from one object read as one problem, not one each.
  const missing = new Map<string, string[]>();
  for (const error of errors) {
    if (error.keyword === 'required') missing.set(error.instancePath, [...(missing.get(error.instancePath) ?? []), String(error.params['missingProperty'])]);
  }
  const lines = [...new Set(errors.flatMap((error) => {
    const names = error.keyword === 'required' ? missing.get(error.instancePath)! : [];
    if (names.length < 2) return [describeContractError(error, subject)];
    if (names[0] !== error.params['missingProperty']) return [];
    return [`${contractPath(subject, error.instancePath, root)} is missing ${names.join(', ')} (the contract requires each)`];
  }))];
  const more = lines.length - SHOWN;
  return `${lines.slice(0, SHOWN).join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/**
 * `/messages/0/speaker` under `transcript` reads `transcript.messages[0].speaker`; under '' (the value a call
 * returned) `messages[0].speaker`, and the value itself is 'the answer'.
 */
export function contractPath(subject: string, instancePath: string, root = 'the answer'): string {
  const parts = instancePath.split('/').slice(1).map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  const path = parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), subject);
  return path || root;
}

/** One problem in the contract's words. */
export function describeContractError(error: ErrorObject, subject: string, root?: string): string {
  const where = contractPath(subject, error.instancePath, root);
  const field = (error.parentSchema ?? {}) as FieldSchema;
  const described = field.description?.replace(/\.$/, '');
  const about = described ? ` (${described})` : '';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const missing = String(params['missingProperty']);
      const wanted = field.properties?.[missing];
      const what = wanted?.description?.replace(/\.$/, '') ?? (wanted?.type ? typeWords(wanted.type) : undefined);
      return `${where}.${missing} is missing${what ? ` (${what})` : ''}`;
    }
    case 'additionalProperties': {
      const allowed = Object.keys(field.properties ?? {});
      return `${where} has a property '${String(params['additionalProperty'])}' the contract does not define${allowed.length ? ` (it allows ${allowed.join(', ')})` : ''}`;
    }
    case 'type':
      return `${where} must be ${typeWords(field.type ?? String(params['type']))}, not ${kindOf(error.data)}${about}`;
    case 'const':
      return `${where} must be ${JSON.stringify(params['allowedValue'])}, not ${shown(error.data)}${about}`;
    case 'enum':
      return `${where} must be one of ${((params['allowedValues'] as unknown[]) ?? []).map((value) => JSON.stringify(value)).join(', ')}, not ${shown(error.data)}`;
    case 'pattern':
      return `${where} ${shown(error.data)} is not in the expected form${about || ` (${String(params['pattern'])})`}`;
    case 'format':
      return `${where} must be a ${String(params['format'])}${params['format'] === 'date-time' ? ' such as 2026-03-02T10:00:00Z' : ''}, not ${shown(error.data)}`;
    case 'minLength':
      return params['limit'] === 1 ? `${where} must not be empty` : `${where} must be at least ${String(params['limit'])} characters long`;
    case 'maxLength':
      return `${where} must be at most ${String(params['limit'])} characters long`;
    default:
      return `${where} ${error.message ?? 'is invalid'}${error.data !== undefined && typeof error.data !== 'object' ? `, not ${shown(error.data)}` : ''}`;
  }
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string', number: 'a number', integer: 'a whole number', boolean: 'true or false', array: 'an array', object: 'an object', null: 'null',
};

function typeWords(type: string | string[]): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((name) => TYPE_WORDS[name] ?? name).join(' or ');
}

/** What a value is, without its content (a transcript's words or a credential never reach a message). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value === 'number' ? 'the number' : ''} ${String(value)}`.trim();
  return typeWords(typeof value);
}

/** Numbers, booleans, null and short strings as they are; anything else by its kind. */
function shown(value: unknown): string {
  if (typeof value === 'string' && value.length <= 40) return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return kindOf(value);
}

/** What a plugin returned instead of the object its contract asks for, in a few words (never its content). */
export function returnedWords(value: unknown): string {
  if (value === undefined) return 'nothing (undefined)';
  if (typeof value !== 'object' || value === null) return kindOf(value);
  if (Array.isArray(value)) return 'an array';
  const keys = Object.keys(value);
  return keys.length ? `an object with ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', ...' : ''}` : 'an empty object';
}
