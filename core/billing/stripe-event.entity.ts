import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Every Stripe event received, kept by its id: a redelivered event finds its row and is not processed again. */
export const StripeEvent = defineEntity({
  name: 'StripeEvent',
  tableName: 'stripe_events',
  properties: {
    id: p.string().length(255).primary(),
    type: p.string().length(100),
    /** Stripe's `created`. */
    createdAt: p.datetime(),
    receivedAt: p.datetime().onCreate(() => new Date()),
    /** What processing did: 'applied', or why the event changed nothing. */
    outcome: p.text(),
    payload: p.json<unknown>(),
  },
});

export type StripeEvent = InferEntity<typeof StripeEvent>;
