import type { EntityManager } from '@mikro-orm/postgresql';
import { isMonthlyReset, recordReset } from '../credits/resets.ts';
import { lockPlan } from '../users/lock.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';
import { BillingAccount } from './billing-account.entity.ts';
import { PAID_STATUSES } from './stripe.ts';

export type MonthlyResetOutcome = 'reset' | 'already reset' | 'renewed by invoice' | 'not a reset date' | 'no such workspace';

/**
 * The monthly reset on the subscription date (the workspace's creation date on Free), once per workspace and date. A paid Stripe
 * subscription is left alone: its renewal resets the credits when the renewal invoice is paid (and a renewal
 * whose payment fails does not reset them). A date planned before the subscription date moved is not reset on:
 * a subscription that ends with its period ends on the very date its workflow wakes for, and its plan change has
 * reset the credits already. Decided under the workspace's plan lock (its row's), which a plan change's transaction waits for
 * and then holds to its commit (it records its reset and updates the row), so the reset sees the subscription date
 * and status from wholly before or wholly after it.
 */
export async function monthlyReset(em: EntityManager, workspaceId: string, at: Date): Promise<MonthlyResetOutcome> {
  return em.transactional(async (tx) => {
    // A workspace deleted since its reset was planned has nothing to reset (its workflow then plans nothing and ends).
    if (!(await tx.findOne(Workspace, workspaceId))) return 'no such workspace';
    await lockPlan(tx, workspaceId);
    const workspace = await tx.findOneOrFail(Workspace, workspaceId, { refresh: true });
    if (!isMonthlyReset(workspace.creditCycleAnchor, at)) return 'not a reset date';
    const account = await tx.findOne(BillingAccount, { workspace: workspaceId });
    if (account?.stripeSubscriptionId && account.status && PAID_STATUSES.has(account.status)) return 'renewed by invoice';
    const { recorded } = await recordReset(tx, { workspaceId, key: `monthly:${workspaceId}:${at.toISOString()}`, reason: 'monthly', at });
    return recorded ? 'reset' : 'already reset';
  });
}
