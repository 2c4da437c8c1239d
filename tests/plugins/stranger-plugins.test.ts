// A stranger's plugins, from docs/plugins.md word for word: the TypeScript Markdown meeting-log parser and the
// Tasklist tracker, each in a folder of its own depending on the packed SDK, type-check with `tsc --init`'s
// tsconfig, pass their kits under plain Node, and load into the real app (API, worker, PostgreSQL, Temporal) through
// PLUGINS: a `.md` log uploaded through the API is read by the parser, and its tickets are pushed to the Tasklist
// stand-in through the push workflow, once. The docs' plain-JavaScript minutes parser and its kit test run as written.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { startTasklist } from '../support/tasklist.ts';
import { call, type Json } from '../integration/connections-support.ts';
import { docsBlocks, packSdk, pluginProject, ROOT, run, step, TSC } from './sdk-support.ts';

const LOG = [
  '# Meeting log: Weekly sync (2026-03-02)',
  '**Ada** [00:01] Grace, can you fix the login timeout on mobile by Friday?',
  "**Grace** [00:07] Sure, I'll fix the login timeout.",
  '',
].join('\n');

let dir: string;
let tarball: string;
let meetingLog: string;
let tracker: string;
let tasklist: Awaited<ReturnType<typeof startTasklist>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stranger-'));
  tasklist = await startTasklist();
  tarball = await packSdk(dir);
  const [trackerCode, , parserCode, parserTest] = await docsBlocks('## The SDK: `@tickscribe/plugin-sdk`', 'ts');
  meetingLog = await pluginProject(dir, 'meeting-log', tarball, { 'index.ts': parserCode!, 'test.ts': parserTest! });
  tracker = await pluginProject(dir, 'tasklist-ts', tarball, { 'index.ts': trackerCode! });
  // Compiled as the docs say: `tsc` writes index.js beside index.ts, which package.json's main names.
  await step(TSC, ['-p', meetingLog], ROOT);
  await step(TSC, ['-p', tracker], ROOT);
}, 300_000);

afterAll(async () => {
  tasklist?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the docs' TypeScript meeting-log parser, in its own folder", () => {
  it('passes the parser kit under plain Node, and the kit names a broken copy', async () => {
    await step(process.execPath, ['test.ts'], meetingLog);
    // The same parser with the speakers' ids lost: the kit must say which message names nobody.
    await writeFile(join(meetingLog, 'broken.ts'), [
      "import meetingLog from './index.js';",
      'export default { ...meetingLog, parse: (input: Parameters<typeof meetingLog.parse>[0]) => {',
      '  const { transcript } = meetingLog.parse(input);',
      "  return { transcript: { ...transcript, messages: transcript.messages.map((message) => ({ ...message, speaker: { id: 'nobody' } })) } };",
      '} };',
    ].join('\n'));
    await writeFile(join(meetingLog, 'broken-test.ts'), (await readFile(join(meetingLog, 'test.ts'), 'utf8')).replace("from './index.js'", "from './broken.ts'"));
    const failure = await run(process.execPath, ['broken-test.ts'], { cwd: meetingLog }).then(() => '', (error: { stderr: string }) => error.stderr);
    expect(failure).toContain('meeting-log breaks the parser contract');
    expect(failure).toContain('sync.md: failed with an unexpected Error: The meeting-log plugin\'s parse() returned an invalid transcript: transcript.messages[0].speaker.id "nobody" names no participant');
  });
});

describe("the docs' plain-JavaScript minutes parser", () => {
  it('passes its kit test as written', async () => {
    const [packageJson] = await docsBlocks('## A complete example', 'json');
    const [code] = await docsBlocks('## A complete example', 'js');
    const [test] = await docsBlocks('## Testing it', 'js');
    const project = await pluginProject(dir, 'minutes', tarball, { 'package.json': packageJson!, 'index.js': code!, 'test.js': test! }, { typescript: false });
    await step(process.execPath, ['test.js'], project);
    // The kit really ran: a parser that reads nothing fails it.
    await writeFile(join(project, 'test-nothing.js'), test!.replace("import minutesParser from './index.js';", "import real from './index.js';\nconst minutesParser = { ...real, parse: () => ({ transcript: { participants: [], messages: [] } }) };"));
    const failure = await run(process.execPath, ['test-nothing.js'], { cwd: project }).then(() => '', (error: { stderr: string }) => error.stderr);
    expect(failure).toContain('minutes breaks the parser contract');
  });
});

describe('both plugins loaded into the app through PLUGINS', () => {
  let app: TestApp;
  let base: string;
  let db: pg.Client;
  let session: string;

  beforeAll(async () => {
    app = await startTestApp({ EXTRACTOR: 'heuristic', PLUGINS: `${meetingLog},${tracker}`, OUTBOUND_ALLOWLIST: '127.0.0.1' });
    base = app.url.replace('localhost', '127.0.0.1');
    db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    ({ token: session } = await signUpVerified(base, db));
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
    await db?.end();
  });

  const api = (method: string, path: string, body?: unknown) => call(base, session, method, path, body);

  it('reads an uploaded .md log with the parser, and pushes its tickets to the tracker once', async () => {
    const form = new FormData();
    form.append('transcript', new Blob([LOG]), 'weekly-sync.md');
    const uploaded = await fetch(`${base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${session}` }, body: form });
    const body = (await uploaded.json()) as Json;
    expect(uploaded.status, JSON.stringify(body)).toBe(201);
    const transcriptId = String((body['transcript'] as Json)['id']);
    let status: Json = {};
    for (let i = 0; i < 1200 && !['completed', 'failed'].includes(String(status['processingStatus'])); i++) {
      status = (await api('GET', `/api/transcripts/${transcriptId}/status`)).body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toMatchObject({ processingStatus: 'completed', metadata: { format: 'meeting-log' } });
    const tickets = (await db.query<{ id: string }>('select id from tickets where transcript_id = $1', [transcriptId])).rows.map((row) => row.id);
    expect(tickets.length).toBeGreaterThan(0);

    const connection = await api('POST', '/api/connections', {
      name: 'Tasklist inbox', project_identifier: 'inbox', connection_type: 'tasklist-ts',
      credentials: { 'tasklist-ts': { url: tasklist.url, token: 'secret' } }, settings: { projectMappings: [], userMappings: {} },
    });
    expect(connection.status, connection.text).toBe(201);
    const connectionId = String((connection.body['connection'] as Json)['id']);
    const before = tasklist.tasks.length;
    const first = await api('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: tickets, waitSeconds: 20 });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ successfulPushes: tickets.length, failedPushes: 0 });
    expect(tasklist.tasks.length - before).toBe(tickets.length);
    const second = await api('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: tickets, waitSeconds: 20 });
    // Pushed tickets are not pushed again: the push is refused in words, and Tasklist holds no second copy.
    expect(second.status, second.text).toBe(400);
    expect(second.body).toMatchObject({ error: 'All selected tickets have already been pushed to external systems' });
    expect(tasklist.tasks.length - before).toBe(tickets.length);
  });
});
