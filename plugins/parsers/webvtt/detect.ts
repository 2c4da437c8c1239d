/**
 * Content sniffing for generic WebVTT. Scores stay in the 'generic structure' band so that the Zoom and Teams
 * parsers (which look for their own signatures in the same files) win on their files.
 */
import type { ParserInput } from '../../sdk/index.ts';

/** Any file whose first non-blank line is `WEBVTT`. */
const SCORE_HEADER = 0.8;
/** No header, but `start --> end` timing lines with dot decimals (a VTT body without its first line). */
const SCORE_HEADERLESS = 0.6;
/** Comma-decimal timing lines: SRT, which the SRT parser reads better; we could still read it. */
const SCORE_COMMA_TIMINGS = 0.3;

const HEAD = 16_384;
const DOT_TIMING = /^[ \t]*(?:\d{1,3}:)?\d{1,2}:\d{1,2}\.\d{1,9}[ \t]*-->/gm;
const COMMA_TIMING = /^[ \t]*(?:\d{1,3}:)?\d{1,2}:\d{1,2},\d{1,9}[ \t]*-->/gm;

export function detectWebvtt(input: ParserInput): number {
  const head = input.text.slice(0, HEAD);
  if (/^\s*\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(head)) return SCORE_HEADER;
  const dots = head.match(DOT_TIMING)?.length ?? 0;
  const commas = head.match(COMMA_TIMING)?.length ?? 0;
  if (dots > 0 && dots >= commas) return SCORE_HEADERLESS;
  if (commas > 0) return SCORE_COMMA_TIMINGS;
  return 0;
}
