import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketStart, bucketUsage, hasEnoughForChart } from './buckets.ts';

/** An entry at a local time, as the server sends it (ISO, UTC). */
const at = (hour: number, minute: number, second = 0, day = 5) => new Date(2026, 0, day, hour, minute, second).toISOString();
const entry = (createdAt: string, inputTokens: number, outputTokens: number) => ({ createdAt, inputTokens, outputTokens });

describe('bucketStart', () => {
  it('moves a time to minute 0 or 30 of its hour, without seconds', () => {
    expect(bucketStart(new Date(2026, 0, 5, 10, 0, 0))).toEqual(new Date(2026, 0, 5, 10, 0));
    expect(bucketStart(new Date(2026, 0, 5, 10, 29, 59, 999))).toEqual(new Date(2026, 0, 5, 10, 0));
    expect(bucketStart(new Date(2026, 0, 5, 10, 30, 0))).toEqual(new Date(2026, 0, 5, 10, 30));
    expect(bucketStart(new Date(2026, 0, 5, 23, 59, 59))).toEqual(new Date(2026, 0, 5, 23, 30));
  });
});

describe('bucketUsage', () => {
  it('sums input and output tokens per 30-minute bucket, oldest first', () => {
    // The history comes newest first.
    const buckets = bucketUsage([
      entry(at(11, 5), 10, 1),
      entry(at(10, 45), 200, 20),
      entry(at(10, 31), 300, 30),
      entry(at(10, 29, 59), 4000, 400),
      entry(at(10, 0), 5000, 500),
    ]);
    expect(buckets).toEqual([
      { start: new Date(2026, 0, 5, 10, 0), input: 9000, output: 900 },
      { start: new Date(2026, 0, 5, 10, 30), input: 500, output: 50 },
      { start: new Date(2026, 0, 5, 11, 0), input: 10, output: 1 },
    ]);
  });

  it('keeps the same half hour of different days apart', () => {
    const buckets = bucketUsage([entry(at(9, 10, 0, 6), 1, 1), entry(at(9, 10, 0, 5), 2, 2)]);
    expect(buckets.map((bucket) => bucket.start)).toEqual([new Date(2026, 0, 5, 9, 0), new Date(2026, 0, 6, 9, 0)]);
  });

  it('leaves out entries with an unreadable date, and gives nothing for no entries', () => {
    expect(bucketUsage([])).toEqual([]);
    expect(bucketUsage([entry('not a date', 5, 5), entry(at(8, 0), 1, 2)])).toEqual([{ start: new Date(2026, 0, 5, 8, 0), input: 1, output: 2 }]);
  });

  it('keeps every token, in sorted buckets that start on minute 0 or 30', () => {
    const entries = fc.array(
      fc.record({
        createdAt: fc.date({ min: new Date('2025-01-01'), max: new Date('2027-01-01'), noInvalidDate: true }).map((date) => date.toISOString()),
        inputTokens: fc.nat(1_000_000),
        outputTokens: fc.nat(1_000_000),
      }),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(entries, (list) => {
        const buckets = bucketUsage(list);
        const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
        expect(sum(buckets.map((bucket) => bucket.input))).toBe(sum(list.map((item) => item.inputTokens)));
        expect(sum(buckets.map((bucket) => bucket.output))).toBe(sum(list.map((item) => item.outputTokens)));
        for (const [index, bucket] of buckets.entries()) {
          expect([0, 30]).toContain(bucket.start.getMinutes());
          expect(bucket.start.getSeconds() + bucket.start.getMilliseconds()).toBe(0);
          if (index > 0) expect(bucket.start.getTime()).toBeGreaterThan(buckets[index - 1]!.start.getTime());
        }
      }),
    );
  });
});

describe('hasEnoughForChart', () => {
  it('asks for two buckets at least, so a line can be drawn', () => {
    const bucket = { start: new Date(2026, 0, 5, 10, 0), input: 1, output: 1 };
    expect(hasEnoughForChart([])).toBe(false);
    expect(hasEnoughForChart([bucket])).toBe(false);
    expect(hasEnoughForChart([bucket, { ...bucket, start: new Date(2026, 0, 5, 10, 30) }])).toBe(true);
  });
});
