import { describe, expect, it } from 'vitest';
import { formatTokens, usedPercent } from './tokens.ts';

describe('formatTokens', () => {
  it('shows counts under a thousand as they are', () => {
    expect(formatTokens(0, 2)).toBe('0');
    expect(formatTokens(950, 1)).toBe('950');
  });

  it('shows thousands in K with 1 decimal', () => {
    expect(formatTokens(1_000, 2)).toBe('1.0K');
    expect(formatTokens(12_345, 2)).toBe('12.3K');
    expect(formatTokens(40_000, 1)).toBe('40.0K');
    expect(formatTokens(400_000, 1)).toBe('400.0K');
  });

  it('shows millions in M: 2 decimals on the usage panel, 1 on the plan cards', () => {
    expect(formatTokens(2_000_000, 2)).toBe('2.00M');
    expect(formatTokens(2_000_000, 1)).toBe('2.0M');
    expect(formatTokens(20_000_000, 1)).toBe('20.0M');
    expect(formatTokens(1_234_567, 2)).toBe('1.23M');
  });

  it('reads in M what would round to 1000.0K', () => {
    expect(formatTokens(999_949, 2)).toBe('999.9K');
    expect(formatTokens(999_950, 2)).toBe('1.00M');
  });
});

describe('usedPercent', () => {
  it('is the share of the limit used, between 0 and 100', () => {
    expect(usedPercent(0, 200_000)).toBe(0);
    expect(usedPercent(50_000, 200_000)).toBe(25);
    expect(usedPercent(300_000, 200_000)).toBe(100);
  });

  it('counts a limit of 0 as used up', () => {
    expect(usedPercent(0, 0)).toBe(100);
  });
});
