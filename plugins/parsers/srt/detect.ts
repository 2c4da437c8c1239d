/**
 * SRT detection from the first lines: a timing line with comma decimals, under a cue number, is SubRip's. Dot
 * decimals are WebVTT's, so they score low; a file that starts with `WEBVTT` scores 0.
 */
import type { ParserInput } from '../../sdk/index.ts';
import { firstNonBlankLines, looksLikeWebVtt } from '../shared/sniff.ts';
import { TIMING } from './cues.ts';

export function detectSrt(input: ParserInput): number {
  const { text } = input;
  if (looksLikeWebVtt(text)) return 0;
  const lines = firstNonBlankLines(text.slice(0, 4096), 12);
  const at = lines.findIndex((line) => TIMING.test(line));
  if (at === -1 || at > 3) return 0;
  const comma = /^\s*[\d:]+,\d/.test(lines[at]!);
  const indexed = at > 0 && /^\s*\d+\s*$/.test(lines[at - 1]!);
  if (comma) return indexed ? 0.85 : 0.7;
  // Dot decimals are WebVTT's; an SRT writer that used them still numbers its cues.
  return indexed ? 0.5 : 0.3;
}
