// Credentials never come back: not in any response, not in the database in clear, not in the delivery log, not
// in the server's logs; and a sealed value that was altered or moved fails in words.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { start, type RunningTickscribe } from '../../server/main.ts';
import { signUpVerified } from '../support/accounts.ts';
import { freePort } from '../support/free-port.ts';
import { call, CONNECTION_ENV, kanbanConnection, newToken, useTrackerServer, type Json } from './connections-support.ts';

const server = useTrackerServer();
/** Every line the app logs, at every level. */
const logLines: string[] = [];
let app: RunningTickscribe;
let base: string;
let db: pg.Client;
let session: string;

beforeAll(async () => {
  const port = await freePort();
  app = await start({
    role: 'all',
    logger: pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) }),
    env: {
      NODE_ENV: 'test', PORT: String(port), DATA_DIR: inject('dataDir'), DATABASE_URL: inject('databaseUrl'),
      TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: `test-${randomUUID()}`, ...CONNECTION_ENV,
    },
  });
  base = `http://127.0.0.1:${port}`;
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  ({ token: session } = await signUpVerified(base, db));
  server.targets.add('WEB');
});
afterAll(async () => {
  await app?.stop();
  await db?.end();
});

const api = (method: string, path: string, body?: unknown) => call(base, session, method, path, body);
const everything = async (id: string) => {
  const rows = await db.query(
    `select row_to_json(c)::text as row from connections c where id = $1
     union all select row_to_json(d)::text from connection_deliveries d where connection_id = $1`,
    [id],
  );
  return rows.rows.map((row: { row: string }) => row.row).join('\n');
};

describe('credentials are never given back', () => {
  it('appear in no response, no database row in clear, no delivery and no log line', async () => {
    const token = newToken();
    server.tokens.add(token);
    const texts: string[] = [];
    const created = await api('POST', '/api/connections', kanbanConnection(server, token));
    texts.push(created.text);
    const id = String((created.body['connection'] as Json)['id']);
    for (const [method, path] of [['GET', '/api/connections'], ['GET', '/api/connections/project/WEB'], ['POST', `/api/connections/${id}/verify`], ['GET', `/api/connections/${id}/deliveries`]]) {
      texts.push((await api(method!, path!)).text);
    }
    texts.push((await api('PUT', `/api/connections/${id}`, { credentials: { kanban: { apiToken: 'x' } }, settings: { bogus: true } })).text);
    expect(created.body['verification']).toMatchObject({ ok: true });
    expect(server.requests.some((request) => request.url.includes('/api/me'))).toBe(true);
    for (const text of texts) expect(text).not.toContain(token);
    expect(await everything(id)).not.toContain(token);
    expect(await everything(id)).toMatch(/"credentials":"v1:/);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('keeps a token sent in a query string out of the delivery log', async () => {
    const token = newToken();
    server.tokens.add(token);
    const created = await api('POST', '/api/connections', {
      ...kanbanConnection(server, token), connection_type: 'relay', credentials: { relay: { token } }, settings: { baseUrl: server.url },
    });
    expect(created.body['verification']).toMatchObject({ ok: true });
    expect(server.requests.some((request) => request.url.includes(`key=${token}`))).toBe(true);
    const id = String((created.body['connection'] as Json)['id']);
    const deliveries = await api('GET', `/api/connections/${id}/deliveries`);
    expect(deliveries.body['deliveries']).toEqual([
      expect.objectContaining({ url: `${server.url}/relay/projects/WEB` }), expect.objectContaining({ url: `${server.url}/relay/whoami` }),
    ]);
    expect(deliveries.text + (await everything(id)) + logLines.join('\n')).not.toContain(token);
  });

  it('blots out the secret path of a credential URL wherever it would be kept', async () => {
    const token = newToken();
    const secretPath = `/hooks/${randomUUID()}`;
    const created = await api('POST', '/api/connections', kanbanConnection(server, token, {
      credentials: { kanban: { url: `${server.url}${secretPath}`, apiToken: token } },
    }));
    const id = String((created.body['connection'] as Json)['id']);
    const deliveries = await api('GET', `/api/connections/${id}/deliveries`);
    expect(deliveries.body['deliveries']).toEqual([expect.objectContaining({ url: `${server.url}/[credential]/api/me`, status: 401 })]);
    expect(created.text + deliveries.text + (await everything(id))).not.toContain(secretPath);
  });
});

describe('sealed credentials that cannot be read', () => {
  const saved = async () => {
    const token = newToken();
    server.tokens.add(token);
    const created = await api('POST', '/api/connections', kanbanConnection(server, token, { name: `Board ${randomUUID().slice(0, 6)}` }));
    const connection = created.body['connection'] as Json;
    return { id: String(connection['id']), name: String(connection['name']), token };
  };
  const unreadable = (name: string) => ({
    status: 400,
    body: {
      error: `The saved credentials of the connection '${name}' can no longer be read: the server's credentials key changed, or they were altered. Enter the credentials again and save the connection.`,
    },
  });

  it('fail verification in words when altered; the list still answers and shows them unset', async () => {
    const { id, name } = await saved();
    await db.query(`update connections set credentials = left(credentials, 30) || translate(substr(credentials, 31, 1), 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 'BCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_A') || substr(credentials, 32) where id = $1`, [id]);
    expect(await api('POST', `/api/connections/${id}/verify`)).toMatchObject(unreadable(name));
    const listed = ((await api('GET', '/api/connections')).body['connections'] as Json[]).find((c) => c['id'] === id);
    expect(listed?.['credentials']).toEqual({ url: false, username: false, apiToken: false });
  });

  it('fail when moved onto another connection (they are sealed to their own)', async () => {
    const first = await saved();
    const second = await saved();
    await db.query('update connections set credentials = (select credentials from connections where id = $1) where id = $2', [first.id, second.id]);
    expect(await api('POST', `/api/connections/${second.id}/verify`)).toMatchObject(unreadable(second.name));
    expect((await api('POST', `/api/connections/${first.id}/verify`)).body).toMatchObject({ verification: { ok: true } });
  });

  it('are replaced by an update that gives them again; an empty one asks for them', async () => {
    const { id, token } = await saved();
    await db.query(`update connections set credentials = 'v1:AAAA' where id = $1`, [id]);
    expect((await api('PUT', `/api/connections/${id}`, { credentials: { kanban: { apiToken: '' } } })).body).toEqual({
      error: 'Kanban Site URL and API token are required',
    });
    const fixed = await api('PUT', `/api/connections/${id}`, { credentials: { kanban: { url: server.url, apiToken: token } } });
    expect(fixed.body).toMatchObject({ connection: { credentials: { url: true, username: false, apiToken: true } }, verification: { ok: true } });
  });
});
