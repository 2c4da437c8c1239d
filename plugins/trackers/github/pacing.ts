/**
 * GitHub's secondary rate limits, kept on this side of the wire. GitHub's REST reference ("Rate limits for the REST
 * API", About secondary rate limits, https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api)
 * says that in general no more than 80 content-generating requests per minute and no more than 500 per hour are
 * allowed; requests that create or change content (POST, PATCH, PUT, DELETE) count. Each token gets a pacer in this
 * process that spends from both budgets before such a request is sent, and answers rate_limited with the time the
 * budget allows it when it is spent: the push workflow then waits on a durable timer, and nothing is sent in vain.
 *
 * The same page says what to do once GitHub answers with a secondary limit: honour `retry-after` when present,
 * wait until `x-ratelimit-reset` when `x-ratelimit-remaining` is 0, and otherwise wait at least one minute, then
 * longer (exponentially) while the limit goes on. The pacer counts those answers for the backoff.
 */
import { createHash } from 'node:crypto';
import { TrackerError } from '../../sdk/index.ts';

export interface Budget {
  windowMs: number;
  limit: number;
}

/** 80 a minute, 500 an hour (GitHub's documented content-creation limits). */
export const CONTENT_BUDGETS: readonly Budget[] = [{ windowMs: 60_000, limit: 80 }, { windowMs: 3_600_000, limit: 500 }];

/** The first wait after a secondary limit that names no time: "at least one minute". */
const FIRST_BACKOFF_MS = 60_000;
/** The longest wait the backoff grows to: an hour, the longest window GitHub names. */
const MAX_BACKOFF_MS = 3_600_000;

export const CONTENT_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

export class ContentPacer {
  readonly #budgets: readonly Budget[];
  readonly #now: () => number;
  /** When each content request that was let through was sent, oldest first. */
  #sent: number[] = [];
  /** Secondary limits answered in a row (reset by a content request GitHub accepts). */
  #strikes = 0;

  constructor(budgets: readonly Budget[] = CONTENT_BUDGETS, now: () => number = Date.now) {
    this.#budgets = budgets;
    this.#now = now;
  }

  /**
   * Spends `count` content requests from every budget, or spends none and throws rate_limited with the time they
   * all fit (when enough earlier requests have left their windows).
   */
  take(count: number): void {
    const now = this.#now();
    const longest = Math.max(...this.#budgets.map((budget) => budget.windowMs));
    this.#sent = this.#sent.filter((at) => at > now - longest);
    let fitsAt = now;
    for (const { windowMs, limit } of this.#budgets) {
      const inWindow = this.#sent.filter((at) => at > now - windowMs);
      const over = inWindow.length + count - limit;
      if (over > 0) fitsAt = Math.max(fitsAt, (inWindow[over - 1] ?? now) + windowMs + 1);
    }
    if (fitsAt > now) {
      const retryAt = new Date(fitsAt).toISOString();
      throw new TrackerError(
        'rate_limited',
        `Tickscribe keeps under GitHub's limits for creating content (80 requests a minute, 500 an hour, per token); the next request fits at ${retryAt}.`,
        { retryAt },
      );
    }
    for (let index = 0; index < count; index++) this.#sent.push(now);
  }

  /** How long to wait after a secondary limit that names no time: a minute, doubling while they keep coming. */
  backoffMs(): number {
    this.#strikes++;
    return Math.min(FIRST_BACKOFF_MS * 2 ** (this.#strikes - 1), MAX_BACKOFF_MS);
  }

  /** A content request went through: the next secondary limit starts the backoff again from a minute. */
  accepted(): void {
    this.#strikes = 0;
  }
}

const pacers = new Map<string, ContentPacer>();

/** The pacer of one token at one API root (a hash of both is the key: the token itself is not kept). */
export function pacerOf(root: string, token: string): ContentPacer {
  const key = createHash('sha256').update(`${root}\n${token}`).digest('hex');
  let pacer = pacers.get(key);
  if (!pacer) pacers.set(key, (pacer = new ContentPacer()));
  return pacer;
}
