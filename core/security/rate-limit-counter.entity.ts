import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Hits per key in the current fixed window; shared by every API process through the database. */
export const RateLimitCounter = defineEntity({
  name: 'RateLimitCounter',
  tableName: 'rate_limit_counters',
  properties: {
    key: p.string().length(400).primary(),
    windowStart: p.datetime(),
    hits: p.integer(),
  },
});

export type RateLimitCounter = InferEntity<typeof RateLimitCounter>;
