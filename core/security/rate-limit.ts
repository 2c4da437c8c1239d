import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlBool } from 'kysely';
import { db, sql } from '../db/sql.ts';
import { TooManyAttempts } from '../errors.ts';

export interface RateLimitRule {
  /** Names the counter, e.g. `login:email`. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** What a refused caller is told; default: wait a few minutes. */
  message?: string;
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Takes one of `subject`'s `rule.limit` places in the current fixed window, kept in PostgreSQL (so every API
 * process shares it), and throws 429 when none is left. One statement counts and answers, so however many requests
 * run at once, at most `limit` of them get a place: a caller reserves its place *before* the work the rule guards
 * (a password hash), never after it. `refundRateLimit` gives a place back.
 */
export async function hitRateLimit(em: EntityManager, rule: RateLimitRule, subject: string): Promise<void> {
  const expired = sql<SqlBool>`rate_limit_counters.window_start < now() - make_interval(secs => ${rule.windowSeconds})`;
  const row = await db(em).insertInto('rate_limit_counters').values({ key: keyOf(rule, subject), window_start: sql<Date>`now()`, hits: 1 })
    .onConflict((oc) => oc.column('key').doUpdateSet({
      hits: sql<number>`case when ${expired} then 1 else rate_limit_counters.hits + 1 end`,
      window_start: sql<Date>`case when ${expired} then now() else rate_limit_counters.window_start end`,
    }))
    .returning('hits').executeTakeFirst();
  if ((row?.hits ?? 0) > rule.limit) throw new TooManyAttempts(rule.message ?? TOO_MANY_ATTEMPTS);
}

/** Gives back one place taken by hitRateLimit (the attempt turned out not to count, e.g. a successful login). */
export async function refundRateLimit(em: EntityManager, rule: RateLimitRule, subject: string): Promise<void> {
  await db(em).updateTable('rate_limit_counters').set({ hits: sql<number>`greatest(hits - 1, 0)` }).where('key', '=', keyOf(rule, subject)).execute();
}

/** Forgets `subject`'s count under `rule` (after a success that the rule should not hold against it). */
export async function clearRateLimit(em: EntityManager, rule: RateLimitRule, subject: string): Promise<void> {
  await db(em).deleteFrom('rate_limit_counters').where('key', '=', keyOf(rule, subject)).execute();
}

function keyOf(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${subject}`.slice(0, 400);
}
