/**
 * GitHub's secondary rate limits, kept on this side of the wire. GitHub's REST reference ("Rate limits for the REST
 * API", About secondary rate limits, https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api)
 * says that in general no more than 80 content-generating requests per minute and no more than 500 per hour are
 * allowed; requests that create or change content (POST, PATCH, PUT, DELETE) count. Each token's pacer spends from
 * both budgets before such a request is sent (counted across every process of the host: see the SDK's budgets.ts),
 * and answers rate_limited with the time the budget allows it when it is spent: the push workflow then waits on a
 * durable timer, and nothing is sent in vain.
 *
 * The same page says what to do once GitHub answers with a secondary limit: honour `retry-after` when present,
 * wait until `x-ratelimit-reset` when `x-ratelimit-remaining` is 0, and otherwise wait at least one minute, then
 * longer (exponentially) while the limit goes on. The pacer counts those answers for the backoff.
 */
import { createHash } from 'node:crypto';
import { budgetsOf, type BudgetWindow, type TrackerBudgets } from '../../sdk/budgets.ts';
import { TrackerError } from '../../sdk/index.ts';

/** 80 a minute, 500 an hour (GitHub's documented content-creation limits). */
export const CONTENT_BUDGETS: readonly BudgetWindow[] = [{ windowMs: 60_000, limit: 80 }, { windowMs: 3_600_000, limit: 500 }];

/** The first wait after a secondary limit that names no time: "at least one minute". */
const FIRST_BACKOFF_MS = 60_000;
/** The longest wait the backoff grows to: an hour, the longest window GitHub names. */
const MAX_BACKOFF_MS = 3_600_000;

export const CONTENT_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/**
 * One token's content budget, counted by the host's shared budgets (every process that pushes spends from the same
 * count), or this process's when the host shares none.
 */
export class ContentPacer {
  readonly #budgets: TrackerBudgets;
  readonly #key: string;
  readonly #windows: readonly BudgetWindow[];

  constructor(budgets: TrackerBudgets, key: string, windows: readonly BudgetWindow[] = CONTENT_BUDGETS) {
    this.#budgets = budgets;
    this.#key = key;
    this.#windows = windows;
  }

  /**
   * Spends `count` content requests from every budget, or spends none and throws rate_limited with the time they
   * all fit (when enough earlier requests have left their windows).
   */
  async take(count: number): Promise<void> {
    const retryAt = await this.#budgets.take(this.#key, this.#windows, count);
    if (retryAt === null) return;
    throw new TrackerError(
      'rate_limited',
      `Tickscribe keeps under GitHub's limits for creating content (80 requests a minute, 500 an hour, per token); the next request fits at ${retryAt}.`,
      { retryAt },
    );
  }

  /** How long to wait after a secondary limit that names no time: a minute, doubling while they keep coming. */
  async backoffMs(): Promise<number> {
    const strikes = await this.#budgets.strike(this.#key);
    return Math.min(FIRST_BACKOFF_MS * 2 ** (strikes - 1), MAX_BACKOFF_MS);
  }

  /** A content request went through: the next secondary limit starts the backoff again from a minute. */
  async accepted(): Promise<void> {
    await this.#budgets.clear(this.#key);
  }
}

/** The pacer of one token at one API root (a hash of both is the key: the token itself is not kept). */
export function pacerOf(context: { budgets?: TrackerBudgets }, root: string, token: string): ContentPacer {
  const key = `github:${createHash('sha256').update(`${root}\n${token}`).digest('hex')}`;
  return new ContentPacer(budgetsOf(context), key);
}
