import type { EntityManager } from '@mikro-orm/postgresql';
import { recordReset } from '../credits/resets.ts';
import { BillingAccount } from './billing-account.entity.ts';
import { PAID_STATUSES } from './stripe.ts';

/**
 * The monthly reset on the subscription date (the sign-up date on Free), once per user and date. A paid Stripe
 * subscription is left alone: its renewal resets the credits when the renewal invoice is paid (and a renewal
 * whose payment fails does not reset them).
 */
export async function monthlyReset(em: EntityManager, userId: string, at: Date): Promise<'reset' | 'already reset' | 'renewed by invoice'> {
  const account = await em.findOne(BillingAccount, { user: userId });
  if (account?.stripeSubscriptionId && account.status && PAID_STATUSES.has(account.status)) return 'renewed by invoice';
  const { recorded } = await recordReset(em, { userId, key: `monthly:${userId}:${at.toISOString()}`, reason: 'monthly', at });
  return recorded ? 'reset' : 'already reset';
}
