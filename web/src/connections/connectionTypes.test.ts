import { describe, expect, it } from 'vitest';
import { fixtureType } from './connectionTypes.fixture.ts';
import { typeForm, typeLabel } from './connectionTypes.ts';

const formOf = (type: string, saved?: Record<string, boolean>) => typeForm(type, fixtureType(type), saved);
const credentials = (type: string) => formOf(type).credentials.map(({ label, required, inputType }) => ({ label, required, inputType }));

describe('the built-in types', () => {
  it('keep the spec’s names and credential labels; the spec says which credentials a new connection needs', () => {
    expect(['github', 'jira', 'azure', 'miro', 'webhook'].map((type) => typeLabel(type, fixtureType(type)))).toEqual([
      'GitHub', 'JIRA', 'Azure DevOps', 'Miro', 'Webhook',
    ]);
    expect(credentials('github')).toEqual([{ label: 'Personal Access Token', required: true, inputType: 'password' }]);
    expect(credentials('jira')).toEqual([
      { label: 'JIRA URL', required: true, inputType: 'url' },
      { label: 'Username (e-mail)', required: false, inputType: 'email' },
      { label: 'API Token', required: true, inputType: 'password' },
    ]);
    expect(credentials('azure')).toEqual([
      { label: 'Organization', required: true, inputType: 'text' },
      { label: 'Personal Access Token (PAT)', required: true, inputType: 'password' },
    ]);
    expect(credentials('miro')).toEqual([{ label: 'Access Token', required: true, inputType: 'password' }]);
    expect(credentials('webhook')).toEqual([
      { label: 'Webhook URL', required: true, inputType: 'url' },
      { label: 'Signing Secret', required: false, inputType: 'password' },
    ]);
  });

  it('show no hint under a credential, and the spec’s hint under the project identifier', () => {
    expect(formOf('jira').credentials.map(({ hint }) => hint)).toEqual([undefined, undefined, undefined]);
    expect(formOf('github').identifierHint).toBe('The repository, as owner/name (e.g. acme/web).');
  });

  it('show their settings with the screen’s labels, the project identifier apart', () => {
    const settings = (type: string) => formOf(type).settings.map(({ field, label, hint, kind, options, fallback }) => ({ field, label, hint, kind, options, fallback }));
    expect(settings('github')).toEqual([
      {
        field: 'baseUrl', label: 'GitHub Enterprise Server API URL', kind: 'uri', options: [], fallback: undefined,
        hint: 'Only for GitHub Enterprise Server, e.g. https://github.example.com/api/v3. Leave empty for github.com.',
      },
    ]);
    expect(settings('jira')).toEqual([
      { field: 'includePriority', label: 'Include Priority Field', kind: 'boolean', options: [], fallback: true, hint: "Turn off when Jira rejects issues because the 'priority' field is unknown." },
    ]);
    expect(settings('azure').map(({ field, label, kind }) => [field, label, kind])).toEqual([
      ['workItemType', 'Work Item Type', 'enum'],
      ['baseUrl', 'Azure DevOps Server URL', 'uri'],
    ]);
    expect(settings('azure')[0]).toMatchObject({ options: ['Task', 'Bug', 'User Story', 'Issue'], fallback: 'Task', hint: undefined });
    expect(formOf('miro').settings).toEqual([]);
  });
});

describe('a third-party type', () => {
  it('is named and labelled from its schemas; its secrets are password inputs, its URL and username are not', () => {
    const form = formOf('kanban');
    expect(form.name).toBe('Kanban');
    expect(form.credentials.map(({ field, title, label, required, secret, inputType }) => ({ field, title, label, required, secret, inputType }))).toEqual([
      { field: 'url', title: 'Site URL', label: 'Site URL', required: true, secret: false, inputType: 'url' },
      { field: 'username', title: 'username', label: 'Username', required: false, secret: false, inputType: 'text' },
      { field: 'apiToken', title: 'API token', label: 'API token', required: true, secret: true, inputType: 'password' },
    ]);
    expect(form.settings.map(({ field, label, kind, required }) => [field, label, kind, required])).toEqual([
      ['includePriority', 'Include priority', 'boolean', false],
      ['lane', 'Lane', 'string', false],
    ]);
  });

  it('shows the descriptions of its schemas as hints, and a general one for an undescribed project identifier', () => {
    const info = {
      id: 'tasklist', name: 'Tasklist',
      credentials: [{ name: 'url', title: 'Server URL', description: 'e.g. https://tasks.example.com', format: 'uri', required: true, secret: false }],
      settings: [{ name: 'projectIdentifier', title: 'List', description: 'The list tasks go to.', type: 'string' as const, required: true }],
    };
    const form = typeForm('tasklist', info);
    expect(form.identifierHint).toBe('The list tasks go to.');
    expect(form.credentials[0]).toMatchObject({ label: 'Server URL', hint: 'e.g. https://tasks.example.com' });
    expect(formOf('kanban').identifierHint).toBe('The identifier this tracker expects.');
  });

  it('no longer offered: the fields its saved connection names, as secrets that need not be retyped', () => {
    const form = typeForm('acme-tracker', undefined, { apiKey: true, region: false });
    expect(form.name).toBe('acme-tracker');
    expect(form.credentials.map(({ field, label, required, secret }) => ({ field, label, required, secret }))).toEqual([
      { field: 'apiKey', label: 'apiKey', required: false, secret: true },
      { field: 'region', label: 'region', required: false, secret: true },
    ]);
    expect(form.settings).toEqual([]);
  });

  it('none chosen yet: no fields and no hint', () => {
    expect(typeForm('', undefined)).toMatchObject({ identifierHint: undefined, credentials: [], settings: [] });
  });
});
