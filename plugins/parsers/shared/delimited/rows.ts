/**
 * Reading a delimited transcript: its records (see dialect.ts), what its columns hold (columns.ts), then each row
 * as a message fragment (speaker, text with its newlines flattened, times, confidence), in time order, merged per
 * speaker or, without speakers, into sentences. Shared by the `csv` and `tsv` parsers.
 */
import type { ParserInput, ParserOutput } from '../../../sdk/index.ts';
import { type Fragment, TranscriptBuilder } from '../builder.ts';
import { SENTENCES } from '../merge-fragments.ts';
import { head, looksLikeJson } from '../sniff.ts';
import { inferLayout, isParticipantList, type Layout } from './columns.ts';
import { eachRecord, excelSeparatorHint, hasSlashComments, readRecords, sniffDelimiter } from './dialect.ts';
import { parseTimeCell, timeline, type TimeValue } from './times.ts';

const NEWLINES = /\s*(?:\r\n|\r|\n)\s*/g;

interface Row {
  speaker?: string;
  text: string;
  start?: TimeValue;
  end?: TimeValue;
  confidence?: number;
}

/** Lines read to decide the layout: well past the header row and the 200 rows inferLayout samples, blank lines and all. */
const LAYOUT_RECORDS = 2000;

/** Reads the transcript; the first of `delimiters` is used when none of them splits the records consistently. */
export function parseDelimited(input: ParserInput, delimiters: readonly string[]): ParserOutput {
  if (looksLikeJson(input.text)) throw new Error('this is JSON, not a delimited (CSV/TSV) file');
  const table = openTable(input.text, delimiters);
  // The layout comes from the first records; the rest are read one at a time (readRows), never all kept.
  const records = table.first;
  if (!records.length) throw new Error('no messages found: the file has no rows');
  if (isParticipantList(records)) {
    throw new Error('this is a participant list (names, e-mails and durations), not a transcript: it holds nothing that was said');
  }
  const layout = inferLayout(records);
  if (layout.columns.text === undefined) {
    throw new Error('no column holds the spoken text: give the file a header row naming its columns (for example speaker, start, text)');
  }
  const width = Math.max(...records.slice(0, 50).map((r) => r.length));
  const rows = readRows(table, layout, width).filter((r) => r.text.trim());
  if (!rows.length) throw new Error(layout.header ? 'no messages found: the file has a header row but no rows with text' : 'no messages found');

  const times = timeline(rows, layout.units.start);
  const fragments = toFragments(rows, times.seconds);
  const speakers = layout.columns.speaker !== undefined && fragments.some((f) => f.speaker);
  const builder = new TranscriptBuilder({ merge: speakers ? true : SENTENCES });
  for (const fragment of fragments) builder.add(fragment);
  const roles = Object.keys(layout.columns).sort().join(',');
  const variant = !layout.header ? 'no-header' : roles === 'end,start,text' && times.unit === 'ms' ? 'whisper' : 'header';
  return { transcript: builder.build(times.date ? { date: times.date } : {}), variant };
}

interface Table {
  body: string;
  delimiter: string;
  comments: boolean;
  /** The records of the first LAYOUT_RECORDS lines (a leading BOM removed). */
  first: string[][];
}

/** The file's sniffed delimiter and its first records. */
function openTable(text: string, delimiters: readonly string[]): Table {
  const delimiter = sniffDelimiter(text, delimiters, 50)?.delimiter ?? delimiters[0]!;
  const body = excelSeparatorHint(text).text;
  const comments = hasSlashComments(head(body, 65_536));
  const parsed = readRecords(body, delimiter, { comments, preview: LAYOUT_RECORDS });
  const unclosed = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (unclosed) throw unclosedQuote(unclosed.row ?? 0);
  const first = parsed.data;
  if (first[0]?.[0]?.startsWith('\uFEFF')) first[0][0] = first[0][0].slice(1);
  return { body, delimiter, comments, first };
}

function unclosedQuote(row: number): Error {
  return new Error(`a quoted field opened on row ${row + 1} is never closed: the file looks truncated or has a stray " character`);
}

/** The data records as rows, read one at a time; a record of one cell in a wider table continues the row above. */
function readRows(table: Table, layout: Layout, width: number): Row[] {
  const { columns } = layout;
  const rows: Row[] = [];
  const at = (record: readonly string[], column: number | undefined) => (column === undefined ? '' : (record[column] ?? '').trim());
  const unclosed = eachRecord(table.body, table.delimiter, { comments: table.comments }, (record, index) => {
    if (index === 0) {
      if (layout.header) return;
      if (record[0]?.startsWith('\uFEFF')) record[0] = record[0].slice(1);
    }
    // A line of a message that went on over several lines without quotes (Zoom chat): it continues the last row.
    if (width > 1 && record.length === 1 && rows.length && record[0]!.trim() && !parseTimeCell(record[0]!)) {
      rows.at(-1)!.text += ` ${record[0]!.trim()}`;
      return;
    }
    const rawText = at(record, columns.text);
    const row: Row = { text: rawText.includes('\n') || rawText.includes('\r') ? rawText.replace(NEWLINES, ' ') : rawText };
    const start = parseTimeCell(at(record, columns.start));
    if (start) row.start = start;
    const end = parseTimeCell(at(record, columns.end));
    if (end) row.end = end;
    const confidence = at(record, columns.confidence);
    if (confidence && Number.isFinite(Number(confidence))) row.confidence = Number(confidence);
    const speaker = readSpeaker(at(record, columns.speaker));
    if (speaker) row.speaker = speaker;
    rows.push(row);
  });
  if (unclosed !== undefined) throw unclosedQuote(unclosed);
  return rows;
}

function readSpeaker(cell: string): string | undefined {
  const name = /:$|\s\s|[\t\r\n]/.test(cell) ? cell.replace(/:$/, '').replace(/\s+/g, ' ').trim() : cell;
  if (!name) return undefined;
  return /^\d+$/.test(name) ? `Speaker ${name}` : name;
}

/** Rows as fragments in time order (a stable sort, for rows out of order as pandas writes them); percentages as 0..1. */
function toFragments(rows: readonly Row[], seconds: (time: TimeValue | undefined) => number | null): Fragment[] {
  const confidences = rows.map((r) => r.confidence).filter((c): c is number => c !== undefined);
  const percent = confidences.length > 0 && confidences.some((c) => c > 1) && confidences.every((c) => c <= 100);
  const fragments = rows.map((r) => {
    const end = seconds(r.end);
    const fragment: Fragment = { content: r.text.trim(), timestamp: seconds(r.start) };
    if (r.speaker) fragment.speaker = r.speaker;
    if (end !== null) fragment.end = end;
    if (r.confidence !== undefined) fragment.confidence = percent ? r.confidence / 100 : r.confidence;
    return fragment;
  });
  const timed = fragments.every((f) => f.timestamp !== null);
  if (timed && fragments.some((f, i) => i > 0 && f.timestamp! < fragments[i - 1]!.timestamp!)) {
    return [...fragments].sort((a, b) => a.timestamp! - b.timestamp!);
  }
  return fragments;
}
