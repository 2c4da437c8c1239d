// What the connection tests share: a local tracker server that the fixture plugins (tests/fixtures/plugins/
// kanban-tracker.js) talk to, the settings that load them and let them reach it, and a JSON caller.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp, type TestAppWithDatabase } from '../support/app.ts';

/** The settings of an app with the fixture trackers, allowed to reach the local test server. */
export const CONNECTION_ENV = { PLUGINS: './tests/fixtures/plugins/kanban-tracker.js', OUTBOUND_ALLOWLIST: '127.0.0.1' };

export type Json = Record<string, unknown>;

export interface Answer {
  status: number;
  body: Json;
  /** The raw response text, for searching. */
  text: string;
}

export async function call(base: string, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {}, text };
}

/** A fresh token the test server accepts: unique, so finding it anywhere is meaningful. */
export const newToken = () => `tok-${randomUUID()}`;

/**
 * The trackers' server: accepts the tokens in `tokens`, knows the boards and projects in `targets`, and records
 * every request it gets (method and full URL).
 */
export interface TrackerServer {
  url: string;
  tokens: Set<string>;
  targets: Set<string>;
  requests: { method: string; url: string }[];
}

export function useTrackerServer(): TrackerServer {
  const state: TrackerServer = { url: '', tokens: new Set(), targets: new Set(), requests: [] };
  let server: Server;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      state.requests.push({ method: request.method ?? '', url: url.href });
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const token = bearer ?? url.searchParams.get('key') ?? '';
      const answer = (status: number, body: Json) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (!state.tokens.has(token)) return answer(401, { message: 'Invalid token' });
      const target = /^\/(?:api\/boards|relay\/projects)\/([^/]+)$/.exec(url.pathname)?.[1];
      if (target !== undefined) {
        const name = decodeURIComponent(target);
        return state.targets.has(name) ? answer(200, { title: name }) : answer(404, { message: 'Not found' });
      }
      if (url.pathname === '/api/me') return answer(200, { name: 'Ada Lovelace' });
      if (url.pathname === '/api/users/ada') return answer(200, { id: 'u-1', name: 'Ada Lovelace' });
      if (url.pathname === '/relay/whoami') return answer(200, { login: 'ada' });
      return answer(404, { message: 'No such endpoint' });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return state;
}

/** A valid create request for a kanban connection on the test server. */
export function kanbanConnection(server: TrackerServer, token: string, changes: Json = {}): Json {
  return {
    name: 'Team board',
    project_identifier: 'WEB',
    connection_type: 'kanban',
    credentials: { kanban: { url: server.url, username: 'ada@example.com', apiToken: token } },
    settings: { projectMappings: [], userMappings: {} },
    ...changes,
  };
}

export interface ConnectionTestContext {
  t: TestAppWithDatabase;
  server: TrackerServer;
  /** A token the server accepts; its target WEB exists. */
  token: string;
  /** The signed-in user's session token and id. */
  session: string;
  userId: string;
  /** The signed-in user's personal workspace. */
  workspaceId: string;
  /** A JSON call as the signed-in user. */
  api(method: string, path: string, body?: unknown): Promise<Answer>;
}

/** An app with the fixture trackers, their server, and a signed-in user, for a file's tests. */
export function useConnectionApp(): ConnectionTestContext {
  const t = useTestApp(CONNECTION_ENV);
  const server = useTrackerServer();
  const context: ConnectionTestContext = {
    t, server, token: newToken(), session: '', userId: '', workspaceId: '',
    api: (method, path, body) => call(t.base, context.session, method, path, body),
  };
  beforeAll(async () => {
    ({ token: context.session, userId: context.userId, workspaceId: context.workspaceId } = await signUpVerified(t.base, t.db));
    server.tokens.add(context.token);
    server.targets.add('WEB');
  });
  return context;
}
