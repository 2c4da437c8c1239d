import { condition, continueAsNew, defineQuery, defineSignal, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities.ts';

const { planCreditReset, resetMonthlyCredits } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  // A database outage must not skip a reset: retry with growing pauses until it succeeds.
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

/** The subscription date moved (a subscription began or ended): plan the next reset again. */
export const creditAnchorChanged = defineSignal('creditAnchorChanged');
/** The next reset this workflow waits for (ISO 8601), or null while it plans. */
export const nextCreditResetQuery = defineQuery<string | null>('nextCreditReset');

/** The longest single wait: past it the workflow plans again, so a lost signal is caught within a week. */
const LONGEST_WAIT_MS = 7 * 86_400_000;
/** Waits before the history is handed to a fresh run (about a year of monthly resets and weekly re-plans). */
const WAITS_PER_RUN = 100;

/**
 * The monthly credit reset of one workspace (workflow id `credits-<workspaceId>`): sleeps until the next reset date
 * that the activity computes from the subscription date (the workspace's creation date on Free; the month's last day
 * when that day is past it), resets, and plans the next. It ends when its workspace is gone (deleted, or an id that
 * names no workspace: a user's, from before plans were the workspace's). Each reset is keyed by its date, so a replayed or retried one
 * resets once; a paid Stripe subscription is reset by its paid renewal invoice instead.
 */
export async function creditsWorkflow(workspaceId: string, lastReset: string | null = null): Promise<void> {
  let changed = false;
  let next: string | null = null;
  setHandler(creditAnchorChanged, () => void (changed = true));
  setHandler(nextCreditResetQuery, () => next);
  let after = lastReset;
  for (let waits = 0; waits < WAITS_PER_RUN && !workflowInfo().continueAsNewSuggested; waits++) {
    changed = false;
    next = await planCreditReset(workspaceId, new Date(Date.now()).toISOString(), after);
    if (next === null) return;
    const wait = Date.parse(next) - Date.now();
    if (wait > 0) {
      const woken = await condition(() => changed, Math.min(wait, LONGEST_WAIT_MS));
      if (woken || Date.parse(next) > Date.now()) continue;
    }
    await resetMonthlyCredits(workspaceId, next);
    after = next;
  }
  await continueAsNew<typeof creditsWorkflow>(workspaceId, after);
}
