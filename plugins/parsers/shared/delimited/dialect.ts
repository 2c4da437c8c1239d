/**
 * The dialect of a delimited transcript (CSV, TSV, semicolon or pipe separated): which delimiter it uses, sniffed
 * outside quotes, the Excel `sep=;` hint line, `//` comment lines, and reading the records with papaparse (RFC 4180
 * quoting, embedded delimiters and newlines, doubled quotes).
 */
import Papa, { type ParseResult } from 'papaparse';
import { head } from '../sniff.ts';

/** Comma-separated files, and the semicolon and pipe files European Excel and some tools write. */
export const CSV_DELIMITERS: readonly string[] = [',', ';', '|'];
/** Tab-separated files. */
export const TSV_DELIMITERS: readonly string[] = ['\t'];

interface Sniff {
  delimiter: string;
  /** Delimiters per record in most records (columns - 1). */
  count: number;
  /** Share of the sampled records with exactly that many delimiters. */
  consistency: number;
  records: number;
}

/** Counts delimiters outside double quotes, per record, over the first `maxRecords` non-empty records. */
function countPerRecord(text: string, delimiter: string, maxRecords: number): number[] {
  const counts: number[] = [];
  let inQuotes = false;
  let count = 0;
  let hasContent = false;
  for (let i = 0; i < text.length && counts.length < maxRecords; i++) {
    const ch = text[i]!;
    // `//` comment lines between blocks (seen in hand-made transcripts) are not records.
    if (!inQuotes && !hasContent && ch === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      if (end === -1) break;
      i = end;
      continue;
    }
    if (ch === '"') {
      inQuotes = !inQuotes;
      hasContent = true;
    } else if (!inQuotes && (ch === '\n' || ch === '\r')) {
      if (hasContent) counts.push(count);
      count = 0;
      hasContent = false;
    } else if (!inQuotes && ch === delimiter) {
      count++;
      hasContent = true;
    } else if (ch !== ' ') {
      hasContent = true;
    }
  }
  if (hasContent && counts.length < maxRecords) counts.push(count);
  return counts;
}

/** Text with an Excel `sep=;` hint line removed, and the delimiter that line names. */
export function excelSeparatorHint(text: string): { text: string; delimiter?: string } {
  const match = /^sep=(.)\r?\n/.exec(text);
  return match ? { text: text.slice(match[0].length), delimiter: match[1]! } : { text };
}

/** The candidate delimiter that splits the first `maxRecords` records most consistently, if any splits them. */
export function sniffDelimiter(text: string, candidates: readonly string[], maxRecords = 20): Sniff | undefined {
  const hint = excelSeparatorHint(text);
  const sample = head(hint.text, 65_536);
  let best: Sniff | undefined;
  for (const delimiter of hint.delimiter ? [hint.delimiter] : candidates) {
    if (!candidates.includes(delimiter)) continue;
    const counts = countPerRecord(sample, delimiter, maxRecords);
    if (!counts.length) continue;
    const tally = new Map<number, number>();
    for (const c of counts) if (c > 0) tally.set(c, (tally.get(c) ?? 0) + 1);
    let mode = 0;
    let modeCount = 0;
    for (const [c, n] of tally) if (n > modeCount || (n === modeCount && c > mode)) [mode, modeCount] = [c, n];
    if (mode === 0) continue;
    // A continuation line may differ; the rest must agree. A header with more cells than the rows (a trailing
    // delimiter, hand-added columns) is not held against the file.
    const headerWider = counts.length >= 3 && counts[0]! > mode ? 1 : 0;
    const consistency = modeCount / (counts.length - headerWider);
    const candidate = { delimiter, count: mode, consistency, records: counts.length };
    if (!best || candidate.consistency > best.consistency || (candidate.consistency === best.consistency && candidate.count > best.count)) best = candidate;
  }
  return best;
}

/** Whether `text` has a line starting with `//`: such files use them as comment lines between blocks. */
export function hasSlashComments(text: string): boolean {
  return /^\/\//m.test(text);
}

/**
 * Calls `each` with the records of `text` in order (blank lines skipped, as readRecords), one at a time, without
 * keeping them: a 1 MB file of one-word rows is 260,000 records. Returns the 0-based index of the first record
 * with a quoted field that is never closed, if any.
 */
export function eachRecord(text: string, delimiter: string, options: { comments: boolean }, each: (record: string[], index: number) => void): number | undefined {
  let index = 0;
  let unclosed: number | undefined;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    ...(options.comments ? { comments: '//' } : {}),
    step: (results) => {
      if (unclosed === undefined && results.errors.some((e) => e.code === 'MissingQuotes')) unclosed = index;
      each(results.data, index++);
    },
  });
  return unclosed;
}

/** Reads the records of `text` (blank lines skipped), at most `preview` of them when given. */
export function readRecords(text: string, delimiter: string, options: { comments: boolean; preview?: number }): ParseResult<string[]> {
  return Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    ...(options.preview === undefined ? {} : { preview: options.preview }),
    ...(options.comments ? { comments: '//' } : {}),
  });
}
