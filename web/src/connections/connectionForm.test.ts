import { describe, expect, it } from 'vitest';
import {
  credentialFieldsOf,
  draftFromConnection,
  draftProblem,
  draftToInput,
  emptyDraft,
  isAssigneeMapped,
  userMappingsOf,
  type ConnectionDraft,
} from './connectionForm.ts';
import type { Connection } from './connectionsApi.ts';

const draft = (patch: Partial<ConnectionDraft>): ConnectionDraft => ({
  ...emptyDraft(),
  name: 'Web team',
  projectIdentifier: 'acme/web',
  ...patch,
});

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
      expect(draftProblem(draft({ name: '  ', connectionType: 'webhook' }), mode)).toBe('Please fill out all required fields');
      expect(draftProblem(draft({ projectIdentifier: '', connectionType: 'webhook' }), mode)).toBe('Please fill out all required fields');
      expect(draftProblem(draft({ connectionType: '' }), mode)).toBe('Please fill out all required fields');
    }
  });
});

describe('the credentials a new connection needs', () => {
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
    expect(draftProblem(draft({ connectionType: type, credentials: missing }), 'create')).toBe(message);
    expect(draftProblem(draft({ connectionType: type, credentials: filled }), 'create')).toBeNull();
  });

  it('counts spaces as empty', () => {
    expect(draftProblem(draft({ connectionType: 'github', credentials: { token: '   ' } }), 'create')).toBe('GitHub token is required');
  });

  it('are not asked for again on edit, where the saved ones are kept', () => {
    for (const { type } of cases) expect(draftProblem(draft({ connectionType: type }), 'edit')).toBeNull();
  });

  it('of a third-party tracker are its own business', () => {
    expect(draftProblem(draft({ connectionType: 'acme-tracker' }), 'create')).toBeNull();
  });
});

describe('user mappings', () => {
  it('need both sides of a row', () => {
    const rows = [{ participant: 'Ada', username: '' }];
    expect(draftProblem(draft({ connectionType: 'github', userMappings: rows }), 'edit')).toBe(
      'Each user mapping needs a participant name and an external username.',
    );
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

describe('what is sent', () => {
  it('on create: the fields in the API names, the credentials under the type, the settings of the type', () => {
    const input = draftToInput(
      draft({
        name: ' Web team ',
        connectionType: 'github',
        credentials: { token: ' ghp_1 ' },
        projectMappings: ['Web'],
        userMappings: [{ participant: 'Ada', username: 'ada-gh' }],
        baseUrl: ' https://github.acme.io/api/v3 ',
        includePriority: false,
      }),
    );
    expect(input).toEqual({
      name: 'Web team',
      project_identifier: 'acme/web',
      connection_type: 'github',
      credentials: { github: { token: 'ghp_1' } },
      settings: { projectMappings: ['Web'], userMappings: { Ada: 'ada-gh' }, baseUrl: 'https://github.acme.io/api/v3' },
    });
  });

  it('for Jira the priority switch, for Azure the work item type; an empty base address is left out', () => {
    expect(draftToInput(draft({ connectionType: 'jira', includePriority: false })).settings).toEqual({
      projectMappings: [],
      userMappings: {},
      includePriority: false,
    });
    expect(draftToInput(draft({ connectionType: 'azure', workItemType: 'Bug', baseUrl: ' ' })).settings).toEqual({
      projectMappings: [],
      userMappings: {},
      workItemType: 'Bug',
    });
  });

  it('on update: only the credential fields that were filled in', () => {
    const edited = { ...draftFromConnection(saved), credentials: { url: '', username: '  ', apiToken: 'new-token' } };
    expect(draftToInput(edited).credentials).toEqual({ jira: { apiToken: 'new-token' } });
    expect(draftToInput(draftFromConnection(saved)).credentials).toEqual({ jira: {} });

    const azure = draft({ connectionType: 'azure', credentials: { organization: 'acme', pat: '' } });
    expect(draftToInput(azure).credentials).toEqual({ azure: { organization: 'acme' } });
    const webhook = draft({ connectionType: 'webhook', credentials: { url: '', secret: 'new' } });
    expect(draftToInput(webhook).credentials).toEqual({ webhook: { secret: 'new' } });
  });

  it('only the fields of the type, whatever else was typed before the type changed', () => {
    const github = draft({ connectionType: 'github', credentials: { token: 't', url: 'https://acme.atlassian.net' } });
    expect(draftToInput(github).credentials).toEqual({ github: { token: 't' } });
  });

  it('for a third-party tracker: the fields its saved connection names', () => {
    const other = draft({ connectionType: 'acme-tracker', credentials: { apiKey: 'k', stray: 'x' } });
    expect(credentialFieldsOf('acme-tracker', { apiKey: true }).map(({ field }) => field)).toEqual(['apiKey']);
    expect(draftToInput(other, { apiKey: true }).credentials).toEqual({ 'acme-tracker': { apiKey: 'k' } });
  });
});

describe('an edit', () => {
  it('starts from the saved connection with empty credential fields', () => {
    expect(draftFromConnection(saved)).toEqual({
      name: 'Web on Jira',
      projectIdentifier: 'WEB',
      connectionType: 'jira',
      credentials: {},
      projectMappings: ['Web', 'Shop'],
      userMappings: [{ participant: 'Ada Lovelace', username: 'ada@acme.io' }],
      includePriority: false,
      workItemType: 'Task',
      baseUrl: '',
      otherSettings: {},
    });
  });

  it('sends back the saved settings the form does not show, and drops a cleared server address', () => {
    const github: Connection = {
      ...saved,
      connectionType: 'github',
      settings: { projectMappings: [], userMappings: {}, baseUrl: 'https://github.acme.io/api/v3', labels: ['from-meeting'] },
    };
    const edited = { ...draftFromConnection(github), baseUrl: '' };
    expect(draftToInput(edited).settings).toEqual({ projectMappings: [], userMappings: {}, labels: ['from-meeting'] });

    const other: Connection = { ...saved, connectionType: 'acme-tracker', settings: { projectMappings: [], userMappings: {}, baseUrl: 'https://acme.io', lane: 3 } };
    expect(draftToInput(draftFromConnection(other)).settings).toEqual({ projectMappings: [], userMappings: {}, baseUrl: 'https://acme.io', lane: 3 });
  });

  it('has the priority field on unless it was turned off', () => {
    const settings = { ...saved.settings };
    delete settings.includePriority;
    expect(draftFromConnection({ ...saved, settings }).includePriority).toBe(true);
  });
});
