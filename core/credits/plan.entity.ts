import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A subscription tier with its monthly limits. The rows are the configuration: the initial migration seeds
 * Free, Pro and Enterprise, and an operator may change the limits with SQL (README, Credits).
 */
export const Plan = defineEntity({
  name: 'Plan',
  tableName: 'plans',
  properties: {
    id: p.string().length(50).primary(),
    name: p.string().length(100).unique(),
    /** Price per interval in cents. */
    priceCents: p.integer(),
    interval: p.string().length(20),
    description: p.text(),
    features: p.json<string[]>(),
    inputTokenLimit: p.bigint('number'),
    outputTokenLimit: p.bigint('number'),
    transcriptLimit: p.integer(),
    sortOrder: p.integer(),
  },
});

export type Plan = InferEntity<typeof Plan>;
