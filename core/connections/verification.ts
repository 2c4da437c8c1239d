/**
 * Checking a connection with its tracker: the plugin's verify() proves the credentials, then the target, and
 * the outcome is said in words that tell the two apart ("Credentials refused." against "Credentials accepted,
 * but the target was not found."), within a bounded time.
 */
import type { TrackerErrorKind } from '../../plugins/sdk/index.ts';
import { isTrackerError } from '../../plugins/sdk/index.ts';
import type { ConnectionVerification } from '../../schemas/types.ts';
import { inSeconds } from '../net/failures.ts';
import { PluginOutputError, type BoundTracker } from '../plugins/boundary.ts';

/** How long a check may take in all: verify() may make several requests, each bounded by OUTBOUND_TIMEOUT_MS. */
export const VERIFY_TIME_LIMIT_MS = 30_000;

/** What each kind of failure means for the connection, before the tracker's own words. */
const LEADS: Record<TrackerErrorKind, string> = {
  auth: 'Credentials refused.',
  forbidden: 'Credentials accepted, but they have no access to the target.',
  not_found: 'Credentials accepted, but the target was not found or they have no access to it.',
  validation: 'The tracker refused the connection settings.',
  rate_limited: 'The tracker is limiting requests; check the connection again later.',
  transient: 'The connection could not be checked just now.',
};

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** A tracker's failure in words: what it means for the connection, then the tracker's own words. */
export const failureInWords = (kind: TrackerErrorKind, words: string): string => `${LEADS[kind]} ${sentence(words)}`;

function failure(kind: TrackerErrorKind, words: string, at: Date): ConnectionVerification {
  return { ok: false, kind, message: failureInWords(kind, words), at: at.toISOString() };
}

/**
 * Runs the tracker's verify() and describes the outcome; never throws for the tracker's sake. `blot` removes
 * credentials from the words a plugin returns, in case it quotes one.
 */
export async function verifyTracker(
  tracker: BoundTracker,
  options: { trackerName: string; blot: (text: string) => string; timeLimitMs?: number },
): Promise<ConnectionVerification> {
  const at = new Date();
  const limit = options.timeLimitMs ?? VERIFY_TIME_LIMIT_MS;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const reason = new Error('time is up');
      controller.abort(reason);
      reject(reason);
    }, limit);
  });
  try {
    const { account, target } = await Promise.race([tracker.verify({ signal: controller.signal }), timeUp]);
    return { ok: true, account: options.blot(account), target: options.blot(target), message: options.blot(`Connected to ${target} as ${account}.`), at: at.toISOString() };
  } catch (error) {
    if (controller.signal.aborted) {
      return failure('transient', `${options.trackerName} did not answer within ${inSeconds(limit)}`, at);
    }
    if (isTrackerError(error)) return failure(error.kind, options.blot(error.message), at);
    if (error instanceof PluginOutputError) return failure('transient', options.blot(error.message), at);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
