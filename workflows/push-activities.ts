import { ApplicationFailure } from '@temporalio/activity';
import type { Pusher } from '../core/push/pusher.ts';
import type { LinkInput, PushInput, PushTicketInput } from '../core/push/types.ts';
import { isTrackerError } from '../plugins/sdk/index.ts';
import { withHeartbeat } from './heartbeat.ts';

/**
 * Runs a push step with heartbeats (a dead worker is noticed within the heartbeat timeout) and the activity's
 * cancellation as the tracker calls' abort signal. A transient tracker failure is thrown as a retryable failure
 * whose message is the tracker's words, for the retry policy to repeat and, in the end, the ticket to quote.
 */
async function step<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  try {
    return await withHeartbeat(run);
  } catch (error) {
    if (isTrackerError(error)) throw ApplicationFailure.create({ type: 'TrackerUnavailable', message: error.message });
    throw error;
  }
}

/** The activities of the push workflow (workflows/definitions/push.ts). */
export function createPushActivities({ pusher }: { pusher: Pusher }) {
  return {
    planPush: (input: PushInput) => step(() => pusher.plan(input)),
    resolvePushAssignee: (input: Pick<PushInput, 'userId' | 'workspaceId' | 'connectionId'> & { username: string }) => step((signal) => pusher.resolveUser(input, signal)),
    pushTicket: (input: PushTicketInput) => step((signal) => pusher.pushTicket(input, signal)),
    linkPushedTicket: (input: LinkInput) => step((signal) => pusher.linkTicket(input, signal)),
  };
}
