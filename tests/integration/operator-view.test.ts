// What an operator does in the Temporal UI and CLI, done through the SDK against the real dev server and worker:
// reset finished workflows (the UI's primary button), list what failed, find one user's or one workspace's work, and
// read histories.
// The LLM is the local OpenAI-compatible stand-in, the tracker the GitHub stand-in.
import { randomUUID } from 'node:crypto';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { completion, FakeOpenAI } from '../support/fake-openai.ts';
import { gitHubError, startGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
import { withoutServerPaths } from '../../workflows/failure-converter.ts';
import { USER_ATTRIBUTE, WORKSPACE_ATTRIBUTE } from '../../workflows/shared/labels.ts';
import { call } from './connections-support.ts';
import { createTickets, gitHubConnection, issuesByTicket, pushAndWait, usePushApp, type Json } from './push-support.ts';

// The LLM stand-in runs before the app is set up: the app reads its address at start.
const llm = await FakeOpenAI.start();
let github: GitHubFake;
beforeAll(async () => {
  github = await startGitHubFake();
});
afterAll(async () => {
  await llm.close();
  await github?.fake.close();
});
/** The app's task queue, for workflows an operator starts by hand. */
const QUEUE = `operator-${randomUUID()}`;
const t = usePushApp({ EXTRACTOR: 'openai', OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'fake-model', OPENAI_BASE_URL: llm.baseURL, TEMPORAL_TASK_QUEUE: QUEUE });

// History event types (temporal.api.enums.v1.EventType), as fetchHistory decodes them.
const WORKFLOW_TASK_COMPLETED = 7;
const ACTIVITY_TASK_COMPLETED = 12;

const CREATE_ISSUE = 'POST /repos/{owner}/{repo}/issues';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const MEETING = [
  'WEBVTT', '',
  '1', '00:00:01.000 --> 00:00:05.000', 'Ada Lovelace: Grace, can you fix the login redirect bug by Friday? It is urgent.', '',
  '2', '00:00:05.500 --> 00:00:09.000', "Grace Hopper: Sure, I'll fix it and then update the release notes.", '',
].join('\n');

/** Verbatim words of the meeting the extracted tickets quote: none may appear in any history. */
const QUOTE = 'Grace, can you fix the login redirect bug by Friday?';
const CONTEXT = 'Ada asked Grace during the planning call';

const extracted = (title: string) => ({
  title, description: `Do ${title}.`, context: CONTEXT, implementation: null, dependsOn: [], effort: 'Small',
  priority: 'High', assignee: 'Grace Hopper', dueDate: null, tags: [], notes: null, project: 'Web app', quote: QUOTE,
});

async function upload(token: string, name: string, content: string): Promise<string> {
  const form = new FormData();
  form.append('transcript', new Blob([content]), name);
  const response = await fetch(`${t.t.base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { transcript: { id: string } }).transcript.id;
}

/** The latest run of a workflow once it has ended; its status name. */
async function ended(client: Client, workflowId: string): Promise<string> {
  for (let i = 0; i < 600; i++) {
    // Not found yet: started after the request that asked for it answered.
    const status = await client.workflow.getHandle(workflowId).describe().then((found) => found.status, () => ({ name: 'RUNNING' }));
    if (status.name !== 'RUNNING') return status.name;
    await sleep(100);
  }
  throw new Error(`${workflowId} did not end`);
}

/**
 * Resets a run of the workflow (its latest unless `runId`) as the Temporal UI does: to its first workflow task, or
 * to the workflow task completed right after the first event that `after` picks. Returns the new run's id.
 */
async function reset(client: Client, handle: WorkflowHandle, after?: (eventType: number) => boolean, runId?: string): Promise<string> {
  runId ??= (await handle.describe()).runId;
  const events = (await client.workflow.getHandle(handle.workflowId, runId).fetchHistory()).events ?? [];
  const from = after ? events.findIndex((event) => after(Number(event.eventType))) : 0;
  expect(from).toBeGreaterThanOrEqual(0);
  const task = events.slice(from).find((event) => Number(event.eventType) === WORKFLOW_TASK_COMPLETED);
  expect(task).toBeDefined();
  const answer = await client.workflowService.resetWorkflowExecution({
    namespace: 'default', workflowExecution: { workflowId: handle.workflowId, runId },
    workflowTaskFinishEventId: task!.eventId, requestId: randomUUID(), reason: 'operator test',
  });
  return answer.runId!;
}

/** A workflow's whole history as text, each payload decoded, as the Temporal UI and `temporal workflow show` show it. */
async function historyText(client: Client, workflowId: string, runId?: string): Promise<string> {
  const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
  return JSON.stringify(history, function (key, value: unknown) {
    const raw = (this as Record<string, unknown>)[key];
    return raw instanceof Uint8Array ? Buffer.from(raw).toString('utf8') : value;
  });
}

/** A workflow's current details, as the Temporal UI reads them (the SDK's built-in metadata query). */
async function details(client: Client, workflowId: string): Promise<string> {
  return (await client.workflow.getHandle(workflowId).query<{ currentDetails?: string }>('__temporal_workflow_metadata')).currentDetails ?? '';
}

async function ticketRows(transcriptId: string): Promise<{ count: number; ticketCount: unknown; metadataCount: unknown }> {
  const { rows } = await t.t.db.query(
    `select (select count(*)::int from tickets where transcript_id = $1) as count, ticket_count, metadata->'ticketCount' as metadata_count
       from transcripts where id = $1`, [transcriptId],
  );
  return { count: rows[0].count, ticketCount: rows[0].ticket_count, metadataCount: rows[0].metadata_count };
}

describe('reset never duplicates', () => {
  it("a completed ingest reset to its first workflow task, or after its extraction, keeps the transcript's tickets once", async () => {
    const client = t.temporal();
    const { token } = await signUpVerified(t.t.base, t.t.db);
    llm.script(completion({ tickets: [extracted('Fix the login redirect bug'), extracted('Update the release notes')] }));
    const id = await upload(token, 'weekly-sync.vtt', MEETING);
    const workflowId = `ingest-${id}`;
    expect(await ended(client, workflowId)).toBe('COMPLETED');
    expect(await ticketRows(id)).toEqual({ count: 2, ticketCount: 2, metadataCount: 2 });

    const handle = client.workflow.getHandle(workflowId);
    const { runId: original } = await handle.describe();
    // The extracted tickets' context and quote (the meeting's words) stay in the database, out of the history.
    const history = await historyText(client, workflowId);
    expect(history).toContain('extractTranscriptChunk');
    expect(history).not.toContain(QUOTE);
    expect(history).not.toContain(CONTEXT);
    const firstRun = await reset(client, handle);
    expect(await ended(client, workflowId)).toBe('COMPLETED');
    expect((await handle.describe()).runId).toBe(firstRun);
    expect(await ticketRows(id)).toEqual({ count: 2, ticketCount: 2, metadataCount: 2 });

    // The first run again, after its extraction: the history keeps the extracted chunk and the save step runs again.
    await reset(client, handle, (type) => type === ACTIVITY_TASK_COMPLETED, original);
    expect(await ended(client, workflowId)).toBe('COMPLETED');
    expect(await ticketRows(id)).toEqual({ count: 2, ticketCount: 2, metadataCount: 2 });
    // Neither run asked the LLM again.
    expect(llm.pending).toBe(0);
  });

  it("a completed push reset to its first workflow task keeps the user's batch result and creates nothing twice", async () => {
    const client = t.temporal();
    const ids = await createTickets(t.api, [{ title: 'Reset one' }, { title: 'Reset two', dependsOn: ['Reset one'] }, { title: 'Reset three' }]);
    const connectionId = await gitHubConnection(t.api, github);
    const batchId = randomUUID();
    const first = await pushAndWait(t.api, connectionId, { ticketIds: Object.values(ids), batchId });
    expect(first).toMatchObject({ totalProcessed: 3, successfulPushes: 3, failedPushes: 0, skippedTickets: 0 });
    const links = github.state.blockedBy.size;

    const handle = client.workflow.getHandle(`push-${connectionId}-${batchId}`);
    await reset(client, handle);
    expect(await ended(client, handle.workflowId)).toBe('COMPLETED');
    const again = await call(t.t.base, t.session, 'GET', `/api/connections/${connectionId}/pushes/${batchId}`);
    expect(again.body['status']).toBe('completed');
    const result = again.body['result'] as Json;
    expect(result).toMatchObject({ totalProcessed: 3, successfulPushes: 3, failedPushes: 0, skippedTickets: 0 });
    expect((result['results'] as Json[]).map((one) => one['externalUrl'])).toEqual((first['results'] as Json[]).map((one) => one['externalUrl']));
    const issues = issuesByTicket(github);
    for (const ticketId of Object.values(ids)) expect(issues.get(ticketId), ticketId).toHaveLength(1);
    expect(github.state.blockedBy.size).toBe(links);
  });
});

/** The workflow ids a visibility query lists once it lists at least `count` (the list catches up within moments). */
async function listed(client: Client, query: string, count = 1): Promise<string[]> {
  let ids: string[] = [];
  for (let i = 0; i < 100; i++) {
    ids = [];
    for await (const execution of client.workflow.list({ query })) ids.push(execution.workflowId);
    if (ids.length >= count) return ids.sort();
    await sleep(100);
  }
  return ids.sort();
}

/** GitHub refuses to create the issues whose title starts with `refused` (422, as its reference answers). */
function refuseTitles(refused: string): () => void {
  const create = github.fake.routes[CREATE_ISSUE]!;
  github.fake.routes[CREATE_ISSUE] = (request) => (String((request.body as Json)['title']).startsWith(refused)
    ? gitHubError(422, 'Validation Failed', { errors: [{ resource: 'Issue', field: 'title', code: 'custom', message: 'title is not allowed here' }] })
    : create(request));
  return () => void (github.fake.routes[CREATE_ISSUE] = create);
}

describe('failures look like failures, and one user\'s work is found', () => {
  it('a failed ingest is Failed with the words the user reads; pushes tell failed, partial and cancelled apart', async () => {
    const client = t.temporal();
    const user = await signUpVerified(t.t.base, t.t.db);
    const session = (method: string, path: string, body?: unknown) => call(t.t.base, user.token, method, path, body);

    const broken = await upload(user.token, 'notes.txt', '--- === +++\n');
    expect(await ended(client, `ingest-${broken}`)).toBe('FAILED');
    const words = 'This file could not be read as a transcript: The file does not look like any transcript format Tickscribe reads (see the supported formats in Help).';
    await expect(client.workflow.getHandle(`ingest-${broken}`).result()).rejects.toMatchObject({ cause: { message: words } });
    // The failure reads in words, without the server's file paths.
    expect(await historyText(client, `ingest-${broken}`)).toContain('This file could not be read as a transcript');
    expect(await historyText(client, `ingest-${broken}`)).not.toContain(process.cwd());
    const { rows } = await t.t.db.query('select processing_status, metadata->>\'error\' as error from transcripts where id = $1', [broken]);
    expect(rows[0]).toEqual({ processing_status: 'failed', error: words });

    llm.script(completion({ tickets: [extracted('Write the agenda')] }));
    const good = await upload(user.token, 'weekly-sync.vtt', MEETING);
    expect(await ended(client, `ingest-${good}`)).toBe('COMPLETED');
    const goodDescription = await client.workflow.getHandle(`ingest-${good}`).describe();
    expect(await goodDescription.staticSummary()).toBe('Ingest weekly-sync.vtt');
    // The format is known once the file is read: the ingest's current details name it.
    expect(await details(client, `ingest-${good}`)).toBe('Read as Zoom');

    const connectionId = await gitHubConnection(session, github);
    const ids = await createTickets(session, [{ title: 'Refused one' }, { title: 'Refused two' }, { title: 'Accepted one' }]);
    const restore = refuseTitles('Refused');
    let allFailed: Json;
    let partial: Json;
    try {
      allFailed = await pushAndWait(session, connectionId, { ticketIds: [ids['Refused one'], ids['Refused two']], batchId: 'all-failed' });
      partial = await pushAndWait(session, connectionId, { ticketIds: Object.values(ids), batchId: 'partial' });
    } finally {
      restore();
    }
    expect(allFailed).toMatchObject({ successfulPushes: 0, failedPushes: 2 });
    expect(partial).toMatchObject({ successfulPushes: 1, failedPushes: 2 });

    // A push whose tracker stops answering, cancelled from the Temporal UI while its ticket is retried.
    const stalled = await createTickets(session, [{ title: 'Stalled one' }]);
    const create = github.fake.routes[CREATE_ISSUE]!;
    github.fake.routes[CREATE_ISSUE] = () => gitHubError(502, 'Server Error');
    try {
      const started = await session('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: Object.values(stalled), batchId: 'cancelled', waitSeconds: 0 });
      expect(started.status, started.text).toBe(202);
      await client.workflow.getHandle(`push-${connectionId}-cancelled`).cancel();
      expect(await ended(client, `push-${connectionId}-cancelled`)).toBe('CANCELLED');
    } finally {
      github.fake.routes[CREATE_ISSUE] = create;
    }

    const mine = `TickscribeUser="${user.userId}"`;
    const push = (batch: string) => `push-${connectionId}-${batch}`;
    expect(await listed(client, `${mine} AND Outcome="failed"`, 2)).toEqual([`ingest-${broken}`, push('all-failed')].sort());
    expect(await listed(client, `${mine} AND Outcome="partial"`)).toEqual([push('partial')]);
    expect(await listed(client, `${mine} AND Outcome="cancelled"`)).toEqual([push('cancelled')]);
    expect(await listed(client, `${mine} AND Outcome="succeeded"`)).toEqual([`ingest-${good}`]);
    expect(await listed(client, `${mine} AND ExecutionStatus="Failed"`)).toEqual([`ingest-${broken}`]);
    expect(await listed(client, `${mine} AND TickscribeTranscript="${good}"`)).toEqual([`ingest-${good}`]);
    expect(await listed(client, `TickscribeConnection="${connectionId}" AND TickscribeBatch="partial"`)).toEqual([push('partial')]);
    // Everything of this user's (the verification e-mail with the rest), and nothing of anyone else's.
    const { rows: emails } = await t.t.db.query('select id from outbound_emails where "to" = $1', [user.email]);
    expect(emails).toHaveLength(1);
    expect(await listed(client, mine, 6)).toEqual(
      [`email-${emails[0].id}`, `ingest-${broken}`, `ingest-${good}`, push('all-failed'), push('partial'), push('cancelled')].sort(),
    );
    // Everything of their personal workspace's: its monthly credit resets from sign-up on, the pushes made in it, and
    // the status poll of the connection that pushed (started by its first push).
    expect(await listed(client, `TickscribeWorkspace="${user.workspaceId}"`, 5)).toEqual(
      [`credits-${user.workspaceId}`, push('all-failed'), push('partial'), push('cancelled'), `tracker-status-${connectionId}`].sort(),
    );

    const partialHandle = client.workflow.getHandle(push('partial'));
    expect(await (await partialHandle.describe()).staticSummary()).toBe('Push 3 tickets to GitHub acme/web');
    // Each ticket's create is labelled with its title in the event history.
    const labels = ((await partialHandle.fetchHistory()).events ?? [])
      .filter((event) => event.activityTaskScheduledEventAttributes?.activityType?.name === 'pushTicket')
      .map((event) => JSON.parse(new TextDecoder().decode(event.userMetadata?.summary?.data ?? new Uint8Array())) as string);
    expect(labels.sort()).toEqual(['Accepted one', 'Refused one', 'Refused two']);
  });
});

describe('smaller things an operator reads', () => {
  it('a new account has its credits workflow at once, and its verification e-mail workflow says where the e-mail went', async () => {
    const client = t.temporal();
    const email = `fresh-${randomUUID().slice(0, 8)}@example.com`;
    const signup = await fetch(`${t.t.base}/auth/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'secret', fullName: 'Fresh' }),
    });
    expect(signup.status).toBe(201);
    const { rows: [user] } = await t.t.db.query('select id from users where email = $1', [email]);
    const { rows: [personal] } = await t.t.db.query('select id from workspaces where owner_id = $1 and personal', [user.id]);
    const credits = await client.workflow.getHandle(`credits-${personal.id}`).describe();
    expect(credits.status.name).toBe('RUNNING');
    expect(await credits.staticSummary()).toBe('Monthly credit resets');
    // Found by its workspace, not by the user.
    expect(credits.typedSearchAttributes.get(WORKSPACE_ATTRIBUTE)).toBe(personal.id);
    expect(credits.typedSearchAttributes.get(USER_ATTRIBUTE)).toBeUndefined();

    const { rows: [sent] } = await t.t.db.query('select id from outbound_emails where "to" = $1', [email]);
    // The tests configure no mail server: the e-mail is kept in the local outbox.
    expect(await ended(client, `email-${sent.id}`)).toBe('COMPLETED');
    expect(await client.workflow.getHandle(`email-${sent.id}`).result()).toBe('kept');
    // Whose e-mail it is and what it says, without its address.
    const delivery = await client.workflow.getHandle(`email-${sent.id}`).describe();
    expect(await delivery.staticSummary()).toBe('Deliver an e-mail');
    expect(delivery.typedSearchAttributes.get(USER_ATTRIBUTE)).toBe(user.id);
    expect(await details(client, `email-${sent.id}`)).toMatch(/^E-mail "Confirm your Tickscribe account/);
    expect(await historyText(client, `email-${sent.id}`)).not.toContain(email);
  });

  it('a stack frame keeps its file relative to the project, or only its name outside it, and the message as it was', () => {
    const stack = [
      'Error: could not open /srv/data/file.txt', '    at read (/srv/tickscribe/core/transcripts/ingest.ts:58:19)',
      '    at file:///home/ada/my-parser/lib/index.js:4:2', '    at process (node:internal/process/task_queues:105:5)',
      '    at Activity.execute (/srv/tickscribe/node_modules/@temporalio/worker/lib/activity.js:91:20)',
    ].join('\n');
    expect(withoutServerPaths(stack).split('\n')).toEqual([
      'Error: could not open /srv/data/file.txt', '    at read (core/transcripts/ingest.ts:58:19)', '    at index.js:4:2',
      '    at process (node:internal/process/task_queues:105:5)', '    at Activity.execute (node_modules/@temporalio/worker/lib/activity.js:91:20)',
    ]);
  });

  it("an unexpected error's stack trace in a history names no path of the server", async () => {
    const client = t.temporal();
    // An ingest of a transcript that does not exist: its first step fails with an error nobody planned for.
    const missing = randomUUID();
    await client.workflow.start('ingestTranscriptWorkflow', { taskQueue: QUEUE, workflowId: `ingest-${missing}`, args: [missing] });
    expect(await ended(client, `ingest-${missing}`)).toBe('FAILED');
    const history = await historyText(client, `ingest-${missing}`);
    // The step's failure keeps its stack, each frame relative to the project.
    expect(history).toContain(`Transcript ${missing} not found`);
    expect(history).toMatch(/"stackTrace":"Error: Transcript [^"]*\\n\s+at [^"]*core\/transcripts\/ingest\.ts:\d+:\d+/);
    expect(history).not.toContain(process.cwd());
  });
});
