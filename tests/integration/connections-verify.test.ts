// Checking connections with their tracker: the outcomes in words (working, credentials refused, target missing,
// no answer in time), the outbound address rules at save time, and the delivery log.
import { describe, expect, it } from 'vitest';
import { verifyTracker } from '../../core/connections/verification.ts';
import type { BoundTracker } from '../../core/plugins/host.ts';
import { kanbanConnection, newToken, useConnectionApp, type Json } from './connections-support.ts';

const { t, server, token, api } = useConnectionApp();
const save = (changes: Json = {}) => api('POST', '/api/connections', kanbanConnection(server, token, changes));

describe('verification', () => {
  it('says whose account reached which target', async () => {
    const answer = await save();
    expect(answer.body['verification']).toEqual({
      ok: true, account: 'Ada Lovelace', target: 'board WEB', message: 'Connected to board WEB as Ada Lovelace.', at: expect.any(String),
    });
  });

  it('tells refused credentials from a target that cannot be reached, and still saves', async () => {
    const refused = await save({ credentials: { kanban: { url: server.url, apiToken: newToken() } } });
    expect(refused.status).toBe(201);
    expect(refused.body['verification']).toMatchObject({
      ok: false, kind: 'auth', message: 'Credentials refused. The token was refused by the server (401).',
    });
    const missing = await save({ project_identifier: 'NOPE' });
    expect(missing.status).toBe(201);
    expect(missing.body['verification']).toMatchObject({
      ok: false, kind: 'not_found',
      message: 'Credentials accepted, but the target was not found or they have no access to it. The token works, but the board NOPE was not found or it has no access.',
    });
    const listed = (await api('GET', '/api/connections')).body['connections'] as Json[];
    expect(listed.find((c) => c['id'] === (missing.body['connection'] as Json)['id'])?.['lastVerification']).toMatchObject({ kind: 'not_found' });
  });

  it('verifies again on request and keeps the new outcome', async () => {
    const id = String(((await save({ project_identifier: 'LATER' })).body['connection'] as Json)['id']);
    server.targets.add('LATER');
    const answer = await api('POST', `/api/connections/${id}/verify`);
    expect(answer).toMatchObject({ status: 200, body: { verification: { ok: true, target: 'board LATER' } } });
    const listed = (await api('GET', '/api/connections')).body['connections'] as Json[];
    expect(listed.find((c) => c['id'] === id)?.['lastVerification']).toEqual((answer.body as Json)['verification']);
  });

  it('says when the tracker cannot be reached at all', async () => {
    const closed = server.url.replace(/:\d+$/, ':1');
    const answer = await save({ credentials: { kanban: { url: closed, apiToken: token } } });
    expect(answer.body['verification']).toMatchObject({
      ok: false, kind: 'transient', message: 'The connection could not be checked just now. Could not reach 127.0.0.1:1: connection refused.',
    });
  });

  it('gives up on a tracker that does not answer in time, in words', async () => {
    const silent = { verify: () => new Promise(() => {}) } as unknown as BoundTracker;
    const verification = await verifyTracker(silent, { trackerName: 'Kanban', blot: (text) => text, timeLimitMs: 50 });
    expect(verification).toMatchObject({
      ok: false, kind: 'transient', message: 'The connection could not be checked just now. Kanban did not answer within 0.1 seconds.',
    });
  });
});

describe('outbound address rules', () => {
  it.each([
    ['http://10.0.0.5', 'Site URL: Tickscribe does not send requests to 10.0.0.5 (a private address). An administrator can allow it with OUTBOUND_ALLOWLIST.'],
    ['http://169.254.169.254/latest', 'Site URL: Tickscribe does not send requests to 169.254.169.254 (a link-local address (the cloud metadata service)). An administrator can allow it with OUTBOUND_ALLOWLIST.'],
    ['ftp://example.com', 'Site URL: Tickscribe sends requests only to http and https URLs, not ftp.'],
  ])('refuses a credential URL %s with a sentence, and saves nothing', async (url, error) => {
    const before = ((await api('GET', '/api/connections')).body['connections'] as Json[]).length;
    expect(await save({ credentials: { kanban: { url, apiToken: token } } })).toMatchObject({ status: 400, body: { error } });
    expect((await api('GET', '/api/connections')).body['connections']).toHaveLength(before);
  });

  it('checks URLs among the settings too', async () => {
    const relay = { ...kanbanConnection(server, token), connection_type: 'relay', credentials: { relay: { token } } };
    const refused = await api('POST', '/api/connections', { ...relay, settings: { baseUrl: 'http://192.168.1.10:8080' } });
    expect(refused.body).toEqual({
      error: 'Server URL: Tickscribe does not send requests to 192.168.1.10 (a private address). An administrator can allow it with OUTBOUND_ALLOWLIST.',
    });
    const allowed = await api('POST', '/api/connections', { ...relay, settings: { baseUrl: server.url } });
    expect(allowed).toMatchObject({ status: 201, body: { verification: { ok: true, account: 'ada', target: 'project WEB' } } });
  });

  it('checks a URL again when an update changes it', async () => {
    const id = String(((await save()).body['connection'] as Json)['id']);
    const answer = await api('PUT', `/api/connections/${id}`, { credentials: { kanban: { url: 'http://127.0.0.2' } } });
    expect(answer.body).toEqual({
      error: 'Site URL: Tickscribe does not send requests to 127.0.0.2 (a loopback address). An administrator can allow it with OUTBOUND_ALLOWLIST.',
    });
  });
});

describe('delivery log', () => {
  it('records each request of a check: method, URL without query, status, duration, purpose', async () => {
    const id = String(((await save({ project_identifier: 'NOPE' })).body['connection'] as Json)['id']);
    const { body } = await api('GET', `/api/connections/${id}/deliveries`);
    expect(body['deliveries']).toEqual([
      { at: expect.any(String), method: 'GET', url: `${server.url}/api/boards/NOPE`, status: 404, error: null, durationMs: expect.any(Number), purpose: 'verify' },
      { at: expect.any(String), method: 'GET', url: `${server.url}/api/me`, status: 200, error: null, durationMs: expect.any(Number), purpose: 'verify' },
    ]);
    expect(server.requests.some((request) => request.url.endsWith('/api/me?expand=all'))).toBe(true);
  });

  it('records a request that got no answer with the reason', async () => {
    const closed = server.url.replace(/:\d+$/, ':1');
    const id = String(((await save({ credentials: { kanban: { url: closed, apiToken: token } } })).body['connection'] as Json)['id']);
    const { body } = await api('GET', `/api/connections/${id}/deliveries`);
    expect(body['deliveries']).toEqual([expect.objectContaining({ url: `${closed}/api/me`, status: null, error: 'Could not reach 127.0.0.1:1: connection refused.' })]);
  });

  it('keeps the newest 200 per connection', async () => {
    const id = String(((await save()).body['connection'] as Json)['id']);
    await t.db.query(
      `insert into connection_deliveries (id, connection_id, at, method, url, status, duration_ms, purpose)
       select gen_random_uuid(), $1, now() - make_interval(mins => n), 'GET', 'http://old.example/' || n, 200, 1, 'verify' from generate_series(1, 250) n`,
      [id],
    );
    await api('POST', `/api/connections/${id}/verify`);
    const { rows } = await t.db.query('select count(*)::int as n from connection_deliveries where connection_id = $1', [id]);
    expect(rows[0].n).toBe(200);
    const { body } = await api('GET', `/api/connections/${id}/deliveries`);
    const urls = (body['deliveries'] as Json[]).map((d) => d['url']);
    expect(urls).toHaveLength(200);
    expect(urls.slice(0, 4)).toEqual([`${server.url}/api/boards/WEB`, `${server.url}/api/me`, `${server.url}/api/boards/WEB`, `${server.url}/api/me`]);
    expect(urls.at(-1)).toBe('http://old.example/196');
  });
});
