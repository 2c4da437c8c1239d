import { describe, expect, it } from 'vitest';
import { MAX_NUMBERED_PAGES, pageSlots } from './Pagination.logic.ts';

describe('pageSlots', () => {
  it('lists every page when there are at most 5', () => {
    expect(pageSlots(1, 0)).toEqual([]);
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first and last page and puts ellipses in the gaps', () => {
    expect(pageSlots(1, 10)).toEqual([1, 2, 3, 4, 'end-ellipsis', 10]);
    expect(pageSlots(3, 10)).toEqual([1, 2, 3, 4, 'end-ellipsis', 10]);
    expect(pageSlots(5, 10)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 10]);
    expect(pageSlots(8, 10)).toEqual([1, 'start-ellipsis', 7, 8, 9, 10]);
    expect(pageSlots(10, 10)).toEqual([1, 'start-ellipsis', 7, 8, 9, 10]);
  });

  it('never shows more than 5 numbered pages, always including the current, first and last', () => {
    for (let total = 1; total <= 30; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const numbers = pageSlots(current, total).filter((slot) => typeof slot === 'number');
        expect(numbers.length).toBeLessThanOrEqual(MAX_NUMBERED_PAGES);
        expect(numbers).toContain(current);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(total);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      }
    }
  });

  it('clamps a current page outside the range', () => {
    expect(pageSlots(0, 10)).toEqual(pageSlots(1, 10));
    expect(pageSlots(99, 10)).toEqual(pageSlots(10, 10));
  });
});
