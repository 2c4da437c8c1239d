import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A tracker's request budget for one key (a hash of API root and token), shared by every process: when each request
 * spent from it was sent (milliseconds since the epoch), and the vendor's refusals in a row. Read and written under
 * a row lock by budgets.ts.
 */
export const TrackerBudget = defineEntity({
  name: 'TrackerBudget',
  tableName: 'tracker_budgets',
  properties: {
    key: p.string().length(200).primary(),
    sent: p.json<number[]>(),
    strikes: p.integer(),
    updatedAt: p.datetime(),
  },
});

export type TrackerBudget = InferEntity<typeof TrackerBudget>;
