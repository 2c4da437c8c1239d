import type { EntityManager } from '@mikro-orm/postgresql';
import { TooManyAttempts } from '../errors.ts';

export interface RateLimitRule {
  /** Names the counter, e.g. `login:email`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Counts one hit for `subject` under `rule` in a fixed window kept in PostgreSQL (so every API process shares it)
 * and throws 429 once the limit is passed. One statement: concurrent hits cannot slip past the count.
 */
export async function hitRateLimit(em: EntityManager, rule: RateLimitRule, subject: string): Promise<void> {
  const rows = await em.getConnection().execute<{ hits: number }[]>(
    `insert into rate_limit_counters (key, window_start, hits) values (?, now(), 1)
     on conflict (key) do update set
       hits = case when rate_limit_counters.window_start < now() - make_interval(secs => ?) then 1 else rate_limit_counters.hits + 1 end,
       window_start = case when rate_limit_counters.window_start < now() - make_interval(secs => ?) then now() else rate_limit_counters.window_start end
     returning hits`,
    [`${rule.name}:${subject}`, rule.windowSeconds, rule.windowSeconds],
  );
  if ((rows[0]?.hits ?? 0) > rule.limit) throw new TooManyAttempts(TOO_MANY_ATTEMPTS);
}

/** Throws 429 when `subject` has used up `rule` in the current window, without counting this call. */
export async function checkRateLimit(em: EntityManager, rule: RateLimitRule, subject: string): Promise<void> {
  const rows = await em.getConnection().execute<{ hits: number }[]>(
    `select hits from rate_limit_counters where key = ? and window_start >= now() - make_interval(secs => ?)`,
    [`${rule.name}:${subject}`, rule.windowSeconds],
  );
  if ((rows[0]?.hits ?? 0) >= rule.limit) throw new TooManyAttempts(TOO_MANY_ATTEMPTS);
}

/** Forgets `subject`'s count under `rule` (after a success that the rule should not hold against it). */
export async function clearRateLimit(em: EntityManager, rule: RateLimitRule, subject: string): Promise<void> {
  await em.getConnection().execute(`delete from rate_limit_counters where key = ?`, [`${rule.name}:${subject}`]);
}
