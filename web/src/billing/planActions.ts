import type { Subscription, Tier } from './api.ts';
import { formatDay } from './format.ts';
import { billingTexts as texts } from './texts.ts';

/** The plan that needs no payment: choosing it while subscribed cancels the subscription. */
export const FREE_TIER_ID = 'free';

/** What a plan card's button does. */
export type PlanAction =
  | { kind: 'none'; label: string }
  | { kind: 'subscribe'; label: string }
  | { kind: 'cancel'; label: string };

/**
 * The button of a plan card: none on the current plan, on one this installation cannot sell, or on Free while
 * a cancellation is already under way; Free while subscribed cancels (after a confirmation); another plan
 * subscribes.
 */
export function planAction(tier: Tier, subscription: Subscription | undefined): PlanAction {
  if (tier.current) return { kind: 'none', label: texts.currentPlan };
  if (!tier.available) return { kind: 'none', label: texts.notAvailable };
  if (tier.id !== FREE_TIER_ID) return { kind: 'subscribe', label: texts.choose(tier.name) };
  if (subscription?.cancelAtPeriodEnd) {
    const end = formatDay(subscription.currentPeriodEnd);
    return { kind: 'none', label: end ? texts.startsOn(end) : texts.startsAtPeriodEnd };
  }
  return { kind: 'cancel', label: texts.choose(tier.name) };
}
