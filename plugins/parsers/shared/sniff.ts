/**
 * Cheap content sniffs that several parsers use to step aside for a file that belongs to another format family.
 * All of them look at the start of the text only, so they stay fast on 1 MB inputs.
 */

/** The first `size` characters: what detect() functions should look at. */
export function head(text: string, size = 65_536): string {
  return text.length > size ? text.slice(0, size) : text;
}

/** Starts like a JSON document (an object, or an array of values), not like `[00:01] ...` or `[SPEAKER_00]: ...`. */
export function looksLikeJson(text: string): boolean {
  return /^\s*(?:\{|\[\s*(?:[{["\]]|-?\d+(?:\.\d+)?\s*[,\]]|true\b|false\b|null\b))/.test(text.slice(0, 256));
}

/** Starts with the WebVTT signature. */
export function looksLikeWebVtt(text: string): boolean {
  return /^\s*WEBVTT(?:[ \t]|\r?\n|\r|$)/.test(text.slice(0, 64));
}

const TIMING_LINE = /^[ \t]*(?:\d{1,3}:)?\d{1,2}:\d{1,2}(?:[.,]\d{1,9})?\s*-{2,}>\s*(?:\d{1,3}:)?\d{1,2}:\d{1,2}(?:[.,]\d{1,9})?/m;

/** Holds a subtitle timing line (`00:00:01,000 --> 00:00:02,000`) in its first 4 KB: SRT or WebVTT, not text. */
export function hasSubtitleTiming(text: string): boolean {
  return TIMING_LINE.test(text.slice(0, 4096));
}

/** The first `max` lines of `text` that are not blank (whitespace-only lines count as blank). */
export function firstNonBlankLines(text: string, max: number): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length && lines.length < max) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line.trim()) lines.push(line);
    start = end + 1;
  }
  return lines;
}
