import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { job, progress, result } from './fixtures.ts';
import {
  completionBanner, formatClock, overallProgress, pushedTicketIds, pushJob, retryingText, runJobs, type BulkPushAnswer, type PushCalls,
} from './run.ts';
import type { JobOutcome, PushStatus } from './wizard.ts';

interface Script {
  /** What POST bulk-push answers, after `postAfter` status calls (0: at once). */
  post: BulkPushAnswer | Error;
  postAfter?: number;
  /** The status calls' answers in turn (the last repeats); an Error is thrown. */
  statuses?: (PushStatus | null | Error)[];
}

const running = (done: number): PushStatus => ({ batchId: 'b1', status: 'running', progress: progress({ done }), result: null, error: null });
const completed = (ids: string[]): PushStatus => ({ batchId: 'b1', status: 'completed', progress: progress({ phase: 'done', done: ids.length }), result: result(ids), error: null });

/** Calls that answer as scripted and record what was sent; waiting takes no time. */
function scripted(script: Script) {
  const sent: { connectionId: string; body: unknown }[] = [];
  const polled: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  if (!script.postAfter) release();
  const calls: PushCalls = {
    async bulkPush(connectionId, body) {
      sent.push({ connectionId, body });
      await gate;
      if (script.post instanceof Error) throw script.post;
      return script.post;
    },
    async status(connectionId, batchId) {
      polled.push(`${connectionId}/${batchId}`);
      if (polled.length >= (script.postAfter ?? 0)) release();
      const statuses = script.statuses ?? [null];
      const answer = statuses[Math.min(polled.length - 1, statuses.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    wait: () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
  return { calls, sent, polled };
}

const collect = () => {
  const seen: number[] = [];
  return { seen, onProgress: (value: { done: number }) => seen.push(value.done) };
};

describe('one connection’s push', () => {
  it('sends the tickets, the usernames typed and the batch id, and takes a 200 as the result', async () => {
    const { calls, sent } = scripted({ post: { kind: 'finished', result: result(['t1', 't2']) } });
    const outcome = await pushJob(job({ userMappings: { Ada: 'ada' } }), calls, () => undefined);
    expect(sent).toEqual([{ connectionId: 'c-gh', body: { ticketIds: ['t1', 't2'], updatedUserMappings: { Ada: 'ada' }, batchId: 'b1', waitSeconds: 20 } }]);
    expect(outcome).toEqual({ kind: 'done', result: result(['t1', 't2']) });
  });

  it('reads the progress while the POST is pending; a push not started yet (404) is no error', async () => {
    const { calls, polled } = scripted({ post: { kind: 'finished', result: result(['t1', 't2']) }, postAfter: 3, statuses: [null, running(1), running(2)] });
    const { seen, onProgress } = collect();
    expect(await pushJob(job(), calls, onProgress)).toMatchObject({ kind: 'done' });
    expect(polled[0]).toBe('c-gh/b1');
    expect(seen).toEqual([1, 2]);
  });

  it('follows a push that still runs after the POST answered 202 until it completes', async () => {
    const { calls } = scripted({ post: { kind: 'running', progress: progress({ done: 0 }) }, statuses: [running(1), completed(['t1', 't2'])] });
    const { seen, onProgress } = collect();
    expect(await pushJob(job(), calls, onProgress)).toEqual({ kind: 'done', result: result(['t1', 't2']) });
    expect(seen).toEqual([0, 1]);
  });

  it('reports a push that stopped as the spec’s "Push operation failed"', async () => {
    const stopped: PushStatus = { batchId: 'b1', status: 'failed', progress: null, result: null, error: 'The push stopped before it finished.' };
    const { calls } = scripted({ post: { kind: 'running', progress: null }, statuses: [stopped] });
    expect(await pushJob(job(), calls, () => undefined)).toEqual({ kind: 'failed', error: 'Push operation failed: The push stopped before it finished.' });
  });

  it('shows the server’s words for a refused POST, else "Failed to push tickets"', async () => {
    const refused = new ApiError('Push operation failed: stopped', 409, 'Push operation failed: stopped');
    expect(await pushJob(job(), scripted({ post: refused }).calls, () => undefined)).toEqual({ kind: 'failed', error: 'Push operation failed: stopped' });
    const unreachable = new Error('network down');
    expect(await pushJob(job(), scripted({ post: unreachable }).calls, () => undefined)).toEqual({ kind: 'failed', error: 'Failed to push tickets' });
  });

  it('gives up following a push only after several status calls in a row failed', async () => {
    const { calls, polled } = scripted({ post: { kind: 'running', progress: null }, statuses: [new Error('blip'), running(1), new Error('down')] });
    expect(await pushJob(job(), calls, () => undefined)).toEqual({ kind: 'failed', error: 'Failed to push tickets' });
    expect(polled.length).toBe(8);
  });
});

describe('several connections', () => {
  it('are pushed one after the other, a failed one not stopping the next', async () => {
    const first = job({ ticketIds: ['t1'] });
    const second = job({ connectionId: 'c-jira', batchId: 'b2', ticketIds: ['t4'] });
    const events: string[] = [];
    const calls: PushCalls = {
      bulkPush: async (connectionId) => {
        if (connectionId === 'c-gh') throw new ApiError('refused', 400, 'refused');
        return { kind: 'finished', result: result(['t4']) };
      },
      status: async () => null,
      wait: () => new Promise((resolve) => setTimeout(resolve, 0)),
    };
    await runJobs([first, second], calls, {
      started: (started) => events.push(`start ${started.connectionId}`),
      progress: () => undefined,
      finished: (finished, outcome) => events.push(`${outcome.kind} ${finished.connectionId}`),
    });
    expect(events).toEqual(['start c-gh', 'failed c-gh', 'start c-jira', 'done c-jira']);
  });
});

describe('what the pushing and complete steps show', () => {
  const jobs = [job({ ticketIds: ['t1', 't2'] }), job({ connectionId: 'c-jira', batchId: 'b2', ticketIds: ['t4', 't5', 't6'] })];
  const done = (ids: string[], failed: string[] = []): JobOutcome => ({ kind: 'done', result: result(ids, failed) });

  it('counts n of m over every connection, and names a rate-limit wait', () => {
    expect(overallProgress({ jobs, outcomes: {}, running: null })).toMatchObject({ done: 0, total: 5, waitingUntil: null });
    const waiting = progress({ done: 1, total: 2, waitingUntil: '2026-05-01T10:04:05.000Z' });
    expect(overallProgress({ jobs, outcomes: {}, running: { connectionId: 'c-gh', progress: waiting } })).toMatchObject({
      done: 1, total: 5, waitingUntil: '2026-05-01T10:04:05.000Z', current: 'Build the API', connectionName: 'Web on GitHub',
    });
    expect(overallProgress({ jobs, outcomes: { 'c-gh': done(['t1', 't2']) }, running: { connectionId: 'c-jira', progress: progress({ done: 2, total: 3 }) } })).toMatchObject({ done: 4, total: 5 });
    expect(formatClock('2026-05-01T10:04:05.000Z')).toMatch(/^\d{2}:04:05$/);
  });

  it('shows the failure a ticket is retried after, with its attempt, and nothing once it went through', () => {
    const jobs = [job()];
    const retried = progress({ lastError: 'GitHub: Service unavailable. (trying again: attempt 3 of 8)' });
    expect(overallProgress({ jobs, outcomes: {}, running: { connectionId: 'c-gh', progress: retried } })).toMatchObject({
      current: 'Build the API', retrying: 'Retrying (attempt 3 of 8). GitHub: Service unavailable.',
    });
    expect(overallProgress({ jobs, outcomes: {}, running: { connectionId: 'c-gh', progress: progress({ lastError: null }) } }).retrying).toBeNull();
    expect(overallProgress({ jobs, outcomes: {}, running: { connectionId: 'c-gh', progress: progress() } }).retrying).toBeNull();
    // Words without the attempt are shown as they are; an attempt without its maximum keeps its number.
    expect(retryingText('The board timed out.')).toBe('Retrying. The board timed out.');
    expect(retryingText('Bad gateway (trying again: attempt 2)')).toBe('Retrying (attempt 2). Bad gateway');
    expect(retryingText('   ')).toBeNull();
  });

  it('headlines a single ticket in the spec’s words, a failure as "Failed to push tickets", and a partial push as n of m', () => {
    const one = [job({ ticketIds: ['t1'] })];
    expect(completionBanner({ jobs: one, outcomes: { 'c-gh': done(['t1']) }, running: null })).toEqual({ severity: 'success', text: 'Ticket pushed successfully to GitHub' });
    expect(completionBanner({ jobs: one, outcomes: { 'c-gh': { kind: 'failed', error: 'x' } }, running: null })).toEqual({ severity: 'error', text: 'Failed to push tickets' });
    expect(completionBanner({ jobs: one, outcomes: { 'c-gh': done([], ['t1']) }, running: null })).toEqual({ severity: 'error', text: 'Failed to push tickets' });
    const outcomes = { 'c-gh': done(['t1'], ['t2']), 'c-jira': done(['t4', 't5', 't6']) };
    expect(completionBanner({ jobs, outcomes, running: null })).toEqual({ severity: 'warning', text: '4 of 5 tickets pushed' });
    expect(pushedTicketIds({ jobs, outcomes, running: null })).toEqual(['t1', 't4', 't5', 't6']);
  });
});
