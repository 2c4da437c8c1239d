// A worker process reads at most INGEST_SLOTS files at once, so a burst of worst-case uploads stays within its heap
// (each worst 1 MB file takes up to about 100 MiB while it is read): the others wait their turn, in order.
import { describe, expect, it } from 'vitest';
import { INGEST_SLOTS, slots } from '../../workflows/activities.ts';

describe('ingest slots', () => {
  it('run at most their number at once, the rest in order, and free a slot when work fails', async () => {
    const gate = slots(INGEST_SLOTS);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (n: number) => gate.run(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      order.push(n);
      if (n % 5 === 0) throw new Error(`work ${n} failed`);
      return n;
    });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, n) => work(n)));
    expect(most).toBe(INGEST_SLOTS);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(4);
    expect(order.slice(0, INGEST_SLOTS).sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
    expect(await gate.run(async () => 'still free')).toBe('still free');
  });
});
