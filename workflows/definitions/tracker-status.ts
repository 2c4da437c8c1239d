import { ActivityFailure, continueAsNew, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { StatusSendInput, StatusSendOutcome } from '../../core/tracker-status/send.ts';
import type { Activities } from '../activities.ts';

/** One connection's status poll: workflow `tracker-status-<connectionId>`. */
export interface TrackerStatusPollInput {
  connectionId: string;
  /** TRACKER_STATUS_POLL_SECONDS when it was started. */
  intervalSeconds: number;
  /** The ticket id the next round starts after (carried over a continue-as-new); null or absent: from the first. */
  cursor?: string | null;
}

const { pollTrackerStatus } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  // A round that keeps failing waits for the next one: it is tried again every interval anyway.
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumAttempts: 3 },
});

const { sendTicketStatus } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '30 seconds',
  // A tracker that is down for a while still gets the status: growing pauses, for about a day.
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '30 minutes', maximumAttempts: 60 },
});

/** Rounds before the history is handed to a fresh run (about seventeen hours at the default five minutes). */
const ROUNDS_PER_RUN = 200;

/**
 * Follows the status of a connection's items, the backup for its tracker's webhook: every `intervalSeconds` one round
 * asks the tracker for a batch of the items whose tickets are not Done and applies what changed; a connection with
 * more tickets than a batch is gone through round by round. It waits longer when the tracker limits requests, and ends
 * when the connection is gone (deleted, or its tracker can no longer be asked). One per connection, so each
 * connection's token and budgets are spent by its own poll alone, and deleting a connection ends its poll at once.
 */
export async function trackerStatusWorkflow(input: TrackerStatusPollInput): Promise<void> {
  let cursor = input.cursor ?? null;
  for (let round = 0; round < ROUNDS_PER_RUN && !workflowInfo().continueAsNewSuggested; round++) {
    let wait = input.intervalSeconds * 1000;
    try {
      const outcome = await pollTrackerStatus(input.connectionId, cursor);
      if (outcome.status === 'gone') return;
      cursor = outcome.cursor;
      if (outcome.retryAt) wait = Math.max(wait, Date.parse(outcome.retryAt) - Date.now());
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
    }
    await sleep(wait);
  }
  await continueAsNew<typeof trackerStatusWorkflow>({ ...input, cursor });
}

/**
 * Sends a status set in Tickscribe to the ticket's item on one connection (workflow
 * `tracker-status-send-<connectionId>-<ticketId>`: a later edit's start replaces a send still under way, and a send
 * whose status the ticket no longer has sends nothing). Waits out the tracker's limits; transient failures are retried.
 */
export async function sendTicketStatusWorkflow(input: StatusSendInput): Promise<StatusSendOutcome> {
  for (;;) {
    const outcome = await sendTicketStatus(input);
    if (outcome.status !== 'wait') return outcome;
    await sleep(Math.max(1_000, Date.parse(outcome.retryAt) - Date.now()));
  }
}
