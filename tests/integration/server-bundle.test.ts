// The API and the worker as `npm start` runs them: from the server bundle `npm run build` makes (server/bundle-cli.ts),
// while every in-process test runs the sources. A user's way through the bundled API, so that a dependency the bundler changed
// (its CommonJS turned into ESM, a file it reads beside itself) fails here.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildIfNeeded, currentServerBundle, SERVER_BUNDLE } from '../../server/build-if-needed.ts';
import { signUpVerified } from '../support/accounts.ts';
import { freePort } from '../support/free-port.ts';
import { ROOT, startMainProcess, type StartedProcess } from '../support/process.ts';

const started: StartedProcess[] = [];
let db: pg.Client;
let base = '';

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  const port = await freePort();
  const env = {
    DATABASE_URL: inject('databaseUrl'), TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: `bundle-${randomUUID()}`,
    DATA_DIR: inject('dataDir'), PORT: String(port),
  };
  started.push(await startMainProcess(env, ['--role=api']), await startMainProcess(env, ['--role=worker']));
  base = `http://127.0.0.1:${port}`;
}, 180_000);

afterAll(async () => {
  await Promise.all(started.filter((p) => p.child.exitCode === null).map((p) => p.stop()));
  await db?.end();
});

describe('the server bundle', () => {
  it('is current after the build, so start.ts loads it for the API and the worker', () => {
    expect(buildIfNeeded(ROOT, () => {})).toBe(join(ROOT, SERVER_BUNDLE));
    expect(currentServerBundle(ROOT)).toBe(join(ROOT, SERVER_BUNDLE));
  });

  it('is ASCII without comments, so V8 holds each chunk at one byte a character', () => {
    const dir = join(ROOT, 'dist/server');
    const chunks = readdirSync(dir).filter((name) => name.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      const code = readFileSync(join(dir, chunk), 'utf8');
      expect({ chunk, nonAscii: /[\u0080-\uffff]/.exec(code)?.[0] }).toEqual({ chunk, nonAscii: undefined });
      // Rolldown names each module it inlined in a line of its own ("// core/db/orm.ts"): those stay.
      expect({ chunk, comment: /^\s*\/\/ (?!#)(?!\S+\.(?:[cm]?js|ts|json)$)\S.*$/m.exec(code)?.[0] }).toEqual({ chunk, comment: undefined });
    }
  });

  it("serves a user's way: the web app, sign-in, an upload extracted into tickets, search, an edit, bad input in words", async () => {
    expect(await (await fetch(`${base}/api/health`)).json()).toMatchObject({ status: 'ok', database: 'ok', temporal: 'ok', workers: 'ok' });
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await (await fetch(`${base}/api/openapi.json`)).json()).openapi).toMatch(/^3\.1/);

    const { token } = await signUpVerified(base, db);
    const authorization = `Bearer ${token}`;
    const form = new FormData();
    form.append('transcript', new Blob(['Ada Lovelace: Grace, can you fix the login redirect bug by Friday?\nGrace Hopper: Sure, I will.\n']), 'standup.txt');
    const upload = await fetch(`${base}/api/transcripts/upload`, { method: 'POST', headers: { authorization }, body: form });
    expect(upload.status).toBe(201);
    const { transcript } = (await upload.json()) as { transcript: { id: string } };
    let status = '';
    for (let i = 0; i < 120 && status !== 'completed' && status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = ((await (await fetch(`${base}/api/transcripts/${transcript.id}/status`, { headers: { authorization } })).json()) as { processingStatus: string }).processingStatus;
    }
    expect(status).toBe('completed');

    const list = (await (await fetch(`${base}/api/tickets/filtered?page=1&limit=10`, { headers: { authorization } })).json()) as { data: { id: string; title: string }[] };
    expect(list.data.length).toBeGreaterThan(0);
    const ticket = list.data[0]!;
    const found = (await (await fetch(`${base}/api/tickets/filtered?search=REDIRECT&page=1&limit=10`, { headers: { authorization } })).json()) as { data: { id: string }[] };
    expect(found.data.map((t) => t.id)).toContain(ticket.id);
    const picked = (await (await fetch(`${base}/api/tickets/search?q=redirect`, { headers: { authorization } })).json()) as { tickets: { id: string }[] };
    expect(picked.tickets.map((t) => t.id)).toContain(ticket.id);

    const edit = await fetch(`${base}/api/tickets/${ticket.id}`, {
      method: 'PUT', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Fix the login redirect' }),
    });
    expect(edit.status).toBe(200);
    expect(((await edit.json()) as { ticket: { title: string } }).ticket.title).toBe('Fix the login redirect');

    const bad = await fetch(`${base}/api/tickets/${ticket.id}`, {
      method: 'PUT', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ priority: 'whenever' }),
    });
    expect(bad.status).toBe(400);
    const refusal = await bad.text();
    expect(refusal).toMatch(/priority/i);
    expect(refusal).not.toMatch(/\bat .*\.(?:js|ts):\d+/);
    expect((await fetch(`${base}/api/tickets/${randomUUID()}`, { headers: { authorization } })).status).toBe(404);
    expect((await fetch(`${base}/api/tickets/filtered?page=1&limit=10`)).status).toBe(401);
  });
});
