// Which workers poll a task queue, as Temporal sees them: one answer for every process, whichever runs the workers.
import type { Connection } from '@temporalio/client';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How recently a worker must have polled to count as polling. An idle worker's poll waits up to a minute on the
 * server (the long poll) before it polls again, and Temporal notes the time a poll starts: a living worker is never
 * older than about 60 s; a dead one stays listed, growing older, for minutes.
 */
export const POLLED_WITHIN_MS = 75_000;

/** Task queue types: workflow tasks and activities. */
const TASK_QUEUE_TYPES = [1, 2] as const;

export interface TaskQueuePoller {
  /** The worker's identity, `<pid>@<host>` by default. */
  identity: string;
  /** When it last started a poll, in epoch milliseconds (the later of its workflow-task and activity polls). */
  lastPolledAt: number;
}

/** The workers Temporal lists for `taskQueue` (workflow tasks and activities together), polling or not. */
export async function taskQueuePollers(
  connection: Connection,
  options: { namespace: string; taskQueue: string },
): Promise<TaskQueuePoller[]> {
  const answers = await Promise.all(TASK_QUEUE_TYPES.map((taskQueueType) =>
    connection.workflowService.describeTaskQueue({ namespace: options.namespace, taskQueue: { name: options.taskQueue }, taskQueueType })));
  const latest = new Map<string, number>();
  for (const poller of answers.flatMap((answer) => answer.pollers ?? [])) {
    const time = poller.lastAccessTime;
    const at = time ? Number(time.seconds ?? 0) * 1000 + Math.floor((time.nanos ?? 0) / 1e6) : 0;
    const identity = poller.identity ?? '';
    latest.set(identity, Math.max(latest.get(identity) ?? 0, at));
  }
  return [...latest].map(([identity, lastPolledAt]) => ({ identity, lastPolledAt }));
}

/** The pollers among `pollers` that polled within POLLED_WITHIN_MS of `now`. */
export function polling(pollers: TaskQueuePoller[], now = Date.now()): TaskQueuePoller[] {
  return pollers.filter((poller) => now - poller.lastPolledAt <= POLLED_WITHIN_MS);
}

/**
 * Waits until the worker named `identity` polls `taskQueue` (a worker starts polling a few milliseconds after it
 * runs), so that a process that says it is ready is one Temporal hands tasks to. Gives up quietly after `timeoutMs`.
 */
export async function waitUntilPolling(
  connection: Connection,
  options: { namespace: string; taskQueue: string; identity: string; timeoutMs?: number },
): Promise<boolean> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const pollers = await taskQueuePollers(connection, options).catch(() => []);
    // The identity names the process (its pid), so an entry for it is this worker's, not a dead one's.
    if (pollers.some((poller) => poller.identity === options.identity)) return true;
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
}
