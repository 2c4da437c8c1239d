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

export function readCues(lines: readonly string[]): Cue[] {
  const cues: Cue[] = [];
  let current: Cue | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const timing = line.includes('->') ? TIMING.exec(line) : null;
    if (timing) {
      // The line just before a timing line is the next cue's index when it is a bare number.
      if (current && i > 0 && INDEX.test(lines[i - 1]!) && current.lines.at(-1) === lines[i - 1]) current.lines.pop();
      const start = parseClock(timing[1]!);
      const end = parseClock(timing[2]!);
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
