import type { Connection, ConnectionInput, ConnectionSettings } from './connectionsApi.ts';
import { isBuiltInType, WORK_ITEM_TYPES, type BuiltInType, type WorkItemType } from './connectionTypes.ts';
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
  projectMappings: string[];
  userMappings: UserMappingRow[];
  includePriority: boolean;
  workItemType: WorkItemType;
  baseUrl: string;
  /** Saved settings the form does not show (e.g. a third-party tracker's own), sent back as they were. */
  otherSettings: Record<string, unknown>;
}

export type FormMode = 'create' | 'edit';

/** The longest name, identifier, project name or username the server takes. */
export const MAX_TEXT_LENGTH = 200;

/** Spec section 3: the credential fields of each built-in type, and which of them a new connection needs. */
const CREDENTIAL_FIELDS: Record<BuiltInType, readonly { field: string; required: boolean; secret: boolean }[]> = {
  github: [{ field: 'token', required: true, secret: true }],
  jira: [
    { field: 'url', required: true, secret: false },
    { field: 'username', required: false, secret: false },
    { field: 'apiToken', required: true, secret: true },
  ],
  azure: [
    { field: 'organization', required: true, secret: false },
    { field: 'pat', required: true, secret: true },
  ],
  miro: [{ field: 'accessToken', required: true, secret: true }],
  webhook: [
    { field: 'url', required: true, secret: false },
    { field: 'secret', required: false, secret: true },
  ],
};

/**
 * The credential fields of a type: the built-in ones from the spec; for another tracker, the fields its saved
 * connection names (the server says which are set), which can then be replaced one by one.
 */
export function credentialFieldsOf(type: string, saved: Record<string, boolean> = {}) {
  if (isBuiltInType(type)) return CREDENTIAL_FIELDS[type];
  return Object.keys(saved).map((field) => ({ field, required: false, secret: true }));
}

/** Spec section 3: Azure work items are Tasks unless chosen otherwise. */
const DEFAULT_WORK_ITEM_TYPE: WorkItemType = 'Task';

export function emptyDraft(): ConnectionDraft {
  return {
    name: '',
    projectIdentifier: '',
    connectionType: '',
    credentials: {},
    projectMappings: [],
    userMappings: [],
    includePriority: true,
    workItemType: DEFAULT_WORK_ITEM_TYPE,
    baseUrl: '',
    otherSettings: {},
  };
}

/** The settings the form shows for each type, besides the mappings every connection has. */
const FORM_SETTINGS: Partial<Record<BuiltInType, readonly string[]>> = {
  github: ['baseUrl'],
  jira: ['includePriority'],
  azure: ['workItemType', 'baseUrl'],
};

const formSettingsOf = (type: string) => (isBuiltInType(type) ? (FORM_SETTINGS[type] ?? []) : []);

/** An edit starts from the saved connection; its credentials are never sent back, so their fields start empty. */
export function draftFromConnection(connection: Connection): ConnectionDraft {
  const { projectMappings, userMappings, ...rest } = connection.settings;
  const shown = formSettingsOf(connection.connectionType);
  return {
    name: connection.name,
    projectIdentifier: connection.projectIdentifier,
    connectionType: connection.connectionType,
    credentials: {},
    projectMappings: [...projectMappings],
    userMappings: Object.entries(userMappings).map(([participant, username]) => ({ participant, username })),
    // Spec section 3: on unless set to false.
    includePriority: rest['includePriority'] !== false,
    workItemType: WORK_ITEM_TYPES.find((type) => type === rest['workItemType']) ?? DEFAULT_WORK_ITEM_TYPE,
    baseUrl: typeof rest['baseUrl'] === 'string' ? rest['baseUrl'] : '',
    otherSettings: Object.fromEntries(Object.entries(rest).filter(([key]) => !shown.includes(key))),
  };
}

const typed = (draft: ConnectionDraft, field: string) => (draft.credentials[field] ?? '').trim();

/**
 * The first problem with the form, or null (spec section 5): name, project identifier and type are required;
 * a new connection also needs its type's credentials. A half-filled user mapping cannot be saved either.
 */
export function draftProblem(draft: ConnectionDraft, mode: FormMode): string | null {
  if ([draft.name, draft.projectIdentifier, draft.connectionType].some((value) => value.trim() === '')) {
    return texts.validation.requiredFields;
  }
  const type = draft.connectionType;
  if (mode === 'create' && isBuiltInType(type)) {
    const missing = CREDENTIAL_FIELDS[type].some(({ field, required }) => required && typed(draft, field) === '');
    if (missing) return texts.validation[type];
  }
  const halfFilled = draft.userMappings.some((row) => (row.participant.trim() === '') !== (row.username.trim() === ''));
  return halfFilled ? texts.userMappings.incomplete : null;
}

/** Spec section 5: only the credential fields that were filled in are sent, under the connection's type. */
export function filledCredentials(draft: ConnectionDraft, saved: Record<string, boolean> = {}): Record<string, string> {
  const filled: Record<string, string> = {};
  for (const { field } of credentialFieldsOf(draft.connectionType, saved)) {
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
 * All the settings, as the server replaces them on update: the mappings, the priority switch for Jira, the work
 * item type for Azure, a self-hosted server's address when given, and whatever else was saved.
 */
export function settingsOf(draft: ConnectionDraft): ConnectionSettings {
  const shown = formSettingsOf(draft.connectionType);
  const values: Record<string, unknown> = {
    includePriority: draft.includePriority,
    workItemType: draft.workItemType,
    baseUrl: draft.baseUrl.trim() === '' ? undefined : draft.baseUrl.trim(),
  };
  const typeSettings = Object.fromEntries(shown.flatMap((key) => (values[key] === undefined ? [] : [[key, values[key]]])));
  return {
    ...draft.otherSettings,
    ...typeSettings,
    projectMappings: draft.projectMappings,
    userMappings: userMappingsOf(draft.userMappings),
  };
}

/**
 * The body of POST /api/connections (create) and PUT /api/connections/{id} (edit). `saved` names the credential
 * fields the saved connection has, for a tracker type the app does not know.
 */
export function draftToInput(draft: ConnectionDraft, saved: Record<string, boolean> = {}): ConnectionInput {
  const type = draft.connectionType.trim();
  return {
    name: draft.name.trim(),
    project_identifier: draft.projectIdentifier.trim(),
    connection_type: type,
    credentials: { [type]: filledCredentials(draft, saved) },
    settings: settingsOf(draft),
  };
}

/** Whether the connection maps this assignee to a tracker user (names compared without case or outer spaces). */
export function isAssigneeMapped(userMappings: Record<string, string>, assignee: string): boolean {
  const name = assignee.trim().toLowerCase();
  return Object.entries(userMappings).some(([participant, username]) => participant.trim().toLowerCase() === name && username.trim() !== '');
}
