/**
 * The connection types as GET /api/connections/types lists them: each loaded tracker plugin with the credential
 * and setting fields its manifest's schemas declare, described well enough for a form to be built for a tracker
 * the web app has never heard of.
 */
import type { JsonSchema, PluginManifest } from '../../plugins/sdk/index.ts';
import type { ConnectionType, ConnectionTypes } from '../../schemas/types.ts';
import type { PluginHost } from '../plugins/host.ts';
import { fieldLabel, requiredFields, trackerManifests } from './tracker-types.ts';

/** The settings every connection has, kept by Tickscribe itself rather than by the tracker plugin. */
const PRODUCT_SETTINGS = new Set(['projectMappings', 'userMappings']);
const PROJECT_IDENTIFIER = 'projectIdentifier';

type ConnectionCredentialField = ConnectionType['credentials'][number];
type ConnectionSettingField = ConnectionType['settings'][number];

/**
 * Credential fields that say who signs in or where, not a secret: a username, an e-mail address, an organization
 * (matched at the end of the name, without case or separators: username, accountEmail, org).
 */
const NOT_SECRET = /(?:user|username|login|e?mail|org|organi[sz]ation)$/;
const URL_FORMATS = new Set(['uri', 'url']);
const PUBLIC_FORMATS = new Set([...URL_FORMATS, 'email']);

type Property = JsonSchema & { type?: unknown; format?: unknown; description?: unknown; enum?: unknown; default?: unknown };

const propertiesOf = (schema: JsonSchema | undefined) => Object.entries((schema?.['properties'] ?? {}) as Record<string, Property>);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const hasType = (property: Property, type: string) =>
  property.type === type || (Array.isArray(property.type) && property.type.includes(type));
/** A property without a type takes text too. */
const takesText = (property: Property) => property.type === undefined || hasType(property, 'string');

/** Whether a credential is a secret: every field is, unless it holds a URL or an e-mail address or names who or where. */
function isSecretCredential(name: string, format: string | undefined): boolean {
  if (format !== undefined && PUBLIC_FORMATS.has(format)) return false;
  return !NOT_SECRET.test(name.replace(/[\s_-]/g, '').toLowerCase());
}

function credentialField(schema: JsonSchema | undefined, required: string[], [name, property]: [string, Property]): ConnectionCredentialField {
  const format = text(property.format);
  const description = text(property.description);
  return {
    name,
    title: fieldLabel(schema, name),
    ...(description ? { description } : {}),
    ...(format ? { format } : {}),
    required: required.includes(name),
    secret: isSecretCredential(name, format),
  };
}

/** The kind of input a setting takes, or undefined for one a form cannot show (a number, a list, an object). */
function settingType(property: Property): ConnectionSettingField['type'] | undefined {
  if (Array.isArray(property.enum) && property.enum.length > 0 && property.enum.every((choice) => typeof choice === 'string')) return 'enum';
  if (hasType(property, 'boolean')) return 'boolean';
  if (!takesText(property)) return undefined;
  return typeof property.format === 'string' && URL_FORMATS.has(property.format) ? 'uri' : 'string';
}

function settingField(schema: JsonSchema | undefined, required: string[], [name, property]: [string, Property]): ConnectionSettingField[] {
  const type = settingType(property);
  if (!type) return [];
  const description = text(property.description);
  const fallback = property.default;
  const fits = type === 'boolean' ? typeof fallback === 'boolean' : typeof fallback === 'string';
  return [{
    name,
    title: fieldLabel(schema, name),
    ...(description ? { description } : {}),
    type,
    ...(type === 'enum' ? { enum: property.enum as string[] } : {}),
    ...(fits ? { default: fallback as string | boolean } : {}),
    required: required.includes(name),
  }];
}

/** The settings a form shows: projectIdentifier first (declared or not), then the plugin's own in its order. */
function settingFields(schema: JsonSchema | undefined): ConnectionSettingField[] {
  const required = requiredFields(schema);
  const declared = propertiesOf(schema).filter(([name]) => !PRODUCT_SETTINGS.has(name));
  const description = text(declared.find(([name]) => name === PROJECT_IDENTIFIER)?.[1].description);
  // Every connection has one (sent as project_identifier), whatever its schema says of it.
  const identifier: ConnectionSettingField = {
    name: PROJECT_IDENTIFIER, title: fieldLabel(schema, PROJECT_IDENTIFIER), ...(description ? { description } : {}), type: 'string', required: true,
  };
  return [identifier, ...declared.filter(([name]) => name !== PROJECT_IDENTIFIER).flatMap((entry) => settingField(schema, required, entry))];
}

/** One connection type: the plugin's id, name and description and the fields of its schemas. */
export function connectionType(manifest: PluginManifest): ConnectionType {
  const credentials = manifest.credentialsSchema;
  const required = requiredFields(credentials);
  const description = text(manifest.description);
  return {
    id: manifest.id,
    name: manifest.name,
    ...(description ? { description } : {}),
    credentials: propertiesOf(credentials).filter(([, property]) => takesText(property)).map((entry) => credentialField(credentials, required, entry)),
    settings: settingFields(manifest.configSchema),
  };
}

/** Every loaded tracker plugin as a connection type, in load order (the built-ins first). */
export const connectionTypes = (plugins: PluginHost): ConnectionTypes => ({ types: trackerManifests(plugins).map(connectionType) });
