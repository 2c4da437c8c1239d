import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';

/** Statuses a Stripe subscription never leaves: a subscription in any other is live. */
export const ENDED_SUBSCRIPTION_STATUSES = ['canceled', 'incomplete_expired'] as const;

/**
 * A workspace's link to Stripe: the customer (made once, at the first checkout) and the subscription as the newest
 * Stripe event about it left it. `stateAt` and `stateRank` order those events (Stripe's `created`, then the
 * kind of event), so an older event delivered late never undoes a newer state.
 */
export const BillingAccount = defineEntity({
  name: 'BillingAccount',
  tableName: 'billing_accounts',
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    workspace: () => p.oneToOne(Workspace).owner().deleteRule('cascade'),
    stripeCustomerId: p.string().length(255).nullable().unique(),
    stripeSubscriptionId: p.string().length(255).nullable(),
    /** The subscription item whose price is the plan (changed on an upgrade or downgrade). */
    stripeItemId: p.string().length(255).nullable(),
    /** Stripe's subscription status: active, trialing, past_due, unpaid, incomplete, paused, canceled… */
    status: p.string().length(40).nullable(),
    tierId: p.string().length(50).nullable(),
    priceId: p.string().length(255).nullable(),
    /** The subscription date: the day of the month its renewals (and credit resets) fall on. */
    subscribedAt: p.datetime().nullable(),
    currentPeriodEnd: p.datetime().nullable(),
    cancelAtPeriodEnd: p.boolean().default(false),
    stateAt: p.bigint('number').default(0),
    stateRank: p.integer().default(0),
    createdAt: p.datetime().onCreate(createdAt),
    updatedAt: p.datetime().onCreate(createdAt).onUpdate(() => new Date()),
  },
});

export type BillingAccount = InferEntity<typeof BillingAccount>;
