// Each class of hostile input the probe found answers a clear 400, never a 500: NUL characters anywhere,
// numbers beyond what the database holds, two files in one upload; and the upload limits are fair (exactly 1MB
// is accepted, one byte more is not; an empty file is refused at once).
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';

const t = useTestApp();
let token: string;
let userId: string;

beforeAll(async () => {
  ({ token, userId } = await signUpVerified(t.base, t.db));
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; error?: string }> {
  const response = await fetch(`${t.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json().catch(() => ({}))) as { error?: string };
  return { status: response.status, ...(answer.error ? { error: answer.error } : {}) };
}

function upload(files: { name: string; bytes: Uint8Array<ArrayBuffer> }[]) {
  const form = new FormData();
  for (const file of files) form.append('transcript', new Blob([file.bytes]), file.name);
  return fetch(`${t.base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

const ticket = { title: 'Fix the login', description: 'Users are logged out.', priority: 'High', status: 'ToDo', project: 'Web' };

describe('NUL characters', () => {
  it.each([
    ['search text', 'GET', `/api/tickets/search?q=${encodeURIComponent('lo\u0000gin')}`, undefined, 'q'],
    ['transcript search', 'GET', `/api/transcripts?search=${encodeURIComponent('\u0000')}`, undefined, 'search'],
    ['project filter', 'GET', `/api/tickets/filtered?project=${encodeURIComponent('We\u0000b')}`, undefined, 'project'],
    ['ticket field', 'POST', '/api/tickets', { ...ticket, description: 'a\u0000b' }, 'description'],
    ['ticket tag', 'POST', '/api/tickets', { ...ticket, tags: ['ok', 'b\u0000d'] }, 'tags.1'],
    ['e-mail', 'POST', '/auth/login', { email: 'ada\u0000@example.com', password: 'secret' }, 'email'],
    ['path id', 'GET', `/api/tickets/${encodeURIComponent('\u0000')}`, undefined, 'id'],
  ])('in a %s answers 400 naming the field', async (_what, method, path, body, field) => {
    expect(await call(method, path, body)).toEqual({
      status: 400, error: `Invalid request: ${field} contains a NUL character (\\u0000), which cannot be stored.`,
    });
  });
});

describe('numbers beyond what the database holds', () => {
  it.each([
    ['/api/tickets?page=1e18', 'page must be a number written in digits'],
    ['/api/tickets?page=10000000000000000000', 'page must be a number written in digits'],
    ['/api/tickets/filtered?page=1e300', 'page must be a number written in digits'],
    ['/api/transcripts?page=2000000', 'Invalid request: page must be <= 1000000'],
    ['/api/token-usage/history?offset=Infinity', 'offset must be a number written in digits'],
    ['/api/token-usage/history?offset=0x10', 'offset must be a number written in digits'],
    ['/api/tickets/users/search?limit=1e3', 'limit must be a number written in digits'],
  ])('%s answers 400', async (path, message) => {
    const answer = await call('GET', path);
    expect(answer.status).toBe(400);
    expect(answer.error).toContain(message);
  });

  it('every number a request may carry has a maximum in its schema', async () => {
    const { loadSchemaFiles } = await import('../../core/schema/registry.ts');
    const unbounded: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((child, index) => walk(child, `${where}/${index}`));
      if (node === null || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if ((schema['type'] === 'integer' || schema['type'] === 'number') && schema['maximum'] === undefined) unbounded.push(where);
      for (const [key, child] of Object.entries(schema)) walk(child, `${where}/${key}`);
    };
    for (const [file, schema] of loadSchemaFiles()) if (/\.(query|request)\.schema\.json$/.test(file)) walk(schema, file);
    expect(unbounded).toEqual([]);
  });
});

describe('validation messages', () => {
  it('list an empty choice as "(or empty)", not as a trailing comma', async () => {
    expect(await call('GET', '/api/tickets/filtered?status=Sideways')).toEqual({
      status: 400, error: 'Invalid request: status must be one of: ToDo, InProgress, Done, All (or empty)',
    });
  });
});

describe('uploads', () => {
  const text = (size: number) => new Uint8Array(size).fill(0x61);

  it('refuses two files in one upload', async () => {
    const response = await upload([{ name: 'a.txt', bytes: text(10) }, { name: 'b.txt', bytes: text(10) }]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('Upload one file at a time: this upload holds more than one.');
  });

  it('accepts exactly 1MB (1048576 bytes) and refuses one byte more', async () => {
    const exact = await upload([{ name: 'exact.txt', bytes: text(1_048_576) }]);
    expect(exact.status).toBe(201);
    const over = await upload([{ name: 'over.txt', bytes: text(1_048_577) }]);
    expect(over.status).toBe(413);
  });

  it('refuses an empty file at upload, storing nothing', async () => {
    // This user's transcripts: other test files upload into the same database meanwhile.
    const count = async () => (await t.db.query('select count(*)::int as n from transcripts where user_id = $1', [userId])).rows[0].n as number;
    const before = await count();
    const response = await upload([{ name: 'empty.vtt', bytes: new Uint8Array(0) }]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('The file is empty.');
    expect(await count()).toBe(before);
  });

  it('keeps the extension of a very long file name, so the transcript is read', async () => {
    const meeting = new TextEncoder().encode('Ada: I will write the release notes by Friday.\nGrace: Thanks.\n');
    const name = `${'quarterly-planning-'.repeat(270)}.TXT`;
    expect(name.length).toBeGreaterThan(5000);
    const response = await upload([{ name, bytes: meeting }]);
    expect(response.status).toBe(201);
    const { transcript } = (await response.json()) as { transcript: { id: string } };
    let row: { processing_status: string; raw_file_name: string; title: string } | undefined;
    for (let wait = 0; wait < 200 && !['completed', 'failed'].includes(row?.processing_status ?? ''); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = (await t.db.query('select processing_status, raw_file_name, title from transcripts where id = $1', [transcript.id])).rows[0];
    }
    expect(row?.processing_status).toBe('completed');
    expect(row!.raw_file_name).toHaveLength(255);
    expect(row!.raw_file_name).toMatch(/^quarterly-planning-.*…\.TXT$/);
  });

  it('reads a transcript whose text holds lone surrogates and NULs, keeping what can be kept', async () => {
    // JSON escapes: the bytes are valid UTF-8, the decoded strings are not storable as they are.
    const file = '[{"speaker": "Ada \\ud800", "text": "I will write the release notes by Friday.\\u0000 \\udc00 Thanks \\ud83d\\ude80"},' +
      ' {"speaker": "Grace", "text": "Great, thanks Ada."}]';
    const response = await upload([{ name: 'meeting.json', bytes: new TextEncoder().encode(file) }]);
    expect(response.status).toBe(201);
    const { transcript } = (await response.json()) as { transcript: { id: string } };
    let row: { processing_status: string; messages: { content: string }[]; participants: { name: string }[]; metadata: { error?: string } } | undefined;
    for (let wait = 0; wait < 200 && !['completed', 'failed'].includes(row?.processing_status ?? ''); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = (await t.db.query('select processing_status, messages, participants, metadata from transcripts where id = $1', [transcript.id])).rows[0];
    }
    expect(row?.metadata.error).toBeUndefined();
    expect(row?.processing_status).toBe('completed');
    expect(row!.messages[0]!.content).toBe('I will write the release notes by Friday. \ufffd Thanks 🚀');
    expect(row!.participants[0]!.name).toBe('Ada \ufffd');
  });

  it("says how long processing takes with the configured extractor (offline: seconds)", async () => {
    const meeting = new TextEncoder().encode('Ada: I will write the release notes by Friday.\nGrace: Thanks.\n');
    const response = await upload([{ name: 'notes.txt', bytes: meeting }]);
    expect(((await response.json()) as { message: string }).message).toBe('Transcript uploaded. Processing has started and takes a few seconds.');
  });

  it("does not count uploads that fail before extraction against the month's transcripts", async () => {
    const user = await signUpVerified(t.base, t.db);
    const send = (name: string, bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.append('transcript', new Blob([bytes]), name);
      return fetch(`${t.base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
    };
    const binary = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    for (let i = 0; i < 6; i++) {
      const answer = (await (await send(`scan-${i}.txt`, binary)).json()) as { transcript: { id: string } };
      for (let wait = 0; wait < 200; wait++) {
        const { rows } = await t.db.query('select processing_status from transcripts where id = $1', [answer.transcript.id]);
        if (rows[0].processing_status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const meeting = new TextEncoder().encode('Ada: I will write the release notes by Friday.\n');
    expect((await send('notes.txt', meeting)).status).toBe(201);
  });
});
