// GET /api/connections/types: the loaded tracker plugins, built-in and third-party (PLUGINS), with the credential and
// setting fields their schemas declare, as the Connections form builds itself from them.
import { beforeAll, describe, expect, it } from 'vitest';
import { connectionType } from '../../core/connections/type-fields.ts';
import type { JsonSchema, PluginManifest } from '../../plugins/sdk/index.ts';
import type { ConnectionType } from '../../schemas/types.ts';
import { FIXTURE_TYPES } from '../../web/src/connections/connectionTypes.fixture.ts';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';
import { call, CONNECTION_ENV, newToken, useTrackerServer } from './connections-support.ts';

const t = useTestApp({ ...CONNECTION_ENV, PLUGINS: `${CONNECTION_ENV.PLUGINS},./tests/fixtures/plugins/tasklist-tracker` });
const server = useTrackerServer();
let token: string;
let types: ConnectionType[];

beforeAll(async () => {
  ({ token } = await signUpVerified(t.base, t.db));
  const answer = await call(t.base, token, 'GET', '/api/connections/types');
  expect(answer.status, answer.text).toBe(200);
  types = answer.body['types'] as ConnectionType[];
});

const typeOf = (id: string) => types.find((type) => type.id === id)!;

describe('GET /api/connections/types', () => {
  it('needs a session', async () => {
    expect((await call(t.base, '', 'GET', '/api/connections/types')).status).toBe(401);
  });

  it('lists the built-in trackers first, then those PLUGINS loads, in load order', () => {
    expect(types.map((type) => type.id)).toEqual(['github', 'jira', 'azure', 'miro', 'webhook', 'kanban', 'relay', 'tasklist']);
    expect(types.map((type) => type.name)).toEqual(['GitHub', 'Jira', 'Azure DevOps', 'Miro', 'Webhook', 'Kanban', 'Relay', 'Tasklist']);
  });

  it('answers what the web app’s tests build the form from (a tracker may have fields they do not use)', () => {
    for (const { credentials, settings, ...fixture } of FIXTURE_TYPES) {
      const type = typeOf(fixture.id);
      expect(type, fixture.id).toMatchObject(fixture);
      for (const field of credentials) expect(type.credentials.find(({ name }) => name === field.name), `${fixture.id}: ${field.name}`).toMatchObject(field);
      for (const field of settings) expect(type.settings.find(({ name }) => name === field.name), `${fixture.id}: ${field.name}`).toMatchObject(field);
    }
  });

  it('says what the project identifier is in each tracker, first among the settings', () => {
    expect(types.map((type) => type.settings[0])).toEqual(types.map(() => expect.objectContaining({ name: 'projectIdentifier', type: 'string', required: true })));
    expect(typeOf('github').settings[0]).toEqual({
      name: 'projectIdentifier', title: 'repository', description: 'The repository the issues go to, as owner/repo (e.g. acme/web).', type: 'string', required: true,
    });
    expect(typeOf('tasklist').settings).toEqual([{ name: 'projectIdentifier', title: 'List', description: 'The list tasks go to.', type: 'string', required: true }]);
    // Without a title, the name in words.
    expect(typeOf('kanban').settings[0]).toEqual({ name: 'projectIdentifier', title: 'project identifier', type: 'string', required: true });
  });

  it('marks the secrets: tokens, keys and passwords, not URLs, usernames, e-mail addresses or organizations', () => {
    const secrets = Object.fromEntries(types.map((type) => [type.id, type.credentials.filter((field) => field.secret).map((field) => field.name)]));
    expect(secrets).toEqual({
      github: ['token'], jira: ['apiToken'], azure: ['pat'], miro: ['accessToken'], webhook: ['secret'],
      kanban: ['apiToken'], relay: ['token'], tasklist: ['token'],
    });
    expect(typeOf('tasklist').credentials).toEqual([
      { name: 'url', title: 'Server URL', description: 'e.g. https://tasks.example.com', format: 'uri', required: true, secret: false },
      { name: 'token', title: 'API token', required: true, secret: true },
    ]);
  });

  it('describes each setting’s input: a switch, a choice with its default, a URL, text', () => {
    expect(typeOf('azure').settings.slice(1)).toMatchObject([
      { name: 'workItemType', type: 'enum', enum: ['Task', 'Bug', 'User Story', 'Issue'], default: 'Task', required: false },
      { name: 'baseUrl', type: 'uri', required: false },
    ]);
    expect(typeOf('relay').settings[1]).toEqual({ name: 'baseUrl', title: 'Server URL', type: 'uri', required: true });
    expect(typeOf('kanban').settings.slice(1)).toEqual([
      { name: 'includePriority', title: 'include priority', type: 'boolean', default: true, required: false },
      { name: 'lane', title: 'Lane', type: 'string', required: false },
    ]);
  });

  it('lists the fields a working connection of a third-party type is made with', async () => {
    const apiToken = newToken();
    server.tokens.add(apiToken);
    server.targets.add('WEB');
    const kanban = typeOf('kanban');
    // Only what the answer lists: the required credentials (a URL where the format says so) and each setting's default.
    const credentials = Object.fromEntries(kanban.credentials.filter((field) => field.required).map((field) => [field.name, field.format === 'uri' ? server.url : apiToken]));
    const settings = Object.fromEntries(kanban.settings.slice(1).flatMap((field) => (field.default === undefined ? [] : [[field.name, field.default]])));
    const answer = await call(t.base, token, 'POST', '/api/connections', {
      name: 'Board', project_identifier: 'WEB', connection_type: kanban.id, credentials: { [kanban.id]: credentials }, settings,
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({
      connection: { credentials: { url: true, username: false, apiToken: true }, settings: { includePriority: true } },
      verification: { ok: true, account: 'Ada Lovelace', target: 'board WEB' },
    });
  });
});

describe('a tracker’s schemas as a connection type', () => {
  const manifest = (configSchema: JsonSchema, credentialsSchema: JsonSchema): PluginManifest => ({
    apiVersion: 1, id: 'acme', kind: 'tracker', name: 'Acme', version: '1.0.0', configSchema, credentialsSchema,
  });

  it('leaves out the product’s own settings, settings a form cannot show and credentials that are not text', () => {
    const type = connectionType(manifest(
      {
        type: 'object', required: ['projectIdentifier'],
        properties: {
          projectMappings: { type: 'array' }, userMappings: { type: 'object' }, retries: { type: 'integer' }, labels: { type: 'array', items: { type: 'string' } },
          mode: { enum: ['fast', 'safe'] }, note: { type: ['string', 'null'], default: 3 }, projectIdentifier: { type: 'string', title: 'space' },
        },
      },
      { type: 'object', properties: { pin: { type: 'integer' }, userEmail: { type: 'string' }, org: { type: 'string' }, clientSecret: { type: 'string' } } },
    ));
    expect(type.settings).toEqual([
      { name: 'projectIdentifier', title: 'space', type: 'string', required: true },
      { name: 'mode', title: 'mode', type: 'enum', enum: ['fast', 'safe'], required: false },
      { name: 'note', title: 'note', type: 'string', required: false },
    ]);
    expect(type.credentials.map(({ name, secret }) => [name, secret])).toEqual([['userEmail', false], ['org', false], ['clientSecret', true]]);
  });

  it('lists the project identifier even when the schema leaves it out', () => {
    expect(connectionType(manifest({ type: 'object' }, { type: 'object' }))).toEqual({
      id: 'acme', name: 'Acme', credentials: [], settings: [{ name: 'projectIdentifier', title: 'project identifier', type: 'string', required: true }],
    });
  });
});
