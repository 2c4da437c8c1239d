/**
 * Reads SubRip cue blocks tolerantly: keyed on the timing line, not on blank lines, so a missing blank line,
 * blank lines inside a cue, a missing or non-numeric index, stray text after the timing ("--> 00:31:39,928 hack
 * the gibson") or X1/Y1 coordinates do not break it.
 */
import { parseClock } from '../shared/time.ts';

export interface Cue {
  start: number;
  end?: number;
  /** Payload lines as in the file (markup not yet removed); blank lines dropped. */
  lines: string[];
  /** Position in the file, for a stable sort. */
  order: number;
}

const TIME = String.raw`(?:\d{1,3}:)?\d{1,2}:\d{1,2}(?:[.,]\d{1,9})?`;
export const TIMING = new RegExp(String.raw`^\s*(${TIME})\s*-{2,}>\s*(${TIME})(?=\s|$)`);
const INDEX = /^\s*\d+\s*$/;

/** `HH:MM:SS,mmm` read from its digits (the common case, and the hot path on big files); else parseClock. */
function clock(text: string): number | undefined {
  if (text.length === 12 && (text[8] === ',' || text[8] === '.') && text[2] === ':' && text[5] === ':') {
    const d = (i: number) => text.charCodeAt(i) - 48;
    const digits = [0, 1, 3, 4, 6, 7, 9, 10, 11].every((i) => d(i) >= 0 && d(i) <= 9);
    if (digits && d(3) < 6 && d(6) < 6) {
      const ms = (d(0) * 10 + d(1)) * 3_600_000 + (d(3) * 10 + d(4)) * 60_000 + (d(6) * 10 + d(7)) * 1000 + d(9) * 100 + d(10) * 10 + d(11);
      return ms / 1000;
    }
  }
  return parseClock(text);
}

export function readCues(lines: readonly string[]): Cue[] {
  const cues: Cue[] = [];
  let current: Cue | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const timing = line.includes('->') ? TIMING.exec(line) : null;
    if (timing) {
      // The line just before a timing line is the next cue's index when it is a bare number.
      if (current && i > 0 && INDEX.test(lines[i - 1]!) && current.lines.at(-1) === lines[i - 1]) current.lines.pop();
      const start = clock(timing[1]!);
      const end = clock(timing[2]!);
      if (start === undefined) {
        current = undefined;
        continue;
      }
      current = { start, lines: [], order: cues.length };
      if (end !== undefined) current.end = end;
      cues.push(current);
      continue;
    }
    if (current && line.trim()) current.lines.push(line);
  }
  return cues;
}
