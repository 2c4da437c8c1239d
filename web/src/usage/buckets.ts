import type { HistoryEntry } from './history.ts';

/** The spec's "Screens and routes" and "Business constants and limits": the chart sums usage in 30-minute buckets. */
export const BUCKET_MINUTES = 30;

export interface UsageBucket {
  /** The bucket's start, on minute 0 or 30 of the hour (local time, as the axis shows it). */
  start: Date;
  input: number;
  output: number;
}

/** The start of the 30-minute bucket that holds `at`: the same hour, minute 0 or 30, no seconds. */
export function bucketStart(at: Date): Date {
  const start = new Date(at);
  start.setMinutes(at.getMinutes() < BUCKET_MINUTES ? 0 : BUCKET_MINUTES, 0, 0);
  return start;
}

/** The entries' input and output tokens summed per bucket, oldest bucket first; unreadable dates are left out. */
export function bucketUsage(entries: readonly Pick<HistoryEntry, 'createdAt' | 'inputTokens' | 'outputTokens'>[]): UsageBucket[] {
  const buckets = new Map<number, UsageBucket>();
  for (const entry of entries) {
    const at = new Date(entry.createdAt);
    if (Number.isNaN(at.getTime())) continue;
    const start = bucketStart(at);
    const bucket = buckets.get(start.getTime()) ?? { start, input: 0, output: 0 };
    bucket.input += entry.inputTokens;
    bucket.output += entry.outputTokens;
    buckets.set(start.getTime(), bucket);
  }
  return [...buckets.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** A line needs two points: with fewer buckets the chart says there is not enough data. */
export function hasEnoughForChart(buckets: readonly UsageBucket[]): boolean {
  return buckets.length >= 2;
}
