import type { EntityManager } from '@mikro-orm/postgresql';
import { isMonthlyReset, recordReset } from '../credits/resets.ts';
import { lockUserRow } from '../users/lock.ts';
import { User } from '../users/user.entity.ts';
import { BillingAccount } from './billing-account.entity.ts';
import { PAID_STATUSES } from './stripe.ts';

export type MonthlyResetOutcome = 'reset' | 'already reset' | 'renewed by invoice' | 'not a reset date' | 'no such user';

/**
 * The monthly reset on the subscription date (the sign-up date on Free), once per user and date. A paid Stripe
 * subscription is left alone: its renewal resets the credits when the renewal invoice is paid (and a renewal
 * whose payment fails does not reset them). A date planned before the subscription date moved is not reset on:
 * a subscription that ends with its period ends on the very date its workflow wakes for, and its plan change has
 * reset the credits already. Decided under a lock of the user's row, which a plan change's transaction waits for
 * and then holds to its commit (it records its reset and updates the row), so the reset sees the subscription date
 * and status from wholly before or wholly after it.
 */
export async function monthlyReset(em: EntityManager, userId: string, at: Date): Promise<MonthlyResetOutcome> {
  return em.transactional(async (tx) => {
    await lockUserRow(tx, userId);
    const user = await tx.findOne(User, userId);
    if (!user) return 'no such user';
    if (!isMonthlyReset(user.creditCycleAnchor, at)) return 'not a reset date';
    const account = await tx.findOne(BillingAccount, { user: userId });
    if (account?.stripeSubscriptionId && account.status && PAID_STATUSES.has(account.status)) return 'renewed by invoice';
    const { recorded } = await recordReset(tx, { userId, key: `monthly:${userId}:${at.toISOString()}`, reason: 'monthly', at });
    return recorded ? 'reset' : 'already reset';
  });
}
