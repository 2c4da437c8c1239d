import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, AUTH_TOKEN_KEY, createApiClient, SESSION_EXPIRED_KEY, dataOf, formBody, NetworkError, type ApiEnvironment } from './client.ts';
import { createWorkspaceStore, WORKSPACE_NOT_FOUND, WORKSPACE_STORAGE_KEY } from './workspace.ts';

/** Every path of the little server below takes and answers JSON of any shape. */
interface AnyOperation {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
  requestBody?: { content: { 'application/json': unknown } };
  responses: { 200: { headers: Record<string, unknown>; content: { 'application/json': unknown } } };
}
type TestPaths = Record<string, Record<'get' | 'put' | 'post' | 'delete', AnyOperation>>;

/** The calls the tests make, through the typed client's methods. */
function calls(client: Client<TestPaths>) {
  return {
    get: (path: string) => dataOf(client.GET(path)),
    post: (path: string, body?: unknown) => dataOf(client.POST(path, { body })),
    put: (path: string, body?: unknown) => dataOf(client.PUT(path, { body })),
    del: (path: string) => dataOf(client.DELETE(path)),
    upload: (path: string, form: FormData) => dataOf(client.POST(path, { middleware: [formBody(form)] })),
  };
}

const apiFor = (env: ApiEnvironment) => calls(createApiClient<TestPaths>(env));

interface Received {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  workspace: string | undefined;
  body: string;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A small API that answers each path in one way and records what it received. */
function handle(req: IncomingMessage, res: ServerResponse, body: string, received: Received[]) {
  const path = req.url ?? '/';
  received.push({
    method: req.method ?? '',
    path,
    authorization: req.headers.authorization,
    contentType: req.headers['content-type'],
    workspace: req.headers['x-workspace-id'] as string | undefined,
    body,
  });
  switch (path) {
    case '/no-content':
      res.writeHead(204).end();
      return;
    case '/nested':
      sendJson(res, 200, {
        userId: 7,
        fullName: 'Ada Lovelace',
        settings: { userMappings: { speaker_one: 'ada' }, transcriptProvider: { recallai_streaming: { mode: 'prioritize_accuracy' } } },
      });
      return;
    case '/echo':
      sendJson(res, 200, { receivedBody: body });
      return;
    case '/auth/current-user':
    case '/api/tickets':
      sendJson(res, 401, { error: 'Your session has ended. Log in again.' });
      return;
    case '/auth/update-user':
      sendJson(res, 401, { error: 'This password reset link is invalid or has expired.' });
      return;
    case '/bare-401':
      res.writeHead(401).end();
      return;
    case '/api/workspace-gone':
      sendJson(res, 404, { error: WORKSPACE_NOT_FOUND });
      return;
    case '/api/ticket-gone':
      sendJson(res, 404, { error: 'Ticket not found.' });
      return;
    case '/conflict':
      sendJson(res, 409, { error: 'A connection with this name already exists.' });
      return;
    case '/upload':
      sendJson(res, 413, { message: 'File too large.', error: 'not this one' });
      return;
    default:
      res.writeHead(503, 'Service Unavailable').end('down');
  }
}

let server: Server;
let baseUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8'), received));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

function environment(pathname: string, token?: string) {
  const values = new Map<string, string>(token ? [[AUTH_TOKEN_KEY, token]] : []);
  const assigned: string[] = [];
  const env: ApiEnvironment = {
    baseUrl,
    storage: {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
    },
    location: { pathname, assign: (url) => void assigned.push(url) },
  };
  return { env, values, assigned };
}

function lastRequest(): Received {
  const request = received.at(-1);
  if (!request) throw new Error('The server received no request.');
  return request;
}

describe('createApiClient against a real server', () => {
  it('answers a 204 with an empty object', async () => {
    const { env } = environment('/dashboard');
    await expect(apiFor(env).del('/no-content')).resolves.toEqual({});
  });

  it('hands answers on as the server wrote them, keys and all (a user mapping\'s names, a bot provider\'s settings)', async () => {
    const { env } = environment('/dashboard');
    await expect(apiFor(env).get('/nested')).resolves.toEqual({
      userId: 7,
      fullName: 'Ada Lovelace',
      settings: { userMappings: { speaker_one: 'ada' }, transcriptProvider: { recallai_streaming: { mode: 'prioritize_accuracy' } } },
    });
  });

  it('sends the stored token as a bearer token and the body as given, as JSON', async () => {
    const { env } = environment('/dashboard', 'secret-token');
    const client = apiFor(env);
    await expect(client.post('/echo', { project_identifier: 'WEB', fullName: 'A' })).resolves.toEqual({
      receivedBody: '{"project_identifier":"WEB","fullName":"A"}',
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      authorization: 'Bearer secret-token',
      contentType: 'application/json',
    });
  });

  it('leaves the bearer token out when asked to, or when none is stored', async () => {
    const { env } = environment('/signup', 'secret-token');
    await calls(createApiClient<TestPaths>(env).anonymous).post('/echo', {});
    expect(lastRequest().authorization).toBeUndefined();
    await apiFor(environment('/').env).get('/echo');
    expect(lastRequest().authorization).toBeUndefined();
  });

  it('sends a given bearer token instead of the stored one', async () => {
    const { env } = environment('/reset-password', 'stored-token');
    await calls(createApiClient<TestPaths>(env).withToken('link-token-hash')).post('/echo', { password: 'secret' });
    expect(lastRequest().authorization).toBe('Bearer link-token-hash');
  });

  it('on a 401 for a given bearer token keeps the stored token and the page, and throws the server text', async () => {
    for (const page of ['/reset-password', '/dashboard']) {
      const { env, values, assigned } = environment(page, 'stored-token');
      const failure = await calls(createApiClient<TestPaths>(env).withToken('used-link'))
        .post('/auth/update-user', { password: 'secret', type: 'recovery' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({
        status: 401,
        message: 'This password reset link is invalid or has expired.',
        serverText: 'This password reset link is invalid or has expired.',
      });
      expect(values.get(AUTH_TOKEN_KEY)).toBe('stored-token');
      expect(assigned).toEqual([]);
    }
  });

  it('uploads with only the auth header and reads the message field on failure', async () => {
    const { env } = environment('/dashboard', 'secret-token');
    const form = new FormData();
    form.append('transcript', new Blob(['hello'], { type: 'text/plain' }), 'notes.txt');
    await expect(apiFor(env).upload('/upload', form)).rejects.toThrow('File too large.');
    expect(lastRequest().authorization).toBe('Bearer secret-token');
    expect(lastRequest().contentType).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('says "User not authenticated." on a 401 from current-user and keeps the token', async () => {
    const { env, values, assigned } = environment('/dashboard', 'secret-token');
    await expect(apiFor(env).get('/auth/current-user')).rejects.toThrow('User not authenticated.');
    expect(values.get(AUTH_TOKEN_KEY)).toBe('secret-token');
    expect(assigned).toEqual([]);
  });

  it('on a public page throws the server text for a 401 and clears the token', async () => {
    const { env, values, assigned } = environment('/help', 'secret-token');
    await expect(apiFor(env).get('/api/tickets')).rejects.toThrow('Your session has ended. Log in again.');
    expect(values.has(AUTH_TOKEN_KEY)).toBe(false);
    expect(assigned).toEqual([]);
  });

  it('on a public page falls back to "Authentication required." when the 401 has no text', async () => {
    const { env } = environment('/login', 'secret-token');
    await expect(apiFor(env).get('/bare-401')).rejects.toThrow('Authentication required.');
  });

  it('elsewhere sends the browser to /login on a 401', async () => {
    const { env, values, assigned } = environment('/tickets', 'secret-token');
    await expect(apiFor(env).get('/api/tickets')).rejects.toThrow('Session expired. Redirecting to login...');
    expect(values.has(AUTH_TOKEN_KEY)).toBe(false);
    expect(assigned).toEqual(['/login']);
    // The login page says why the browser is there.
    expect(values.get(SESSION_EXPIRED_KEY)).toBe('Session expired. Redirecting to login...');
  });

  it('uses the server error text, or the status, for other failures', async () => {
    const { env } = environment('/connections');
    const client = apiFor(env);
    await expect(client.put('/conflict', { name: 'x' })).rejects.toThrow('A connection with this name already exists.');
    await expect(client.get('/unknown')).rejects.toThrow('Error: 503 Service Unavailable');
  });

  it('gives screens with their own fallback the status and the server text apart', async () => {
    const client = apiFor(environment('/login').env);
    const withText = await client.get('/conflict').catch((error: unknown) => error);
    expect(withText).toBeInstanceOf(ApiError);
    expect(withText).toMatchObject({ status: 409, serverText: 'A connection with this name already exists.' });
    const withoutText = await client.get('/unknown').catch((error: unknown) => error);
    expect(withoutText).toMatchObject({ status: 503, serverText: undefined });
  });

  it('reports an unreachable server as a NetworkError', async () => {
    const { env } = environment('/signup');
    const client = apiFor({ ...env, baseUrl: 'http://127.0.0.1:1' });
    await expect(client.post('/auth/signup', {})).rejects.toBeInstanceOf(NetworkError);
  });
});

/** A signed-in tab: its local storage holds the token, its session storage the workspace it works in. */
function tab(pathname: string, workspace: { id: string; name: string } | null) {
  const { env, values, assigned } = environment(pathname, 'secret-token');
  const session = new Map<string, string>();
  const store = createWorkspaceStore({
    getItem: (key) => session.get(key) ?? null,
    setItem: (key, value) => void session.set(key, value),
    removeItem: (key) => void session.delete(key),
  });
  store.select(workspace);
  return { env: { ...env, workspace: store }, values, assigned, store, session };
}

describe('the workspace a call acts in', () => {
  it('names the tab\'s workspace in X-Workspace-Id on every signed-in call', async () => {
    const { env } = tab('/tickets', { id: 'w-1', name: 'Acme' });
    const client = apiFor(env);
    await client.get('/echo');
    expect(lastRequest()).toMatchObject({ method: 'GET', workspace: 'w-1', authorization: 'Bearer secret-token' });
    await client.post('/echo', { title: 'x' });
    expect(lastRequest()).toMatchObject({ method: 'POST', workspace: 'w-1' });
    await client.put('/echo', {});
    expect(lastRequest()).toMatchObject({ method: 'PUT', workspace: 'w-1' });
    await client.del('/no-content');
    expect(lastRequest()).toMatchObject({ method: 'DELETE', workspace: 'w-1' });
    const form = new FormData();
    form.append('transcript', new Blob(['hello'], { type: 'text/plain' }), 'notes.txt');
    await client.upload('/echo', form);
    expect(lastRequest()).toMatchObject({ method: 'POST', workspace: 'w-1' });
  });

  it('sends no header in the personal workspace, so the server takes the personal one', async () => {
    const { env } = tab('/tickets', null);
    await apiFor(env).get('/echo');
    expect(lastRequest().workspace).toBeUndefined();
  });

  it('follows the tab as it changes workspace', async () => {
    const { env, store } = tab('/tickets', { id: 'w-1', name: 'Acme' });
    const client = apiFor(env);
    store.select({ id: 'w-2', name: 'Globex' });
    await client.get('/echo');
    expect(lastRequest().workspace).toBe('w-2');
    store.select(null);
    await client.get('/echo');
    expect(lastRequest().workspace).toBeUndefined();
  });

  it('leaves the header out of calls made without the stored session (before signing in, or with a link\'s token)', async () => {
    const { env } = tab('/signup', { id: 'w-1', name: 'Acme' });
    const client = createApiClient<TestPaths>(env);
    await calls(client.anonymous).post('/echo', {});
    expect(lastRequest().workspace).toBeUndefined();
    await calls(client.withToken('link-token')).post('/echo', {});
    expect(lastRequest().workspace).toBeUndefined();
  });

  it('goes back to the personal workspace, with a notice, when the server says the workspace is none of the user\'s', async () => {
    const { env, store, session, values, assigned } = tab('/tickets', { id: 'w-1', name: 'Acme' });
    const failure = await apiFor(env).get('/api/workspace-gone').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, message: WORKSPACE_NOT_FOUND });
    expect(store.id()).toBeNull();
    expect(session.has(WORKSPACE_STORAGE_KEY)).toBe(false);
    expect(store.state().notice).toMatchObject({ kind: 'lost', name: 'Acme' });
    // The session goes on, on the page it was on; the call is not made again elsewhere.
    expect(values.get(AUTH_TOKEN_KEY)).toBe('secret-token');
    expect(assigned).toEqual([]);
    expect(received.filter((request) => request.path === '/api/workspace-gone')).toHaveLength(1);
  });

  it('keeps the workspace on any other 404', async () => {
    const { env, store } = tab('/tickets', { id: 'w-1', name: 'Acme' });
    await expect(apiFor(env).get('/api/ticket-gone')).rejects.toThrow('Ticket not found.');
    expect(store.id()).toBe('w-1');
    expect(store.state().notice).toBeNull();
  });

  it('keeps the workspace the tab moved to while a call about the one it left was under way', async () => {
    const { env, store } = tab('/tickets', { id: 'w-1', name: 'Acme' });
    const call = apiFor(env).get('/api/workspace-gone').catch(() => undefined);
    store.select({ id: 'w-2', name: 'Globex' });
    await call;
    expect(store.id()).toBe('w-2');
    expect(store.state().notice).toBeNull();
  });

  it('forgets the workspace when the session ends, with the token', async () => {
    const ended = tab('/tickets', { id: 'w-1', name: 'Acme' });
    await expect(apiFor(ended.env).get('/api/tickets')).rejects.toThrow('Session expired. Redirecting to login...');
    expect(ended.store.id()).toBeNull();
    expect(ended.store.state().notice).toBeNull();
    const loggedOut = tab('/settings', { id: 'w-1', name: 'Acme' });
    createApiClient<TestPaths>(loggedOut.env).clearToken();
    expect(loggedOut.values.has(AUTH_TOKEN_KEY)).toBe(false);
    expect(loggedOut.store.id()).toBeNull();
  });
});
