/**
 * Request budgets a tracker keeps on this side of the wire (GitHub's 80 content requests a minute, say). A budget
 * is kept per key, which the plugin derives (a hash of its API root and token, never the token itself), and counted
 * by the host across every process that pushes: the host hands each tracker call its shared budgets as
 * `context.budgets`. A host that has none (a contract kit, a test) leaves it out, and `budgetsOf` falls back to
 * budgets counted in this process.
 */

/** At most `limit` requests in any `windowMs` milliseconds. */
export interface BudgetWindow {
  windowMs: number;
  limit: number;
}

export interface TrackerBudgets {
  /**
   * Spends `count` requests from every window of `key` at once, or spends none: answers null when they were spent,
   * else the time (ISO 8601) at which all of them fit, when enough earlier requests have left their windows.
   */
  take(key: string, windows: readonly BudgetWindow[], count: number): Promise<string | null>;
  /** Counts one refusal of the vendor in a row for `key` and answers how many there are now (for a backoff). */
  strike(key: string): Promise<number>;
  /** The vendor accepted a request: the run of refusals of `key` is over. */
  clear(key: string): Promise<void>;
}

/**
 * The time all of `count` new requests fit every window, given when earlier ones were sent (oldest first), or
 * null when they fit now. Shared by every implementation, so each counts alike.
 */
export function fitsAt(sent: readonly number[], windows: readonly BudgetWindow[], count: number, now: number): number | null {
  let at = now;
  for (const { windowMs, limit } of windows) {
    const inWindow = sent.filter((time) => time > now - windowMs);
    const over = inWindow.length + count - limit;
    if (over > 0) at = Math.max(at, (inWindow[over - 1] ?? now) + windowMs + 1);
  }
  return at > now ? at : null;
}

/** Budgets counted in this process only: for hosts that share none. */
export function processBudgets(now: () => number = Date.now): TrackerBudgets {
  const sent = new Map<string, number[]>();
  const strikes = new Map<string, number>();
  return {
    async take(key, windows, count) {
      const time = now();
      const longest = Math.max(...windows.map((window) => window.windowMs));
      const kept = (sent.get(key) ?? []).filter((at) => at > time - longest);
      const later = fitsAt(kept, windows, count, time);
      if (later === null) for (let index = 0; index < count; index++) kept.push(time);
      sent.set(key, kept);
      return later === null ? null : new Date(later).toISOString();
    },
    async strike(key) {
      const count = (strikes.get(key) ?? 0) + 1;
      strikes.set(key, count);
      return count;
    },
    async clear(key) {
      strikes.delete(key);
    },
  };
}

const inProcess = processBudgets();

/** The host's shared budgets, or this process's when the host hands none. */
export const budgetsOf = (context: { budgets?: TrackerBudgets }): TrackerBudgets => context.budgets ?? inProcess;
