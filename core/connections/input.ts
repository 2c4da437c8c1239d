/**
 * A connection as a request gives it, made ready to save: required fields present, settings normalised, and the
 * credentials and settings checked against the tracker plugin's schemas and the outbound address rules before
 * anything is stored.
 */
import type { JsonSchema, PluginManifest } from '../../plugins/sdk/index.ts';
import type { ConnectionRequest } from '../../schemas/types.ts';
import { InvalidInput } from '../errors.ts';
import { checkOutboundUrl } from '../net/guard.ts';
import type { PluginHost } from '../plugins/host.ts';
import type { ConnectionSettings } from './connection.entity.ts';
import type { Credentials } from './credentials.ts';
import { fieldLabel, listInWords, requiredFields, rewordSettingsProblem, urlFields } from './tracker-types.ts';

export const REQUIRED_FIELDS = 'Please fill out all required fields';

/** What a connection is saved with. */
export interface ConnectionInput {
  name: string;
  projectIdentifier: string;
  connectionType: string;
  credentials: Credentials;
  settings: ConnectionSettings;
}

export function required(value: string | undefined): string {
  const text = value?.trim();
  if (!text) throw new InvalidInput(REQUIRED_FIELDS);
  return text;
}

/** Whether a credential field counts as given: empty strings and nulls do not (the form sends them for "unchanged"). */
const filled = (value: unknown): boolean => value !== null && value !== undefined && !(typeof value === 'string' && !value.trim());

/** The request's credentials for `type` (they are keyed by type), trimmed, without the fields left empty. */
export function filledCredentials(request: ConnectionRequest, type: string): Credentials {
  const given = Object.hasOwn(request.credentials ?? {}, type) ? request.credentials![type]! : {};
  return Object.fromEntries(
    Object.entries(given).filter(([, value]) => filled(value)).map(([field, value]) => [field, typeof value === 'string' ? value.trim() : value]),
  );
}

/** Which of the plugin's credential fields hold a value. */
export const credentialsSet = (fields: string[], credentials: Credentials): Record<string, boolean> =>
  Object.fromEntries(fields.map((field) => [field, filled(credentials[field])]));

/** Project mappings trimmed and without repeats (ignoring case); user mappings trimmed, without empty ones. */
export function normaliseSettings(settings: ConnectionRequest['settings'] = {}): ConnectionSettings {
  const { projectMappings = [], userMappings = {}, projectIdentifier: _ignored, ...own } = settings;
  const projects = new Map<string, string>();
  for (const project of projectMappings.map((name) => name.trim()).filter(Boolean)) {
    if (!projects.has(project.toLowerCase())) projects.set(project.toLowerCase(), project);
  }
  const users = Object.entries(userMappings).map(([name, username]) => [name.trim(), username.trim()] as const).filter(([name, username]) => name && username);
  return { ...own, projectMappings: [...projects.values()], userMappings: Object.fromEntries(users) };
}

/** The configuration the tracker plugin is given: the project identifier and its own settings, not the mappings. */
export function pluginConfig(projectIdentifier: string, settings: ConnectionSettings): Record<string, unknown> {
  const { projectMappings: _projects, userMappings: _users, ...own } = settings;
  return { ...own, projectIdentifier };
}

/**
 * The built-in trackers' messages for missing credentials, word for word as the product spec has them ("Validation rules",
 * "Connection form ... On create only"); any other plugin's message is made from its manifest.
 */
const SPEC_CREDENTIALS_MESSAGES: Record<string, string> = {
  github: 'GitHub token is required',
  jira: 'JIRA URL and API token are required',
  miro: 'Miro access token is required',
  azure: 'Azure DevOps organization and PAT are required',
  webhook: 'Webhook URL is required',
};

/** Every credential the plugin requires, else InvalidInput naming all that are missing: "Kanban API token is required". */
function checkRequiredCredentials(manifest: PluginManifest, credentials: Credentials): void {
  const missing = requiredFields(manifest.credentialsSchema).filter((field) => !filled(credentials[field]));
  if (!missing.length) return;
  const spec = Object.hasOwn(SPEC_CREDENTIALS_MESSAGES, manifest.id) ? SPEC_CREDENTIALS_MESSAGES[manifest.id] : undefined;
  if (spec) throw new InvalidInput(spec);
  const labels = missing.map((field) => fieldLabel(manifest.credentialsSchema, field));
  throw new InvalidInput(`${manifest.name} ${listInWords(labels)} ${missing.length > 1 ? 'are' : 'is'} required`);
}

/** Checks each URL field with the outbound rules; the refusal names the field and never quotes the URL. */
async function checkUrls(schema: JsonSchema | undefined, values: Record<string, unknown>, allowlist: string | undefined): Promise<void> {
  for (const field of urlFields(schema)) {
    const value = values[field];
    if (typeof value !== 'string' || !value) continue;
    try {
      await checkOutboundUrl(value, { allowlist });
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      // The address rules quote at most a URL's first 200 characters, and only when it does not parse.
      const words = [value, value.slice(0, 200)].reduce((text, quoted) => text.split(quoted).join('the URL'), error.message);
      throw new InvalidInput(`${fieldLabel(schema, field)}: ${words}`);
    }
  }
}

/**
 * Checks a connection against its tracker plugin: the required credentials, the credentials and settings against
 * the manifest's schemas (through the host), then every URL among them against the outbound address rules.
 */
export async function checkConnection(plugins: PluginHost, manifest: PluginManifest, input: ConnectionInput, allowlist: string | undefined): Promise<void> {
  // A connection made by sign-in has the vendor's token instead of the typed ones (Jira: no e-mail, no API token).
  const signedIn = plugins.signedInCredentials(manifest.id, input.credentials);
  if (!signedIn) checkRequiredCredentials(manifest, input.credentials);
  const config = pluginConfig(input.projectIdentifier, input.settings);
  try {
    plugins.settings(manifest.id, { config, credentials: input.credentials });
  } catch (error) {
    throw error instanceof InvalidInput ? rewordSettingsProblem(manifest, error) : error;
  }
  await checkUrls(signedIn ? plugins.trackerOAuth(manifest.id)?.credentialsSchema : manifest.credentialsSchema, input.credentials, allowlist);
  await checkUrls(manifest.configSchema, config, allowlist);
}
