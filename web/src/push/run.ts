/**
 * Running the pushes of Confirm & Push, one connection after the other, and what the pushing and complete steps
 * show of them: the progress over all connections and the outcome.
 */
import { failureText } from '../api/client.ts';
import { typeLabel } from '../connections/connectionTypes.ts';
import { PROGRESS_POLL_MS, pushTexts as texts } from './texts.ts';
import { bulkPushBody, type BulkPushRequest, type JobOutcome, type PushJob, type PushProgress, type PushResult, type PushStatus, type WizardState } from './wizard.ts';

/** What POST bulk-push answered: the result (200), or that the push still runs (202). */
export type BulkPushAnswer = { kind: 'finished'; result: PushResult } | { kind: 'running'; progress: PushProgress | null };

/** The calls a push makes; the app passes the API's, the tests their own. */
export interface PushCalls {
  bulkPush(connectionId: string, body: BulkPushRequest): Promise<BulkPushAnswer>;
  /** Where the push stands; null while there is no such push yet (it is still being started). */
  status(connectionId: string, batchId: string): Promise<PushStatus | null>;
  wait(ms: number): Promise<void>;
}

export interface PushListener {
  started(job: PushJob): void;
  progress(job: PushJob, progress: PushProgress): void;
  finished(job: PushJob, outcome: JobOutcome): void;
}

/** How long POST bulk-push may wait for the result before it answers 202 (the most the server allows). */
export const BULK_PUSH_WAIT_SECONDS = 20;
/** Status calls in a row that may fail (a restarting server) before the push is reported as failed. */
const STATUS_FAILURES_ALLOWED = 5;

const stopped = (error: string | null) => (error ? `${texts.operationFailed}: ${error}` : texts.operationFailed);

/**
 * One connection's push: POST bulk-push, and while it is pending, its status every second for the progress. A push
 * that is still running when the POST answers 202 is followed through the status route until it ends.
 */
export async function pushJob(job: PushJob, calls: PushCalls, onProgress: (progress: PushProgress) => void): Promise<JobOutcome> {
  const posted = calls.bulkPush(job.connectionId, bulkPushBody(job, BULK_PUSH_WAIT_SECONDS)).then(
    (answer) => ({ answer }),
    (error: unknown) => ({ error }),
  );
  for (;;) {
    const settled = await Promise.race([posted, calls.wait(PROGRESS_POLL_MS).then(() => null)]);
    if (settled !== null) {
      if ('error' in settled) return { kind: 'failed', error: failureText(settled.error, texts.pushFailed) };
      if (settled.answer.kind === 'finished') return { kind: 'done', result: settled.answer.result };
      if (settled.answer.progress) onProgress(settled.answer.progress);
      return followPush(job, calls, onProgress);
    }
    // Until the push has started there is no status to read; a failed one is the previous attempt, which the POST starts again.
    const status = await calls.status(job.connectionId, job.batchId).catch(() => null);
    if (status?.status === 'completed' && status.result) return { kind: 'done', result: status.result };
    if (status?.status === 'running' && status.progress) onProgress(status.progress);
  }
}

/** Reads a running push's status until it ends. */
async function followPush(job: PushJob, calls: PushCalls, onProgress: (progress: PushProgress) => void): Promise<JobOutcome> {
  let failures = 0;
  for (;;) {
    await calls.wait(PROGRESS_POLL_MS);
    let status: PushStatus | null;
    try {
      status = await calls.status(job.connectionId, job.batchId);
    } catch (error) {
      failures += 1;
      if (failures > STATUS_FAILURES_ALLOWED) return { kind: 'failed', error: failureText(error, texts.pushFailed) };
      continue;
    }
    failures = 0;
    if (status === null || status.status === 'failed') return { kind: 'failed', error: stopped(status?.error ?? null) };
    if (status.status === 'completed' && status.result) return { kind: 'done', result: status.result };
    if (status.progress) onProgress(status.progress);
  }
}

/** Pushes the jobs one after the other; a failed one does not stop the next. */
export async function runJobs(jobs: readonly PushJob[], calls: PushCalls, listener: PushListener): Promise<void> {
  for (const job of jobs) {
    listener.started(job);
    const outcome = await pushJob(job, calls, (progress) => listener.progress(job, progress));
    listener.finished(job, outcome);
  }
}

export interface OverallProgress {
  done: number;
  total: number;
  /** When the push goes on after the tracker's rate limit, if it is waiting for one. */
  waitingUntil: string | null;
  /** The ticket being pushed now. */
  current: string | null;
  /** The connection being pushed through now. */
  connectionName: string | null;
  /** While the tracker's failure of the current ticket is being tried again: that failure, in words. */
  retrying: string | null;
}

type RunState = Pick<WizardState, 'jobs' | 'outcomes' | 'running'>;

/** The pushing step's "n of m": finished jobs by their results, the running one by its progress, the rest by their tickets. */
export function overallProgress(state: RunState): OverallProgress {
  let done = 0;
  let total = 0;
  for (const job of state.jobs) {
    const outcome = state.outcomes[job.connectionId];
    const progress = state.running?.connectionId === job.connectionId ? state.running.progress : null;
    if (outcome?.kind === 'done') {
      done += outcome.result.totalProcessed;
      total += outcome.result.totalProcessed;
    } else if (outcome?.kind === 'failed') {
      done += job.ticketIds.length;
      total += job.ticketIds.length;
    } else if (progress && progress.phase !== 'planning') {
      done += progress.done;
      total += progress.total;
    } else {
      total += job.ticketIds.length;
    }
  }
  const running = state.running && state.jobs.find((job) => job.connectionId === state.running?.connectionId);
  return {
    done,
    total,
    waitingUntil: state.running?.progress?.waitingUntil ?? null,
    current: state.running?.progress?.current?.title ?? null,
    connectionName: running ? running.connectionName : null,
    retrying: retryingText(state.running?.progress?.lastError ?? null),
  };
}

/** The attempt the server adds to a retried failure, e.g. ' (trying again: attempt 3 of 8)'. */
const ATTEMPT = /\s*\(trying again: attempt (\d+)(?: of (\d+))?\)\s*$/;

/**
 * The pushing step's line for a step being retried: the attempt, then the tracker's words, e.g. 'Retrying (attempt 3
 * of 8). GitHub: Service unavailable.'; null when nothing is retried (the line goes once the ticket went through).
 */
export function retryingText(lastError: string | null): string | null {
  const text = lastError?.trim();
  if (!text) return null;
  const attempt = ATTEMPT.exec(text);
  if (!attempt) return texts.pushing.retrying(text, null);
  return texts.pushing.retrying(text.slice(0, attempt.index).trim(), attempt[2] ? `${attempt[1]} of ${attempt[2]}` : attempt[1]!);
}

/** hh:mm:ss in the browser's time zone. */
export function formatClock(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}

/** The tracker's name for people: the one the result gives, else the connection type's. */
export function trackerOf(job: PushJob, result?: PushResult): string {
  return result?.trackerName ?? typeLabel(result?.connectionType ?? job.connectionType);
}

export interface Banner {
  severity: 'success' | 'warning' | 'error' | 'info';
  text: string;
}

/** The complete step's headline, in the spec's words where it has them. */
export function completionBanner(state: RunState): Banner {
  let successful = 0;
  let failed = 0;
  let lastTracker = '';
  for (const job of state.jobs) {
    const outcome = state.outcomes[job.connectionId];
    if (outcome?.kind === 'done') {
      successful += outcome.result.successfulPushes;
      failed += outcome.result.failedPushes;
      if (outcome.result.successfulPushes > 0) lastTracker = trackerOf(job, outcome.result);
    } else {
      failed += job.ticketIds.length;
    }
  }
  if (successful === 0 && failed === 0) return { severity: 'info', text: texts.noTickets };
  if (successful === 0) return { severity: 'error', text: texts.pushFailed };
  if (failed === 0 && successful === 1) return { severity: 'success', text: texts.pushedTo(lastTracker) };
  return { severity: failed === 0 ? 'success' : 'warning', text: texts.complete.outcome(successful, successful + failed) };
}

/** The tickets a run pushed, to unselect them and show them as pushed. */
export function pushedTicketIds(state: RunState): string[] {
  return Object.values(state.outcomes).flatMap((outcome) =>
    outcome.kind === 'done' ? outcome.result.results.filter((entry) => entry.success).map((entry) => entry.ticketId) : [],
  );
}
