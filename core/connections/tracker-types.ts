/**
 * The connection types are the loaded tracker plugins, whoever wrote them: what a connection needs is read from
 * the plugin's manifest (its credentials and configuration schemas), never from a list of known trackers.
 */
import type { JsonSchema, PluginManifest } from '../../plugins/sdk/index.ts';
import { InvalidInput } from '../errors.ts';
import type { PluginHost } from '../plugins/host.ts';

interface FieldSchema {
  title?: unknown;
  format?: unknown;
  pattern?: unknown;
  description?: unknown;
}

export const propertiesOf = (schema: JsonSchema | undefined) => (schema?.['properties'] ?? {}) as Record<string, FieldSchema>;

/** The manifests of the loaded tracker plugins, in load order. */
export function trackerManifests(plugins: PluginHost): PluginManifest[] {
  return plugins.list().filter(({ manifest }) => manifest.kind === 'tracker').map(({ manifest }) => manifest);
}

/** The tracker plugin of a connection type; InvalidInput naming the types there are when it is not loaded. */
export function trackerManifest(plugins: PluginHost, type: string): PluginManifest {
  const trackers = trackerManifests(plugins);
  const manifest = trackers.find((candidate) => candidate.id === type);
  if (manifest) return manifest;
  throw new InvalidInput(
    trackers.length
      ? `The connection type is not one this server offers. Available types: ${trackers.map((tracker) => tracker.id).join(', ')}.`
      : 'No connection types are available: this server has no tracker plugin loaded.',
  );
}

/** The credential fields the plugin declares. */
export const credentialFields = (manifest: PluginManifest): string[] => Object.keys(propertiesOf(manifest.credentialsSchema));

/** The fields of a schema that hold a URL (`format: "uri"`), which must be checked before anything is sent there. */
export const urlFields = (schema: JsonSchema | undefined): string[] =>
  Object.entries(propertiesOf(schema)).filter(([, field]) => field.format === 'uri' || field.format === 'url').map(([name]) => name);

export const requiredFields = (schema: JsonSchema | undefined): string[] =>
  Array.isArray(schema?.['required']) ? (schema['required'] as unknown[]).filter((name): name is string => typeof name === 'string') : [];

/** Abbreviations written in capitals when a field name is put in words. */
const ABBREVIATIONS = new Set(['api', 'id', 'pat', 'uri', 'url']);

/** How a field is named to people: its schema title, else its name in words (apiToken → API token, pat → PAT). */
export function fieldLabel(schema: JsonSchema | undefined, field: string): string {
  const title = propertiesOf(schema)[field]?.title;
  if (typeof title === 'string' && title.trim()) return title.trim();
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_-]+/).filter(Boolean);
  return words.map((word) => (ABBREVIATIONS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase())).join(' ');
}

/** "a", "a and b", "a, b and c". */
export const listInWords = (items: string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');

/** Schema phrases (as the SDK's formatter writes them) said for people. */
const PHRASES: [RegExp, string][] = [
  [/^must match format "(uri|url)"$/, 'must be a full URL, such as https://example.com'],
  [/^must match format "email"$/, 'must be an e-mail address'],
  [/^must match pattern .*$/, 'is not in the expected form'],
  [/^must NOT have fewer than 1 characters$/, 'must not be empty'],
  [/^must NOT have fewer than (\d+) characters$/, 'must be at least $1 characters long'],
  [/^must NOT have more than (\d+) characters$/, 'must be at most $1 characters long'],
  [/^must be boolean$/, 'must be true or false'],
  [/^must be string$/, 'must be text'],
  [/^must be integer$/, 'must be a whole number'],
];

/** The host's wording of a settings problem: "The jira plugin's settings are invalid: credentials.url must …." */
const HOST_PROBLEM = /^The .+? plugin's settings are invalid: (config|credentials)(?:\.([^\s.]+)(\S*))? (.+?)\.?$/;

/**
 * The host's refusal of a connection's settings or credentials, reworded for the person filling in the form:
 * "Kanban settings: Include priority must be true or false." The host never quotes a given value, nor does this.
 */
export function rewordSettingsProblem(manifest: PluginManifest, error: InvalidInput): InvalidInput {
  const match = HOST_PROBLEM.exec(error.message);
  if (!match) return error;
  const [, part, field, nested = '', problem = ''] = match;
  const credentials = part === 'credentials';
  const schema = credentials ? manifest.credentialsSchema : manifest.configSchema;
  const unknown = /^has an unknown property '(.+)'$/.exec(problem);
  if (unknown && !field) {
    return new InvalidInput(`${manifest.name} has no ${credentials ? 'credential' : 'setting'} '${unknown[1]}'.`);
  }
  const words = PHRASES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), problem);
  const subject = field ? `${fieldLabel(schema, field)}${nested}` : credentials ? 'the credentials' : 'the settings';
  return new InvalidInput(`${manifest.name} ${credentials ? 'credentials' : 'settings'}: ${subject} ${words}.`);
}
