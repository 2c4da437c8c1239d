import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { ormConfig } from '../../core/db/orm.ts';
import { createLogger } from '../../core/logger.ts';
import { loadPluginHost } from '../../server/plugins.ts';
import { composeServices } from '../../server/services.ts';
import { request } from 'node:http';
import { startTestApp, type TestApp } from '../support/app.ts';

let app: TestApp;
let base: string;

beforeAll(async () => {
  app = await startTestApp();
  base = app.url.replace('localhost', '127.0.0.1');
});
afterAll(() => app?.stop());

describe('GET /api/health', () => {
  it('answers ok when the database and Temporal are up and a worker polls the task queue', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', temporal: 'ok', workers: 'ok', api: 'ok' });
  });

  it('answers 503 naming the parts that are down', async () => {
    const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    const closedOrm = new MikroORM(ormConfig({ databaseUrl: 'postgresql://nobody:nothing@127.0.0.1:1/none', logger }));
    // A closed connection fails every call at once; a lazy one to a dead port would leave gRPC retry timers behind.
    const deadTemporal = await Connection.connect({ address: inject('temporalAddress') });
    await deadTemporal.close();
    const noEmails = { dispatch: async () => {} };
    const server = createApp({
      config: app.config, logger, orm: closedOrm, temporal: deadTemporal, workflows: new Client({ connection: deadTemporal }), emails: noEmails, webDir: null,
      services: composeServices({ config: app.config, logger, plugins: await loadPluginHost(), extractor: app.services.extractor, credentialsKey: randomBytes(32) }),
    })
      .listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'unavailable', database: 'down', temporal: 'down', workers: 'down', api: 'ok', error: 'Down: database, temporal',
      });
    } finally {
      server.close();
    }
  });
});

describe('errors', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    for (const path of ['/api/nothing-here', '/api', '/auth/unknown']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ error: `Not found: GET ${path}` });
    }
  });

  it('refuses a wrong method with 405 JSON', async () => {
    const response = await fetch(`${base}/api/health`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect((await response.json()) as object).toHaveProperty('error');
  });

  it('refuses malformed and oversized JSON bodies with a message, not a stack trace', async () => {
    const malformed = await fetch(`${base}/api/health`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'The request body is not valid JSON.' });

    const huge = await fetch(`${base}/api/health`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(1_100_000) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: 'The request body is too large.' });
  });

  it('refuses non-JSON bodies on API routes', async () => {
    const response = await fetch(`${base}/api/health`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 'Send the request body as JSON.' });
  });
});

describe('request ids, headers and CORS', () => {
  it('gives every response a request id, echoing a sane incoming one', async () => {
    const fresh = await fetch(`${base}/api/health`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    const replaced = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id <script>');
  });

  it('sends security headers', async () => {
    const response = await fetch(`${base}/`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('allows credentialed cross-origin calls from APP_URL only', async () => {
    const preflight = (origin: string) =>
      fetch(`${base}/api/health`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
    const allowed = await preflight(app.config.APP_URL);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(app.config.APP_URL);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('describes the routes from their schemas', async () => {
    const response = await fetch(`${base}/api/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
      components: { schemas: Record<string, { properties?: object }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths['/api/health']!)).toEqual(['get']);
    expect(doc.paths['/api/health']!['get']!.responses['503']).toBeDefined();
    expect(doc.components.schemas['HealthResponse']!.properties).toHaveProperty('temporal');
    expect(doc.components.schemas['ErrorResponse']).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('"$id"');
  });

  it('serves a readable docs page', async () => {
    const response = await fetch(`${base}/api/docs`);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('<code>/api/health</code>');
    expect(html).toContain('HealthResponse');
  });
});

describe('web app', () => {
  it('serves index.html for client routes and the runtime config script', async () => {
    for (const path of ['/', '/help', '/some/unknown/page']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
    const config = await fetch(`${base}/runtime-config.js`);
    expect(await config.text()).toBe('window.TICKSCRIBE_CONFIG = {"apiBaseUrl":""};\n');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });

  it("sends a page opened on another loopback name to APP_URL's, where the session cookie and e-mailed links live", async () => {
    const port = new URL(app.url).port;
    // A request as a browser sends it to that name (fetch would not let the Host header be chosen).
    const get = (path: string, host: string) => new Promise<{ status: number; location?: string }>((resolve, reject) => {
      request(`${base}${path}`, { headers: { host } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, ...(response.headers.location ? { location: response.headers.location } : {}) });
      }).on('error', reject).end();
    });
    for (const host of [`127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect(await get('/tickets?status=ToDo', host), host).toEqual({ status: 308, location: `${app.url}/tickets?status=ToDo` });
    }
    expect(await get('/tickets', `localhost:${port}`)).toEqual({ status: 200 });
    // The API answers on every name, and a name that is not loopback's (a proxy's) or another port is left alone.
    expect(await get('/api/health', `127.0.0.1:${port}`)).toEqual({ status: 200 });
    expect(await get('/help', `tickscribe.example.com:${port}`)).toEqual({ status: 200 });
    expect(await get('/help', `127.0.0.1:1${port}`)).toEqual({ status: 200 });
  });
});
