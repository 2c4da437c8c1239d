/**
 * Token counts as the screens show them (the spec's "Business constants and limits": K with 1 decimal; M with 2 on the
 * usage panel, 1 on plan cards).
 */

/** Decimals of millions: 2 on the usage panel, 1 on the plan cards. */
export type MillionDecimals = 1 | 2;

const THOUSAND = 1_000;
const MILLION = 1_000_000;

/** 950 → '950', 12_345 → '12.3K', 2_000_000 → '2.0M' (or '2.00M'); a count that rounds to 1000.0K reads in M. */
export function formatTokens(count: number, millionDecimals: MillionDecimals): string {
  const thousands = (count / THOUSAND).toFixed(1);
  if (count >= MILLION || Number(thousands) >= THOUSAND) return `${(count / MILLION).toFixed(millionDecimals)}M`;
  if (count >= THOUSAND) return `${thousands}K`;
  return String(Math.round(count));
}

/** How much of a limit is used, 0 to 100, for a progress bar; a limit of 0 counts as used up. */
export function usedPercent(used: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.min(100, Math.max(0, (used / limit) * 100));
}
