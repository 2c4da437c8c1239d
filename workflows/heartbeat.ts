import { Context } from '@temporalio/activity';

/**
 * Heartbeats per heartbeat timeout: five, so one or two late beats on a busy worker do not time the activity out,
 * while a dead worker is still noticed within the timeout (push 5 s: a beat a second; ingest 15 s: every 3 s).
 */
const BEATS_PER_TIMEOUT = 5;
/** For an activity started without a heartbeat timeout: beats still carry its cancellation to the worker. */
const UNTIMED_BEAT_MS = 1_000;

/**
 * Runs an activity's work while it heartbeats at a fifth of its heartbeat timeout, with the activity's
 * cancellation as the work's abort signal.
 */
export async function withHeartbeat<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const context = Context.current();
  const timeout = context.info.heartbeatTimeoutMs;
  const every = timeout ? timeout / BEATS_PER_TIMEOUT : UNTIMED_BEAT_MS;
  const beating = setInterval(() => context.heartbeat(), every);
  try {
    return await run(context.cancellationSignal);
  } finally {
    clearInterval(beating);
  }
}
