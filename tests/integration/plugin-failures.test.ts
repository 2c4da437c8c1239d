// Plugin failures through the real API, worker, database and Temporal dev server: a confident parser that fails is
// named in the transcript's metadata, its warnings and the log; a parser's extensions widen what uploads accept;
// a tracker plugin's bug fails its ticket at once, while a failure the service may recover from is retried with
// the last error in the push's progress.
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { call, type Json } from './connections-support.ts';
import { createTickets } from './push-support.ts';

const FIXTURES = './tests/fixtures/plugins/failures';
/** Every line the app logs at info and above. */
const logLines: string[] = [];
let app: TestApp;
let base: string;
let db: pg.Client;
let session: string;

beforeAll(async () => {
  app = await startTestApp(
    { LOG_LEVEL: 'info', EXTRACTOR: 'heuristic', PLUGINS: `${FIXTURES}/parsers.js,${FIXTURES}/tracker.js` },
    { logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }) },
  );
  base = app.url.replace('localhost', '127.0.0.1');
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  ({ token: session } = await signUpVerified(base, db));
});
afterAll(async () => {
  await app?.stop();
  await db?.end();
});

const api = (method: string, path: string, body?: unknown) => call(base, session, method, path, body);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function upload(name: string, content: string) {
  const form = new FormData();
  form.append('transcript', new Blob([content]), name);
  const response = await fetch(`${base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${session}` }, body: form });
  return { status: response.status, body: (await response.json()) as Json };
}

async function settled(id: string): Promise<Json> {
  for (let i = 0; i < 1200; i++) {
    const { body } = await api('GET', `/api/transcripts/${id}/status`);
    if (body['processingStatus'] === 'completed' || body['processingStatus'] === 'failed') return body;
    await sleep(100);
  }
  throw new Error('processing did not finish');
}

describe('parser auto-detection', () => {
  it('names the confident parser that failed, and why, in the metadata, the warnings and the log', async () => {
    const minutes = '# Minutes: Weekly sync\nAda: Grace, please write the release notes by Friday.\nGrace: I will write them.';
    const uploaded = await upload('weekly-sync.txt', minutes);
    expect(uploaded.status).toBe(201);
    const id = String((uploaded.body['transcript'] as Json)['id']);
    const status = await settled(id);
    expect(status['processingStatus']).toBe('completed');
    const metadata = status['metadata'] as Json;
    expect(metadata['format']).toBe('text');
    const problem = "Buggy minutes: Cannot read properties of null (reading '1')";
    expect(metadata['parserFailures']).toEqual([{ format: 'buggy-minutes', name: 'Buggy minutes', confidence: 0.9, problem }]);
    expect(metadata['warnings']).toContain(
      "The Buggy minutes parser recognised this file (confidence 0.9) but could not read it: Cannot read properties of null (reading '1'). It was read as Plain text instead: check the result.",
    );
    const logged = logLines.map((line) => JSON.parse(line) as Json).find((line) => line['plugin'] === 'buggy-minutes');
    expect(logged).toMatchObject({
      level: 40, transcriptId: id, confidence: 0.9, readAs: 'text',
      msg: `The Buggy minutes parser (buggy-minutes) failed on transcript ${id}, which was read by text instead: ${problem}`,
    });
  });
});

describe('upload extensions', () => {
  it("accepts the extensions of the loaded parsers (and says which), and still refuses others", async () => {
    const limits = await fetch(`${base}/api/transcripts/upload-limits`);
    expect(limits.status).toBe(200);
    expect(await limits.json()).toEqual({
      maxBytes: 1_048_576, acceptedExtensions: ['.txt', '.json', '.vtt', '.srt', '.csv', '.tsv', '.tab', '.md', '.markdown'],
    });
    const uploaded = await upload('Retro.md', '## Notes\n- Ada: Grace, please update the changelog by Monday.\n- Grace: I will update it.');
    expect(uploaded.status).toBe(201);
    const status = await settled(String((uploaded.body['transcript'] as Json)['id']));
    expect(status).toMatchObject({ processingStatus: 'completed', metadata: { format: 'markdown-notes' } });
    const refused = await upload('notes.docx', 'Ada: hi');
    expect(refused).toEqual({
      status: 400,
      body: { success: false, error: expect.any(String), message: 'Files ending in .docx are not supported. Upload one of .txt .json .vtt .srt .csv .tsv .tab .md .markdown.' },
    });
    const tooLarge = await upload('big.md', `## Notes\n- Ada: ${'x'.repeat(1_048_576)}`);
    expect(tooLarge.status).toBe(413);
  });
});

describe("a tracker plugin's failures", () => {
  let connectionId: string;
  beforeAll(async () => {
    const answer = await api('POST', '/api/connections', {
      name: 'Scripted board', project_identifier: 'board', connection_type: 'scripted',
      credentials: { scripted: {} }, settings: { projectMappings: ['Website'], userMappings: {} },
    });
    expect(answer.status, answer.text).toBe(201);
    connectionId = String((answer.body['connection'] as Json)['id']);
  });

  it('fails a ticket at once when the plugin has a bug, naming the plugin and the error', async () => {
    const ids = await createTickets(api, [{ title: 'Bug: crashes the plugin' }]);
    const started = Date.now();
    const pushed = await api('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: Object.values(ids), waitSeconds: 20 });
    expect(pushed.status, pushed.text).toBe(200);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(pushed.body).toMatchObject({ successfulPushes: 0, failedPushes: 1 });
    const [result] = pushed.body['results'] as Json[];
    expect(result!['error']).toMatch(
      /^The scripted plugin's create\(\) failed with a TypeError: Cannot read properties of undefined \(reading 'id'\) \(at tracker\.js line 17\)\. This is a fault in the plugin, not in the service it talks to, so it is not tried again: report it to the plugin's author\.$/,
    );
    // One attempt, not eight: the push's history has a single pushTicket activity.
    const { Client } = await import('@temporalio/client');
    const client = new Client({ connection: app.temporal });
    const history = await client.workflow.getHandle(`push-${connectionId}-${String(pushed.body['batchId'])}`).fetchHistory();
    const attempts = (history.events ?? []).filter((event) => event.activityTaskStartedEventAttributes).map((event) => event.activityTaskStartedEventAttributes!.attempt);
    expect(attempts.every((attempt) => attempt === 1)).toBe(true);
  });

  it("shows the last error in the push's progress while a failure the service may recover from is retried", async () => {
    const ids = await createTickets(api, [{ title: 'Flaky: the board is down' }]);
    const started = await api('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: Object.values(ids), batchId: 'flaky', waitSeconds: 1 });
    expect(started.status, started.text).toBe(202);
    let seen: Json | undefined;
    let status: Json = {};
    for (let i = 0; i < 600 && status['status'] !== 'completed'; i++) {
      status = (await api('GET', `/api/connections/${connectionId}/pushes/flaky`)).body;
      const progress = status['progress'] as Json | null;
      if (status['status'] === 'running' && progress?.['lastError']) seen ??= progress;
      await sleep(100);
    }
    expect(seen?.['lastError']).toMatch(/^The scripted board answered 503 Service Unavailable \(failure [1-3]\)\. \(trying again: attempt [2-4] of 8\)$/);
    expect(status).toMatchObject({ status: 'completed', result: { successfulPushes: 1, failedPushes: 0 }, progress: { phase: 'done' } });
  });
});
