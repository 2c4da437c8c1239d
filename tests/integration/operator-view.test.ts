// What an operator does in the Temporal UI and CLI, done through the SDK against the real dev server and worker:
// reset finished workflows (the UI's primary button), list what failed, find one user's work, and read histories.
// The LLM is the local OpenAI-compatible stand-in, the tracker the GitHub stand-in.
import { randomUUID } from 'node:crypto';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { completion, FakeOpenAI } from '../support/fake-openai.ts';
import { startGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
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
const t = usePushApp({ EXTRACTOR: 'openai', OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'fake-model', OPENAI_BASE_URL: llm.baseURL });

// History event types (temporal.api.enums.v1.EventType), as fetchHistory decodes them.
const WORKFLOW_TASK_COMPLETED = 7;
const ACTIVITY_TASK_COMPLETED = 12;

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
    const { status } = await client.workflow.getHandle(workflowId).describe();
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
