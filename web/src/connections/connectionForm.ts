import type { Connection, ConnectionInput, ConnectionSettings } from './connectionsApi.ts';
import { isBuiltInType, SPEC_REQUIRED_CREDENTIALS, type SettingInput, type TypeForm } from './connectionTypes.ts';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts;

/** One row of the user-mapping editor: a participant and their username in the tracker. */
export interface UserMappingRow {
  participant: string;
  username: string;
}

/** The connection form's values, as the inputs hold them. */
export interface ConnectionDraft {
  name: string;
  projectIdentifier: string;
  /** '' until a type is chosen. */
  connectionType: string;
  /** What was typed into each credential field of the type; left out or '' means not typed. */
  credentials: Record<string, string>;
  /**
   * The tracker's own settings as saved or changed; one the form shows but was never set takes its default. Those
   * the form does not show (e.g. of a tracker the server no longer offers) are sent back as they were.
   */
  settings: Record<string, unknown>;
  projectMappings: string[];
  userMappings: UserMappingRow[];
}

export type FormMode = 'create' | 'edit';

/** The longest name, identifier, project name or username the server takes. */
export const MAX_TEXT_LENGTH = 200;

export function emptyDraft(): ConnectionDraft {
  return { name: '', projectIdentifier: '', connectionType: '', credentials: {}, settings: {}, projectMappings: [], userMappings: [] };
}

/** An edit starts from the saved connection; its credentials are never sent back, so their fields start empty. */
export function draftFromConnection(connection: Connection): ConnectionDraft {
  const { projectMappings, userMappings, ...settings } = connection.settings;
  return {
    name: connection.name,
    projectIdentifier: connection.projectIdentifier,
    connectionType: connection.connectionType,
    credentials: {},
    settings,
    projectMappings: [...projectMappings],
    userMappings: Object.entries(userMappings).map(([participant, username]) => ({ participant, username })),
  };
}

/**
 * What a settings input shows: the saved or chosen value, else the setting's default (Jira's priority switch is on
 * unless set to false, Azure's work items are Tasks), else off, the first choice of a required one, or empty.
 */
export function settingValue(draft: ConnectionDraft, setting: SettingInput): string | boolean {
  const value = draft.settings[setting.field];
  const { fallback } = setting;
  if (setting.kind === 'boolean') return typeof value === 'boolean' ? value : fallback === true;
  if (setting.kind === 'enum') {
    const chosen = [value, fallback].find((choice): choice is string => typeof choice === 'string' && setting.options.includes(choice));
    return chosen ?? (setting.required ? (setting.options[0] ?? '') : '');
  }
  return typeof value === 'string' ? value : '';
}

const typed = (draft: ConnectionDraft, field: string) => (draft.credentials[field] ?? '').trim();
const isEmpty = (value: string | boolean) => typeof value === 'string' && value.trim() === '';

/**
 * The first problem with the form, or null (the spec's "Validation rules"): name, project identifier and type are
 * required; a
 * new connection also needs its type's credentials, with the spec's message for a built-in type and one naming
 * the empty fields for any other, whose required settings are needed on every save. A half-filled user mapping
 * cannot be saved either.
 */
export function draftProblem(draft: ConnectionDraft, mode: FormMode, form: TypeForm): string | null {
  if ([draft.name, draft.projectIdentifier, draft.connectionType].some((value) => value.trim() === '')) {
    return texts.validation.requiredFields;
  }
  const type = draft.connectionType;
  if (isBuiltInType(type)) {
    if (mode === 'create' && SPEC_REQUIRED_CREDENTIALS[type].some((field) => typed(draft, field) === '')) return texts.validation[type];
  } else {
    const missing = [
      ...form.credentials.filter((field) => mode === 'create' && field.required && typed(draft, field.field) === ''),
      ...form.settings.filter((setting) => setting.required && isEmpty(settingValue(draft, setting))),
    ];
    if (missing.length > 0) return texts.validation.missingFields(form.name, missing.map((field) => field.title));
  }
  const halfFilled = draft.userMappings.some((row) => (row.participant.trim() === '') !== (row.username.trim() === ''));
  return halfFilled ? texts.userMappings.incomplete : null;
}

/** The spec's "Validation rules": only the credential fields of the type that were filled in are sent. */
export function filledCredentials(draft: ConnectionDraft, form: TypeForm): Record<string, string> {
  const filled: Record<string, string> = {};
  for (const { field } of form.credentials) {
    const value = typed(draft, field);
    if (value !== '') filled[field] = value;
  }
  return filled;
}

/** Trimmed participant → username pairs; empty rows are left out and a later row for the same name wins. */
export function userMappingsOf(rows: readonly UserMappingRow[]): Record<string, string> {
  const mappings: Record<string, string> = {};
  for (const row of rows) {
    const participant = row.participant.trim();
    const username = row.username.trim();
    if (participant !== '' && username !== '') mappings[participant] = username;
  }
  return mappings;
}

/**
 * All the settings, as the server replaces them on update: the mappings, each setting the form shows (trimmed, and
 * left out when empty so the tracker's default applies), and whatever else was saved.
 */
export function settingsOf(draft: ConnectionDraft, form: TypeForm): ConnectionSettings {
  const settings: Record<string, unknown> = { ...draft.settings };
  for (const setting of form.settings) {
    const value = settingValue(draft, setting);
    if (isEmpty(value)) delete settings[setting.field];
    else settings[setting.field] = typeof value === 'string' ? value.trim() : value;
  }
  return { ...settings, projectMappings: draft.projectMappings, userMappings: userMappingsOf(draft.userMappings) };
}

/** The body of POST /api/connections (create) and PUT /api/connections/{id} (edit). */
export function draftToInput(draft: ConnectionDraft, form: TypeForm): ConnectionInput {
  const type = draft.connectionType.trim();
  return {
    name: draft.name.trim(),
    project_identifier: draft.projectIdentifier.trim(),
    connection_type: type,
    credentials: { [type]: filledCredentials(draft, form) },
    settings: settingsOf(draft, form),
  };
}

/** Whether the connection maps this assignee to a tracker user (names compared without case or outer spaces). */
export function isAssigneeMapped(userMappings: Record<string, string>, assignee: string): boolean {
  const name = assignee.trim().toLowerCase();
  return Object.entries(userMappings).some(([participant, username]) => participant.trim().toLowerCase() === name && username.trim() !== '');
}
