// Upload to tickets through the real API, the real worker and the Temporal dev server; the LLM is a local
// OpenAI-compatible server (tests/support/fake-openai.ts).
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { apiError, completion, FakeOpenAI } from '../support/fake-openai.ts';

let app: TestApp;
let base: string;
let llm: FakeOpenAI;
let db: pg.Client;

beforeAll(async () => {
  llm = await FakeOpenAI.start();
  app = await startTestApp({ EXTRACTOR: 'openai', OPENAI_BASE_URL: llm.baseURL, OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'fake-model' });
  base = app.url.replace('localhost', '127.0.0.1');
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await app?.stop();
  await llm?.close();
  await db?.end();
});
beforeEach(() => llm.reset());

const signedIn = () => signUpVerified(base, db);

function upload(token: string, name: string, content: string | Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append('transcript', new Blob([content]), name);
  return fetch(`${base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

async function get<T>(token: string, path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as T };
}

interface Status { processingStatus: string; metadata: Record<string, unknown>; ticketCount: number }

async function settled(token: string, id: string): Promise<Status> {
  for (let i = 0; i < 900; i++) {
    const { body } = await get<Status>(token, `/api/transcripts/${id}/status`);
    if (body.processingStatus === 'completed' || body.processingStatus === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('processing did not finish');
}

const MEETING = [
  'WEBVTT', '',
  '1', '00:00:01.000 --> 00:00:05.000', 'Ada Lovelace: Grace, can you fix the login redirect bug by Friday? It is urgent.', '',
  '2', '00:00:05.500 --> 00:00:09.000', "Grace Hopper: Sure, I'll fix it and then update the release notes.", '',
].join('\n');

const ticket = (overrides: Record<string, unknown>) => ({
  title: 'Fix the login redirect bug', description: 'Users are sent to the wrong page after logging in.', context: null,
  implementation: null, dependsOn: [], effort: 'Small', priority: 'High', assignee: 'Grace Hopper', dueDate: null, tags: ['bug'],
  notes: null, project: 'Web app', quote: 'Grace, can you fix the login redirect bug by Friday?', ...overrides,
});

describe('upload to tickets', () => {
  it('stores the upload, runs the ingest workflow and saves the tickets and the usage', async () => {
    const { token, userId } = await signedIn();
    llm.script(completion({ tickets: [
      ticket({}),
      ticket({ title: 'Update the release notes', description: 'After the fix.', dependsOn: ['Fix the login redirect bug'], priority: 'Medium', tags: [], project: null, effort: null, quote: "I'll fix it and then update the release notes." }),
    ] }, { promptTokens: 321, completionTokens: 123 }));
    const response = await upload(token, 'planning.vtt', MEETING);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { transcript: { id: string; title: string } };
    expect(answer).toEqual({
      success: true, message: 'Transcript uploaded. Processing has started and takes about 1-2 minutes.',
      transcript: { id: expect.any(String), title: 'planning' }, processingStatus: 'pending', tickets: [],
    });
    const status = await settled(token, answer.transcript.id);
    expect(status).toMatchObject({ processingStatus: 'completed', ticketCount: 2, metadata: { format: 'zoom', ticketCount: 2 } });

    const { body } = await get<{ transcript: { participants: { name: string }[]; messages: unknown[]; source: string }; tickets: Record<string, unknown>[] }>(token, `/api/transcripts/${answer.transcript.id}`);
    expect(body.transcript.participants.map((p) => p.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(body.tickets).toHaveLength(2);
    const [fix, notes] = body.tickets;
    expect(fix).toMatchObject({ title: 'Fix the login redirect bug', priority: 'High', assignee: 'Grace Hopper', status: 'ToDo', project: 'Web app', tags: ['bug'], transcriptId: answer.transcript.id });
    expect(notes).toMatchObject({ title: 'Update the release notes', project: 'General', dependencies: [fix!['id']] });
    // Made by the uploader, edited by nobody yet; the list says the same.
    expect(body.tickets.map((ticket) => [ticket['createdBy'], ticket['editedBy']])).toEqual([[{ id: userId, name: 'Ada' }, null], [{ id: userId, name: 'Ada' }, null]]);
    const listed = await get<{ data: Record<string, unknown>[] }>(token, '/api/tickets/filtered?page=1&limit=10');
    expect(listed.body.data.map((ticket) => ticket['createdBy'])).toEqual([{ id: userId, name: 'Ada' }, { id: userId, name: 'Ada' }]);

    const request = llm.requests[0]!.body as { model: string; response_format: { json_schema: { strict: boolean } }; messages: { content: string }[] };
    expect(request.model).toBe('fake-model');
    expect(request.response_format.json_schema.strict).toBe(true);
    expect(request.messages[1]!.content).toContain('Ada Lovelace: Grace, can you fix the login redirect bug by Friday?');

    const history = await get<{ history: Record<string, unknown>[] }>(token, '/api/token-usage/history?limit=20&offset=0');
    expect(history.body.history).toEqual([{ id: expect.any(String), createdAt: expect.any(String), operationType: 'ticket_extraction', aiProvider: 'openai', inputTokens: 321, outputTokens: 123 }]);
    const { rows } = await db.query('select transcripts_processed from users where id = $1', [userId]);
    expect(rows[0].transcripts_processed).toBe(1);
    expect((await db.query('select count(*)::int as n from credit_reservations r join workspaces w on w.id = r.workspace_id where w.owner_id = $1', [userId])).rows[0].n).toBe(0);
  });

  it('splits a long meeting at speaker turns and extracts the chunks in parallel', async () => {
    const { token } = await signedIn();
    const lines = ['WEBVTT', ''];
    for (let i = 0; i < 240; i++) {
      const who = i % 2 ? 'Grace Hopper' : 'Ada Lovelace';
      lines.push(String(i + 1), `00:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000 --> 00:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.900`, `${who}: ${'We talked about the roadmap and the budget for the next quarter. '.repeat(2)}`, '');
    }
    const titles = ['Draft the roadmap', 'Review the quarterly budget', 'Book the offsite venue', 'Spare answer'];
    for (const title of titles) llm.script({ ...completion({ tickets: [ticket({ title, quote: 'x' })] }), delayMs: 1500 });
    const answer = (await (await upload(token, 'long.vtt', lines.join('\n'))).json()) as { transcript: { id: string } };
    const started = Date.now();
    const status = await settled(token, answer.transcript.id);
    expect(status.processingStatus).toBe('completed');
    expect(llm.requests).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(4 * 1500);
    expect(status.ticketCount).toBe(3);
  });
});

describe('failures', () => {
  it('marks an unreadable file failed, in words', async () => {
    const { token } = await signedIn();
    const answer = (await (await upload(token, 'notes.txt', '--- === +++\n')).json()) as { transcript: { id: string } };
    const status = await settled(token, answer.transcript.id);
    expect(status).toMatchObject({
      processingStatus: 'failed',
      metadata: { error: 'This file could not be read as a transcript: The file does not look like any transcript format Tickscribe reads (see the supported formats in Help).' },
    });
    expect(llm.requests).toHaveLength(0);
  });

  it('refuses over 1MB and other extensions before storing anything', async () => {
    const { token, userId } = await signedIn();
    const big = await upload(token, 'big.txt', new Uint8Array(1_048_577).fill(0x61));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ success: false, error: 'File size exceeds the maximum limit of 1MB.', message: 'File size exceeds the maximum limit of 1MB.' });
    const docx = await upload(token, 'minutes.docx', 'Ada: hi');
    expect(docx.status).toBe(400);
    expect(((await docx.json()) as { message: string }).message).toBe('Files ending in .docx are not supported. Upload one of .txt .json .vtt .srt .csv .tsv .tab.');
    expect((await db.query('select count(*)::int as n from transcripts where user_id = $1', [userId])).rows[0].n).toBe(0);
    const noFile = await fetch(`${base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: new FormData() });
    expect(noFile.status).toBe(400);
  });

  it('refuses the upload when the token credits are used up', async () => {
    const { token, userId } = await signedIn();
    await db.query(`insert into token_usage (id, user_id, operation_type, ai_provider, input_tokens, output_tokens, created_at) values (gen_random_uuid(), $1, 'ticket_extraction', 'openai', 200000, 100, now())`, [userId]);
    const response = await upload(token, 'planning.vtt', MEETING);
    expect(response.status).toBe(402);
    expect(((await response.json()) as { message: string }).message).toMatch(/token credit/);
  });

  it('fails with tokenLimitExceeded when the credits run out during processing', async () => {
    const { token, userId } = await signedIn();
    await db.query(`insert into token_usage (id, user_id, operation_type, ai_provider, input_tokens, output_tokens, created_at) values (gen_random_uuid(), $1, 'ticket_extraction', 'openai', 1000, 38000, now())`, [userId]);
    const answer = (await (await upload(token, 'planning.vtt', MEETING)).json()) as { transcript: { id: string } };
    const status = await settled(token, answer.transcript.id);
    expect(status.processingStatus).toBe('failed');
    expect(status.metadata).toMatchObject({ tokenLimitExceeded: true, error: expect.stringMatching(/token credit/) });
    expect(llm.requests).toHaveLength(0);
  });

  it('reports an extractor error the user can act on', async () => {
    const { token } = await signedIn();
    llm.script(apiError(401, 'Incorrect API key provided'));
    const answer = (await (await upload(token, 'planning.vtt', MEETING)).json()) as { transcript: { id: string } };
    const status = await settled(token, answer.transcript.id);
    expect(status.processingStatus).toBe('failed');
    expect(status.metadata['error']).toMatch(/^Tickets could not be extracted: The AI service refused the request: Incorrect API key provided/);
  });

  it("retries a rate-limited call and still completes", async () => {
    const { token } = await signedIn();
    llm.script(apiError(429, 'Slow down', { 'retry-after': '0' }), completion({ tickets: [ticket({})] }));
    const answer = (await (await upload(token, 'planning.vtt', MEETING)).json()) as { transcript: { id: string } };
    const status = await settled(token, answer.transcript.id);
    expect(status).toMatchObject({ processingStatus: 'completed', ticketCount: 1 });
    expect(llm.requests).toHaveLength(2);
  });
});

describe('the credit race', () => {
  it('fifty uploads racing at the limit never spend past it', async () => {
    const { token, userId } = await signedIn();
    // Pro: 400,000 output tokens a month; 360,000 spent leaves room for ten calls that reserve 4,000 each.
    await db.query(`update workspaces set subscription_tier = 'Pro' where owner_id = $1 and personal`, [userId]);
    await db.query(`insert into token_usage (id, user_id, operation_type, ai_provider, input_tokens, output_tokens, created_at) values (gen_random_uuid(), $1, 'ticket_extraction', 'openai', 0, 360000, now())`, [userId]);
    for (let i = 0; i < 50; i++) llm.script(completion({ tickets: [] }, { promptTokens: 100, completionTokens: 3900 }));
    const uploads = await Promise.all(Array.from({ length: 50 }, () => upload(token, 'planning.vtt', MEETING)));
    expect(uploads.map((r) => r.status)).toEqual(Array(50).fill(201));
    const ids = await Promise.all(uploads.map(async (r) => ((await r.json()) as { transcript: { id: string } }).transcript.id));
    const outcomes = await Promise.all(ids.map((id) => settled(token, id)));
    const completed = outcomes.filter((o) => o.processingStatus === 'completed').length;
    const refused = outcomes.filter((o) => o.metadata['tokenLimitExceeded'] === true).length;
    expect(completed + refused).toBe(50);
    expect(completed).toBe(10);
    const { rows } = await db.query('select sum(output_tokens)::int as output from token_usage where user_id = $1', [userId]);
    expect(rows[0].output).toBe(360_000 + 10 * 3900);
    expect(rows[0].output).toBeLessThanOrEqual(400_000);
  }, 120_000);

  it('counts racing uploads against the monthly transcript limit one at a time', async () => {
    const { token, userId } = await signedIn();
    for (let i = 0; i < 10; i++) llm.script(completion({ tickets: [] }));
    const uploads = await Promise.all(Array.from({ length: 10 }, () => upload(token, 'planning.vtt', MEETING)));
    expect(uploads.map((r) => r.status).sort()).toEqual([...Array(5).fill(201), ...Array(5).fill(402)]);
    expect((await db.query('select count(*)::int as n from transcripts where user_id = $1', [userId])).rows[0].n).toBe(5);
    // Let the accepted ones finish, so they do not take the next test's scripted answers.
    const accepted = await Promise.all(uploads.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as { transcript: { id: string } }).transcript.id));
    for (const id of accepted) expect((await settled(token, id)).processingStatus).toBe('completed');
  });
});

describe('transcripts API', () => {
  it("lists, hides other users' transcripts, and deletes keeping the tickets", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    llm.script(completion({ tickets: [ticket({})] }));
    const { transcript } = (await (await upload(owner.token, 'planning.vtt', MEETING)).json()) as { transcript: { id: string } };
    await settled(owner.token, transcript.id);
    const list = await get<{ data: { id: string; messageCount: number }[]; pagination: object }>(owner.token, '/api/transcripts?page=1&limit=10');
    expect(list.body.data.map((t) => t.id)).toEqual([transcript.id]);
    expect(list.body.pagination).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 });
    for (const path of [`/api/transcripts/${transcript.id}`, `/api/transcripts/${transcript.id}/status`]) {
      expect(await get(stranger.token, path)).toEqual({ status: 404, body: { error: 'Transcript not found' } });
    }
    expect((await get<{ data: unknown[] }>(stranger.token, '/api/transcripts')).body.data).toEqual([]);
    expect((await fetch(`${base}/api/transcripts/${transcript.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(404);
    expect((await fetch(`${base}/api/transcripts/${transcript.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(204);
    expect((await get(owner.token, `/api/transcripts/${transcript.id}`)).status).toBe(404);
    const { rows } = await db.query('select transcript_id from tickets where user_id = $1', [owner.userId]);
    expect(rows).toEqual([{ transcript_id: null }]);
  });
});
