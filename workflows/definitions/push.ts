import {
  ActivityFailure, ApplicationFailure, defineQuery, isCancellation, proxyActivities, setHandler, sleep, TimeoutFailure, upsertSearchAttributes,
} from '@temporalio/workflow';
import type { PlannedTicket, PushInput, PushOutcome, SkippedTicket, Wait } from '../../core/push/types.ts';
import type { TrackerUser } from '../../plugins/sdk/index.ts';
import type { PushProgress, PushResult, PushTicketResult } from '../../schemas/types.ts';
import type { Activities } from '../activities.ts';
import { oneLine, OUTCOME_ATTRIBUTE, type Outcome } from '../shared/labels.ts';

/** How far the push is, for the wizard's pushing step (GET /api/connections/{id}/pushes/{batchId}). */
export const pushProgressQuery = defineQuery<PushProgress>('pushProgress');

const steps = proxyActivities<Activities>({
  // A call may wait for the connection's lock while another push writes, then make several requests.
  startToCloseTimeout: '5 minutes',
  // A worker that dies is noticed within this, and the call is tried again (its ledger makes that safe).
  heartbeatTimeout: '5 seconds',
  // Transient failures (network, timeouts, 5xx) are retried with growing pauses, then the ticket fails in words.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 8 },
});

/**
 * Calls in flight at once. The connection's lock still lets one write to the tracker at a time; the others get
 * ready meanwhile (dispatch, database reads), so the tracker is kept busy up to its limit.
 */
const IN_FLIGHT = 8;
/** Rate-limit waits of one call before it gives up. */
const MAX_WAITS = 50;
const MIN_WAIT_MS = 20;
const MAX_WAIT_MS = 6 * 60 * 60 * 1000;

/** A failure in words for the ticket's result. */
function words(error: unknown): string {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure && cause.message) {
    return error instanceof ActivityFailure ? `Gave up after several tries: ${cause.message}` : cause.message;
  }
  if (cause instanceof TimeoutFailure) return 'Gave up after several tries: the tracker did not answer in time.';
  return 'The push of this ticket stopped unexpectedly. Please try again.';
}

/** Runs `work` for each item, at most IN_FLIGHT at once, starting an item only once `ready` says so. */
async function inFlight<T>(items: T[], ready: (item: T) => boolean, work: (item: T) => Promise<void>): Promise<void> {
  const waiting = [...items];
  const running = new Set<Promise<void>>();
  while (waiting.length || running.size) {
    for (let index = 0; index < waiting.length && running.size < IN_FLIGHT;) {
      if (!ready(waiting[index]!)) {
        index += 1;
        continue;
      }
      const run: Promise<void> = work(waiting.splice(index, 1)[0]!).finally(() => running.delete(run));
      running.add(run);
    }
    await Promise.race(running);
  }
}

/**
 * Pushes tickets through one connection (workflow id `push-<connectionId>-<batchId>`): plans which tickets and in
 * which order, resolves the mapped assignees once each, creates the items in dependency order (a ticket starts
 * once the tickets it depends on are done; a ticket the reviewer linked to an existing item is linked to it, and
 * comments on it when asked, instead), then links each created item to its dependencies on the same tracker.
 * A rate-limited call pauses the whole push on a durable timer until the tracker's Retry-After or reset time.
 */
export async function pushTicketsWorkflow(input: PushInput): Promise<PushResult> {
  let result: PushResult;
  try {
    result = await push(input);
  } catch (error) {
    // Cancelled (the Temporal UI's Cancel): the push ends as Cancelled, and pushing the batch again finishes it.
    if (isCancellation(error)) upsertSearchAttributes([{ key: OUTCOME_ATTRIBUTE, value: 'cancelled' }]);
    throw error;
  }
  // The push completes with its result, which the user reads, whatever became of its tickets: its Outcome tells
  // an operator which pushes had failures.
  upsertSearchAttributes([{ key: OUTCOME_ATTRIBUTE, value: outcomeOf(result) }]);
  return result;
}

/** Failed when tickets failed and none was pushed, partial when some of each; a push with nothing to do succeeded. */
function outcomeOf(result: PushResult): Outcome {
  if (!result.failedPushes) return 'succeeded';
  return result.successfulPushes ? 'partial' : 'failed';
}

async function push(input: PushInput): Promise<PushResult> {
  const progress: PushProgress = { phase: 'planning', total: 0, done: 0, failed: 0, current: null, waitingUntil: null };
  setHandler(pushProgressQuery, () => progress);
  const { userId, workspaceId, connectionId, batchId } = input;
  let pausedUntil = 0;

  /** Makes a call until it stops asking to wait; while the tracker limits requests, no call is made. */
  async function paced<T extends { status: string }>(call: () => Promise<T | Wait>): Promise<T> {
    for (let waits = 0; ; waits++) {
      while (Date.now() < pausedUntil) {
        progress.waitingUntil = new Date(pausedUntil).toISOString();
        await sleep(Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, pausedUntil - Date.now())));
      }
      progress.waitingUntil = null;
      const outcome = await call();
      if (outcome.status !== 'wait') return outcome as T;
      if (waits >= MAX_WAITS) throw ApplicationFailure.nonRetryable('The tracker kept limiting requests. Please try again later.');
      pausedUntil = Math.max(pausedUntil, Date.parse((outcome as Wait).retryAt) || Date.now() + MIN_WAIT_MS);
    }
  }

  const plan = await steps.planPush(input);
  if ('refused' in plan) {
    const results = [...new Set(input.ticketIds)].map((ticketId): PushTicketResult => ({
      ticketId, title: null, project: null, success: false, skipped: false, error: plan.refused,
    }));
    return summarise(input, null, null, results);
  }
  progress.total = plan.tickets.length;

  progress.phase = 'resolving';
  const users = new Map<string, { user: TrackerUser | null; problem?: string }>();
  for (const username of plan.usernames) {
    try {
      const { user, problem } = await paced(() => steps.resolvePushAssignee({ userId, workspaceId, connectionId, username }));
      users.set(username, { user, ...(problem ? { problem } : {}) });
    } catch (error) {
      if (isCancellation(error)) throw error;
      // Never guessed: an assignee who cannot be looked up leaves the ticket unassigned, and the result says so.
      users.set(username, { user: null, problem: `Not assigned to "${username}": the tracker could not be asked (${words(error)})` });
    }
  }

  progress.phase = 'creating';
  const results = new Map<string, PushTicketResult>(plan.skipped.map((skipped) => [skipped.ticketId, skippedResult(skipped)]));
  const position = new Map(plan.tickets.map((ticket, index) => [ticket.id, index]));
  const current = new Map<string, PlannedTicket>();
  const showCurrent = () => {
    const [first] = current.values();
    progress.current = first ? { ticketId: first.id, title: first.title } : null;
  };
  // A ticket starts once those it depends on that come before it (all of them, unless a cycle was broken) are done.
  const ready = (ticket: PlannedTicket) =>
    ticket.dependencies.every((id) => (position.get(id) ?? Infinity) >= position.get(ticket.id)! || results.has(id));
  await inFlight(plan.tickets, ready, async (ticket) => {
    current.set(ticket.id, ticket);
    showCurrent();
    const resolved = ticket.username ? users.get(ticket.username) : undefined;
    const assignee = resolved?.user ?? null;
    let outcome: Exclude<PushOutcome, Wait>;
    try {
      // Labelled with the ticket's title in the Temporal UI's event history.
      const choice = input.choices?.[ticket.id];
      outcome = await paced(() => steps.pushTicket.executeWithOptions({ summary: oneLine(ticket.title) }, [{ userId, workspaceId, connectionId, batchId, ticketId: ticket.id, assignee, ...(choice ? { choice } : {}) }]));
    } catch (error) {
      if (isCancellation(error)) throw error;
      outcome = { status: 'failed', error: words(error) };
    }
    const result = ticketResult(ticket, outcome, resolved?.problem);
    results.set(ticket.id, result);
    progress.done += 1;
    if (!result.success && !result.skipped) progress.failed += 1;
    current.delete(ticket.id);
    showCurrent();
  });

  progress.phase = 'linking';
  const toLink = plan.tickets.filter((ticket) => results.get(ticket.id)!.success && ticket.dependencies.length);
  await inFlight(toLink, () => true, async (ticket) => {
    current.set(ticket.id, ticket);
    showCurrent();
    const problems = await linkAll(ticket);
    if (problems.length) addWarnings(results.get(ticket.id)!, problems);
    current.delete(ticket.id);
    showCurrent();
  });
  progress.phase = 'done';
  return summarise(input, plan.connectionType, plan.trackerName, [...new Set(input.ticketIds)].flatMap((id) => results.get(id) ?? []));

  /** Links the ticket's item to its dependencies' items, waiting out rate limits; the problems in words. */
  async function linkAll(ticket: PlannedTicket): Promise<string[]> {
    const problems: string[] = [];
    let done: string[] = [];
    try {
      await paced(async () => {
        const outcome = await steps.linkPushedTicket({ userId, workspaceId, connectionId, ticketId: ticket.id, done });
        problems.push(...outcome.problems);
        if (outcome.status === 'wait') done = outcome.done;
        return outcome;
      });
      return problems;
    } catch (error) {
      if (isCancellation(error)) throw error;
      return [...problems, `Its dependencies could not be linked: ${words(error)}`];
    }
  }
}

function skippedResult(skipped: SkippedTicket): PushTicketResult {
  return {
    ticketId: skipped.ticketId, title: skipped.title, project: skipped.project, success: false, skipped: true, error: skipped.reason,
    ...(skipped.externalUrl ? { externalUrl: skipped.externalUrl } : {}), ...(skipped.key ? { key: skipped.key } : {}),
  };
}

/** Adds what the reviewer should know about a pushed ticket to its result's warning. */
function addWarnings(result: PushTicketResult, warnings: string[]): void {
  const all = [...(result.warning ? [result.warning] : []), ...warnings];
  if (all.length) result.warning = all.join(' ');
}

function ticketResult(ticket: PlannedTicket, outcome: Exclude<PushOutcome, Wait>, assigneeProblem?: string): PushTicketResult {
  const base = { ticketId: ticket.id, title: ticket.title, project: ticket.project };
  if (outcome.status === 'created') {
    const result: PushTicketResult = {
      ...base, success: true, skipped: false, externalUrl: outcome.url, externalId: outcome.externalId, key: outcome.key, ...(outcome.linked ? { linked: outcome.linked } : {}),
    };
    // What the tracker left out is known on the create that was made now; an assignee refused, on every push.
    addWarnings(result, [...(assigneeProblem && !outcome.already ? [assigneeProblem] : []), ...(outcome.notices ?? [])]);
    return result;
  }
  if (outcome.status === 'skipped') return skippedResult({ ...base, reason: outcome.reason, externalUrl: outcome.externalUrl, key: outcome.key });
  return { ...base, success: false, skipped: false, error: outcome.error };
}

function summarise(input: PushInput, connectionType: string | null, trackerName: string | null, results: PushTicketResult[]): PushResult {
  const projects = new Map<string, PushResult['projectResults'][number]>();
  for (const result of results) {
    if (result.project === null) continue;
    const project = projects.get(result.project) ?? { project: result.project, total: 0, successful: 0, failed: 0, skipped: 0 };
    projects.set(result.project, project);
    if (result.skipped) project.skipped += 1;
    else {
      project.total += 1;
      if (result.success) project.successful += 1;
      else project.failed += 1;
    }
  }
  const successful = results.filter((result) => result.success).length;
  const failed = results.filter((result) => !result.success && !result.skipped).length;
  return {
    batchId: input.batchId, connectionId: input.connectionId, connectionType, trackerName,
    totalProcessed: successful + failed, successfulPushes: successful, failedPushes: failed, skippedTickets: results.length - successful - failed,
    projectResults: [...projects.values()], results,
  };
}
