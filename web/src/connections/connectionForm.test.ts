import { describe, expect, it } from 'vitest';
import { draftFromConnection, draftProblem, draftToInput, emptyDraft, isAssigneeMapped, settingValue, userMappingsOf, type ConnectionDraft } from './connectionForm.ts';
import type { Connection } from './connectionsApi.ts';
import { fixtureType } from './connectionTypes.fixture.ts';
import { typeForm } from './connectionTypes.ts';

const draft = (patch: Partial<ConnectionDraft>): ConnectionDraft => ({
  ...emptyDraft(),
  name: 'Web team',
  projectIdentifier: 'acme/web',
  ...patch,
});

/** The form of the draft's type, as the screen builds it from GET /api/connections/types. */
const formOf = (value: ConnectionDraft, saved?: Record<string, boolean>) => typeForm(value.connectionType, fixtureType(value.connectionType), saved);
const problem = (value: ConnectionDraft, mode: 'create' | 'edit') => draftProblem(value, mode, formOf(value));
const input = (value: ConnectionDraft, saved?: Record<string, boolean>) => draftToInput(value, formOf(value, saved));

const saved: Connection = {
  id: 'c1',
  name: 'Web on Jira',
  projectIdentifier: 'WEB',
  connectionType: 'jira',
  credentials: { url: true, username: true, apiToken: true },
  settings: { projectMappings: ['Web', 'Shop'], userMappings: { 'Ada Lovelace': 'ada@acme.io' }, includePriority: false },
  lastVerification: null,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
};

describe('the required fields', () => {
  it('are name, project identifier and type, in either mode', () => {
    for (const mode of ['create', 'edit'] as const) {
      expect(problem(draft({ name: '  ', connectionType: 'webhook' }), mode)).toBe('Please fill out all required fields');
      expect(problem(draft({ projectIdentifier: '', connectionType: 'kanban' }), mode)).toBe('Please fill out all required fields');
      expect(problem(draft({ connectionType: '' }), mode)).toBe('Please fill out all required fields');
    }
  });
});

describe('the credentials a new connection of a built-in type needs', () => {
  const cases: { type: string; missing: Record<string, string>; filled: Record<string, string>; message: string }[] = [
    { type: 'github', missing: {}, filled: { token: 'ghp_1' }, message: 'GitHub token is required' },
    { type: 'jira', missing: { url: 'https://acme.atlassian.net', username: 'ada' }, filled: { url: 'https://acme.atlassian.net', apiToken: 't' }, message: 'JIRA URL and API token are required' },
    { type: 'jira', missing: { apiToken: 't' }, filled: { url: 'https://acme.atlassian.net', apiToken: 't' }, message: 'JIRA URL and API token are required' },
    { type: 'miro', missing: {}, filled: { accessToken: 'm' }, message: 'Miro access token is required' },
    { type: 'azure', missing: { organization: 'acme' }, filled: { organization: 'acme', pat: 'p' }, message: 'Azure DevOps organization and PAT are required' },
    { type: 'azure', missing: { pat: 'p' }, filled: { organization: 'acme', pat: 'p' }, message: 'Azure DevOps organization and PAT are required' },
    { type: 'webhook', missing: { secret: 's' }, filled: { url: 'https://hooks.acme.io' }, message: 'Webhook URL is required' },
  ];

  it.each(cases)('$type: "$message" until they are filled in', ({ type, missing, filled, message }) => {
    expect(problem(draft({ connectionType: type, credentials: missing }), 'create')).toBe(message);
    expect(problem(draft({ connectionType: type, credentials: filled }), 'create')).toBeNull();
  });

  it('are the spec’s, also before the server has said what the type needs', () => {
    expect(draftProblem(draft({ connectionType: 'github' }), 'create', typeForm('github', undefined))).toBe('GitHub token is required');
  });

  it('counts spaces as empty', () => {
    expect(problem(draft({ connectionType: 'github', credentials: { token: '   ' } }), 'create')).toBe('GitHub token is required');
  });

  it('are not asked for again on edit, where the saved ones are kept', () => {
    for (const { type } of cases) expect(problem(draft({ connectionType: type }), 'edit')).toBeNull();
  });
});

describe('a third-party type', () => {
  it('needs the credentials its schema requires, named in one message as the server names them', () => {
    expect(problem(draft({ connectionType: 'kanban' }), 'create')).toBe('Kanban Site URL and API token are required');
    expect(problem(draft({ connectionType: 'kanban', credentials: { url: 'https://kanban.acme.io', apiToken: ' ' } }), 'create')).toBe(
      'Kanban API token is required',
    );
    expect(problem(draft({ connectionType: 'kanban', credentials: { url: 'https://kanban.acme.io', apiToken: 't' } }), 'create')).toBeNull();
    expect(problem(draft({ connectionType: 'kanban' }), 'edit')).toBeNull();
  });

  it('needs its required settings on every save', () => {
    const relay = draft({ connectionType: 'relay', credentials: { token: 't' } });
    expect(problem(relay, 'create')).toBe('Relay Server URL is required');
    expect(problem({ ...relay, credentials: {} }, 'create')).toBe('Relay token and Server URL are required');
    expect(problem(relay, 'edit')).toBe('Relay Server URL is required');
    expect(problem({ ...relay, settings: { baseUrl: 'https://relay.acme.io' } }, 'create')).toBeNull();
  });

  it('sends its credentials and settings under its own names', () => {
    const kanban = draft({
      connectionType: 'kanban',
      credentials: { url: ' https://kanban.acme.io ', username: '', apiToken: 'k', stray: 'x' },
      settings: { includePriority: false, lane: ' Inbox ' },
    });
    expect(input(kanban)).toEqual({
      name: 'Web team',
      project_identifier: 'acme/web',
      connection_type: 'kanban',
      credentials: { kanban: { url: 'https://kanban.acme.io', apiToken: 'k' } },
      settings: { projectMappings: [], userMappings: {}, includePriority: false, lane: 'Inbox' },
    });
  });

  it('sends a switch’s default when it was never touched, and leaves an empty text out', () => {
    expect(input(draft({ connectionType: 'kanban', settings: { lane: '' } })).settings).toEqual({ projectMappings: [], userMappings: {}, includePriority: true });
  });
});

describe('user mappings', () => {
  it('need both sides of a row', () => {
    const rows = [{ participant: 'Ada', username: '' }];
    expect(problem(draft({ connectionType: 'github', userMappings: rows }), 'edit')).toBe('Each user mapping needs a participant name and an external username.');
  });

  it('are trimmed, empty rows left out and a later row for the same name wins', () => {
    expect(
      userMappingsOf([
        { participant: ' Ada ', username: ' ada@acme.io ' },
        { participant: '', username: '' },
        { participant: 'Bob', username: 'bob' },
        { participant: 'Bob', username: 'robert' },
      ]),
    ).toEqual({ Ada: 'ada@acme.io', Bob: 'robert' });
  });

  it('match an assignee without case or outer spaces', () => {
    expect(isAssigneeMapped({ 'Ada Lovelace': 'ada' }, ' ada lovelace ')).toBe(true);
    expect(isAssigneeMapped({ 'Ada Lovelace': 'ada' }, 'Bob')).toBe(false);
    expect(isAssigneeMapped({ 'Ada Lovelace': '' }, 'Ada Lovelace')).toBe(false);
  });
});

describe('what is sent for a built-in type', () => {
  it('on create: the fields in the API names, the credentials under the type, the settings of the type', () => {
    const sent = input(
      draft({
        name: ' Web team ',
        connectionType: 'github',
        credentials: { token: ' ghp_1 ' },
        projectMappings: ['Web'],
        userMappings: [{ participant: 'Ada', username: 'ada-gh' }],
        settings: { baseUrl: ' https://github.acme.io/api/v3 ' },
      }),
    );
    expect(sent).toEqual({
      name: 'Web team',
      project_identifier: 'acme/web',
      connection_type: 'github',
      credentials: { github: { token: 'ghp_1' } },
      settings: { projectMappings: ['Web'], userMappings: { Ada: 'ada-gh' }, baseUrl: 'https://github.acme.io/api/v3' },
    });
  });

  it('for Jira the priority switch (on unless turned off), for Azure the work item type (Task unless chosen); an empty address is left out', () => {
    const settingsOf = (value: ConnectionDraft) => input(value).settings;
    expect(settingsOf(draft({ connectionType: 'jira', settings: { includePriority: false } }))).toEqual({ projectMappings: [], userMappings: {}, includePriority: false });
    expect(settingsOf(draft({ connectionType: 'jira' }))).toEqual({ projectMappings: [], userMappings: {}, includePriority: true });
    expect(settingsOf(draft({ connectionType: 'azure', settings: { workItemType: 'Bug', baseUrl: ' ' } }))).toEqual({
      projectMappings: [],
      userMappings: {},
      workItemType: 'Bug',
    });
    expect(settingsOf(draft({ connectionType: 'azure', settings: { workItemType: 'Epic' } }))).toMatchObject({ workItemType: 'Task' });
  });

  it('on update: only the credential fields that were filled in', () => {
    const edited = { ...draftFromConnection(saved), credentials: { url: '', username: '  ', apiToken: 'new-token' } };
    expect(input(edited).credentials).toEqual({ jira: { apiToken: 'new-token' } });
    expect(input(draftFromConnection(saved)).credentials).toEqual({ jira: {} });

    expect(input(draft({ connectionType: 'azure', credentials: { organization: 'acme', pat: '' } })).credentials).toEqual({ azure: { organization: 'acme' } });
    expect(input(draft({ connectionType: 'webhook', credentials: { url: '', secret: 'new' } })).credentials).toEqual({ webhook: { secret: 'new' } });
  });

  it('only the fields of the type, whatever else was typed before the type changed', () => {
    expect(input(draft({ connectionType: 'github', credentials: { token: 't', url: 'https://acme.atlassian.net' } })).credentials).toEqual({ github: { token: 't' } });
  });
});

describe('an edit', () => {
  it('starts from the saved connection with empty credential fields', () => {
    expect(draftFromConnection(saved)).toEqual({
      name: 'Web on Jira',
      projectIdentifier: 'WEB',
      connectionType: 'jira',
      credentials: {},
      settings: { includePriority: false },
      projectMappings: ['Web', 'Shop'],
      userMappings: [{ participant: 'Ada Lovelace', username: 'ada@acme.io' }],
    });
  });

  it('sends back the saved settings the form does not show, and drops a cleared server address', () => {
    const github: Connection = {
      ...saved,
      connectionType: 'github',
      settings: { projectMappings: [], userMappings: {}, baseUrl: 'https://github.acme.io/api/v3', labels: ['from-meeting'] },
    };
    const edited = draftFromConnection(github);
    expect(input({ ...edited, settings: { ...edited.settings, baseUrl: '' } }).settings).toEqual({ projectMappings: [], userMappings: {}, labels: ['from-meeting'] });
  });

  it('of a type the server no longer offers: the saved credential fields can be replaced, the settings go back as they were', () => {
    const other: Connection = {
      ...saved,
      connectionType: 'acme-tracker',
      credentials: { apiKey: true },
      settings: { projectMappings: [], userMappings: {}, baseUrl: 'https://acme.io', lane: 3 },
    };
    const edited = { ...draftFromConnection(other), credentials: { apiKey: 'k', stray: 'x' } };
    expect(input(edited, other.credentials)).toMatchObject({
      credentials: { 'acme-tracker': { apiKey: 'k' } },
      settings: { projectMappings: [], userMappings: {}, baseUrl: 'https://acme.io', lane: 3 },
    });
    expect(problem(edited, 'edit')).toBeNull();
  });

  it('shows the priority switch on unless it was turned off', () => {
    const [includePriority] = formOf(draftFromConnection(saved)).settings;
    expect(settingValue(draftFromConnection(saved), includePriority!)).toBe(false);
    expect(settingValue(draftFromConnection({ ...saved, settings: { projectMappings: [], userMappings: {} } }), includePriority!)).toBe(true);
  });
});
