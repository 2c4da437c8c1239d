import type { ConnectionType } from './connectionsApi.ts';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts;

/**
 * The built-in tracker types (the spec's "Entities and their fields"); their fields keep the spec's labels and
 * messages.
 */
export const BUILT_IN_TYPES = ['github', 'jira', 'azure', 'miro', 'webhook'] as const;
export type BuiltInType = (typeof BUILT_IN_TYPES)[number];

export function isBuiltInType(type: string): type is BuiltInType {
  return (BUILT_IN_TYPES as readonly string[]).includes(type);
}

/**
 * The spec's "Validation rules": the credentials a new connection of a built-in type needs, the ones its message names.
 */
export const SPEC_REQUIRED_CREDENTIALS: Record<BuiltInType, readonly string[]> = {
  github: ['token'],
  jira: ['url', 'apiToken'],
  azure: ['organization', 'pat'],
  miro: ['accessToken'],
  webhook: ['url'],
};

export const PROJECT_IDENTIFIER = 'projectIdentifier';

/** One credential input of the form. `title` is the field in words as the server says it, `label` as the form shows it. */
export interface CredentialInput {
  field: string;
  title: string;
  label: string;
  hint?: string;
  required: boolean;
  secret: boolean;
  inputType: 'password' | 'url' | 'email' | 'text';
}

/** One settings input of the form: text, a URL, a choice of `options` or a switch. */
export interface SettingInput {
  field: string;
  title: string;
  label: string;
  hint?: string;
  kind: ConnectionType['settings'][number]['type'];
  options: readonly string[];
  /** What the setting is when it was never set. */
  fallback?: string | boolean;
  required: boolean;
}

/** What the form shows for a connection type. */
export interface TypeForm {
  type: string;
  /** The tracker's name, as the screen calls it. */
  name: string;
  identifierHint?: string;
  credentials: CredentialInput[];
  /** The tracker's own settings, without the project identifier (a field of its own). */
  settings: SettingInput[];
}

/** A title as a label: 'site URL' becomes 'Site URL'. */
const asLabel = (title: string) => title.charAt(0).toUpperCase() + title.slice(1);

const builtInTexts = (type: string) => (isBuiltInType(type) ? texts.types[type] : undefined);

/** What the screen calls a tracker type: the spec's name for a built-in one, else the tracker's own (or its id). */
export function typeLabel(type: string, info?: ConnectionType): string {
  return builtInTexts(type)?.label ?? info?.name ?? type;
}

function inputType(secret: boolean, format: string | undefined): CredentialInput['inputType'] {
  if (secret) return 'password';
  return format === 'uri' || format === 'url' ? 'url' : format === 'email' ? 'email' : 'text';
}

function credentialInputs(type: string, info: ConnectionType | undefined, saved: Record<string, boolean>): CredentialInput[] {
  const spec = builtInTexts(type);
  const labels: Record<string, string> = spec?.credentials ?? {};
  // A type this server no longer offers: the fields its saved connection names, each replaceable.
  const fields: ConnectionType['credentials'] = info?.credentials ?? Object.keys(saved).map((name) => ({ name, title: name, required: false, secret: true }));
  return fields.map(({ name, title, description, format, required, secret }) => ({
    field: name,
    title,
    // A field the server no longer describes goes by its name.
    label: labels[name] ?? (info ? asLabel(title) : name),
    // The spec's labels stand without a hint; another tracker's fields say what they are.
    ...(spec || description === undefined ? {} : { hint: description }),
    // A new connection of a built-in type needs what the spec's message names.
    required: isBuiltInType(type) ? SPEC_REQUIRED_CREDENTIALS[type].includes(name) : required,
    secret,
    inputType: inputType(secret, format),
  }));
}

function settingInputs(type: string, info: ConnectionType | undefined): SettingInput[] {
  const spec: Record<string, { label: string; hint?: string }> = builtInTexts(type)?.settings ?? {};
  return (info?.settings ?? [])
    .filter((setting) => setting.name !== PROJECT_IDENTIFIER)
    .map((setting) => {
      const own = spec[setting.name];
      const hint = own ? own.hint : setting.description;
      return {
        field: setting.name,
        title: setting.title,
        label: own?.label ?? asLabel(setting.title),
        ...(hint === undefined ? {} : { hint }),
        kind: setting.type,
        options: setting.enum ?? [],
        ...(setting.default === undefined ? {} : { fallback: setting.default }),
        required: setting.required,
      };
    });
}

/**
 * The form of a connection type, from what the server says of it (`info`): its credential and settings fields,
 * labelled as the spec says for the built-in types and from the tracker's schemas for any other. `saved` names
 * the credential fields of a saved connection, for a type the server no longer offers.
 */
export function typeForm(type: string, info: ConnectionType | undefined, saved: Record<string, boolean> = {}): TypeForm {
  const identifier = info?.settings.find((setting) => setting.name === PROJECT_IDENTIFIER);
  return {
    type,
    name: typeLabel(type, info),
    identifierHint: type === '' ? undefined : (builtInTexts(type)?.identifierHint ?? identifier?.description ?? texts.otherTypeHint),
    credentials: type === '' ? [] : credentialInputs(type, info, saved),
    settings: settingInputs(type, info),
  };
}
