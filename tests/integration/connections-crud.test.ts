// Connections through HTTP: create, list, update (credentials left empty are kept), delete, the validation
// texts, and another user's connections answering like missing ones.
import { describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { call, kanbanConnection, newToken, useConnectionApp, type Json } from './connections-support.ts';

const { t, server, token, api } = useConnectionApp();
const create = async (changes: Json = {}) => {
  const answer = await api('POST', '/api/connections', kanbanConnection(server, token, changes));
  expect(answer.status, answer.text).toBe(201);
  return answer.body['connection'] as Json;
};

describe('creating and listing', () => {
  it('answers 201 with the connection (credentials as set fields) and its verification', async () => {
    const answer = await api('POST', '/api/connections', kanbanConnection(server, token, {
      name: ' Team board ', settings: { projectMappings: [' Mobile ', 'mobile', ''], userMappings: { ' Ada ': ' ada ', Bob: ' ' }, lane: 'Inbox' },
    }));
    expect(answer.status).toBe(201);
    const connection = answer.body['connection'] as Json;
    expect(connection).toMatchObject({
      name: 'Team board', projectIdentifier: 'WEB', connectionType: 'kanban',
      credentials: { url: true, username: true, apiToken: true },
      settings: { projectMappings: ['Mobile'], userMappings: { Ada: 'ada' }, lane: 'Inbox' },
    });
    expect(answer.body['verification']).toMatchObject({ ok: true, account: 'Ada Lovelace', target: 'board WEB' });
    expect(connection['lastVerification']).toEqual(answer.body['verification']);
  });

  it('lists only the signed-in user’s connections, newest first', async () => {
    const first = await create({ name: 'First' });
    const second = await create({ name: 'Second' });
    const listed = (await api('GET', '/api/connections')).body['connections'] as Json[];
    expect(listed.slice(0, 2).map((c) => c['id'])).toEqual([second['id'], first['id']]);
    const other = await signUpVerified(t.base, t.db);
    expect((await call(t.base, other.token, 'GET', '/api/connections')).body).toEqual({ connections: [] });
  });

  it('says which credential fields are set, also when an optional one is left empty', async () => {
    const connection = await create({ credentials: { kanban: { url: server.url, username: '', apiToken: token } } });
    expect(connection['credentials']).toEqual({ url: true, username: false, apiToken: true });
  });
});

describe('validation', () => {
  it.each([
    [{ name: '' }], [{ name: '   ' }], [{ project_identifier: undefined }], [{ connection_type: ' ' }],
  ])('refuses %o with the spec message', async (change) => {
    expect(await api('POST', '/api/connections', kanbanConnection(server, token, change))).toMatchObject({
      status: 400, body: { error: 'Please fill out all required fields' },
    });
  });

  it('names the available types for an unknown one, without echoing it', async () => {
    const answer = await api('POST', '/api/connections', kanbanConnection(server, token, { connection_type: 'trello' }));
    expect(answer.status).toBe(400);
    const error = String(answer.body['error']);
    expect(error).toMatch(/^The connection type is not one this server offers\. Available types: [a-z, ]+\.$/);
    // The built-in trackers and the third-party ones loaded through PLUGINS, never the value sent.
    for (const type of ['github', 'jira', 'kanban', 'relay']) expect(error).toContain(type);
    expect(error).not.toContain('trello');
  });

  it('names every missing required credential, from the plugin’s schema', async () => {
    const none = await api('POST', '/api/connections', kanbanConnection(server, token, { credentials: {} }));
    expect(none.body).toEqual({ error: 'Kanban Site URL and API token are required' });
    const blank = await api('POST', '/api/connections', kanbanConnection(server, token, { credentials: { kanban: { url: server.url, apiToken: ' ' } } }));
    expect(blank.body).toEqual({ error: 'Kanban API token is required' });
    const relay = await api('POST', '/api/connections', { ...kanbanConnection(server, token), connection_type: 'relay', settings: { baseUrl: server.url } });
    expect(relay.body).toEqual({ error: 'Relay token is required' });
  });

  it('rewords the plugin’s schema problems for people', async () => {
    const wrongType = await api('POST', '/api/connections', kanbanConnection(server, token, { settings: { includePriority: 'yes' } }));
    expect(wrongType).toMatchObject({ status: 400, body: { error: 'Kanban settings: include priority must be true or false.' } });
    const tooLong = await api('POST', '/api/connections', kanbanConnection(server, token, { settings: { lane: 'x'.repeat(30) } }));
    expect(tooLong.body).toEqual({ error: 'Kanban settings: Lane must be at most 20 characters long.' });
    const unknown = await api('POST', '/api/connections', kanbanConnection(server, token, { settings: { color: 'red' } }));
    expect(unknown.body).toEqual({ error: "Kanban has no setting 'color'." });
    const notUrl = await api('POST', '/api/connections', kanbanConnection(server, token, { credentials: { kanban: { url: 'not a url', apiToken: token } } }));
    expect(notUrl.body).toEqual({ error: 'Kanban credentials: Site URL must be a full URL, such as https://example.com.' });
  });

  it('refuses fields the request does not have, before anything is saved', async () => {
    const before = (await api('GET', '/api/connections')).body['connections'] as Json[];
    expect((await api('POST', '/api/connections', { ...kanbanConnection(server, token), owner: 'x' })).body).toEqual({
      error: "Invalid request: body has an unknown property 'owner'",
    });
    expect((await api('GET', '/api/connections')).body['connections']).toHaveLength(before.length);
  });
});

describe('updating', () => {
  it('keeps credential fields left empty or out, and the fields not given', async () => {
    const connection = await create({ name: 'Keep me' });
    const id = String(connection['id']);
    const answer = await api('PUT', `/api/connections/${id}`, {
      project_identifier: 'WEB', credentials: { kanban: { url: '', username: null, apiToken: '' } }, settings: { projectMappings: ['Docs'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body['connection']).toMatchObject({
      id, name: 'Keep me', credentials: { url: true, username: true, apiToken: true }, settings: { projectMappings: ['Docs'], userMappings: {} },
    });
    // The kept token still signs in.
    expect(answer.body['verification']).toMatchObject({ ok: true });
  });

  it('replaces a credential that is filled in, and verifies with it', async () => {
    const id = String((await create())['id']);
    const answer = await api('PUT', `/api/connections/${id}`, { credentials: { kanban: { apiToken: newToken() } } });
    expect(answer.status).toBe(200);
    expect(answer.body['verification']).toMatchObject({ ok: false, kind: 'auth' });
  });

  it('requires the new type’s credentials when the type changes', async () => {
    const id = String((await create())['id']);
    const change = { connection_type: 'relay', settings: { baseUrl: server.url } };
    expect((await api('PUT', `/api/connections/${id}`, change)).body).toEqual({ error: 'Relay token is required' });
    const answer = await api('PUT', `/api/connections/${id}`, { ...change, credentials: { relay: { token } } });
    expect(answer.status).toBe(200);
    expect(answer.body['connection']).toMatchObject({ connectionType: 'relay', credentials: { token: true }, settings: { baseUrl: server.url } });
  });

  it('refuses a required field blanked', async () => {
    const id = String((await create())['id']);
    expect(await api('PUT', `/api/connections/${id}`, { name: ' ' })).toMatchObject({ status: 400, body: { error: 'Please fill out all required fields' } });
  });
});

describe('deleting', () => {
  it('answers 204, then the connection is gone', async () => {
    const id = String((await create())['id']);
    expect((await api('DELETE', `/api/connections/${id}`)).status).toBe(204);
    expect((await api('DELETE', `/api/connections/${id}`)).status).toBe(404);
    expect(((await api('GET', '/api/connections')).body['connections'] as Json[]).map((c) => c['id'])).not.toContain(id);
  });
});

describe('another user', () => {
  it('gets 404 for every connection route with this user’s id, and changes nothing', async () => {
    const connection = await create({ name: 'Mine' });
    const id = String(connection['id']);
    const other = await signUpVerified(t.base, t.db);
    const attempts: [string, string, unknown?][] = [
      ['PUT', `/api/connections/${id}`, { name: 'Stolen' }],
      ['DELETE', `/api/connections/${id}`],
      ['POST', `/api/connections/${id}/verify`],
      ['GET', `/api/connections/${id}/deliveries`],
    ];
    for (const [method, path, body] of attempts) {
      expect(await call(t.base, other.token, method, path, body), `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'Connection not found' } });
    }
    expect((await call(t.base, other.token, 'GET', '/api/connections/project/WEB')).body).toEqual({ exists: false, connection: null });
    const mine = (await api('GET', '/api/connections')).body['connections'] as Json[];
    expect(mine.find((c) => c['id'] === id)).toMatchObject({ name: 'Mine' });
  });

  it('answers a malformed or unknown id like a missing one', async () => {
    for (const id of ['nonsense', '00000000-0000-4000-8000-000000000000']) {
      expect((await api('POST', `/api/connections/${id}/verify`)).status).toBe(404);
    }
  });
});
