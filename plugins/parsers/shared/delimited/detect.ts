/**
 * Detection scores for delimited transcripts, shared by the `csv` and `tsv` parsers (and by the text parser, which
 * steps aside for tables): a recognised header with text and speaker or time columns scores highest, tables whose
 * columns are inferred by content lower, and files with another family's signature (JSON, subtitles) 0.
 */
import type { ParserInput } from '../../../sdk/index.ts';
import { hasSubtitleTiming, head, looksLikeJson, looksLikeWebVtt } from '../sniff.ts';
import { inferLayout, isParticipantList, readHeaderCell } from './columns.ts';
import { excelSeparatorHint, hasSlashComments, readRecords, sniffDelimiter } from './dialect.ts';

/** Zoom's chat file is tab-separated `HH:MM:SS<TAB>Name:<TAB>message`: the zoom parser reads it better. */
const ZOOM_CHAT = /^\d{2}:\d{2}:\d{2}\t[^\t\n]{1,120}:\t/m;

/** Scores delimited text for the given delimiters (0 when another family's signature is there). */
export function detectDelimited(input: ParserInput, delimiters: readonly string[]): number {
  const text = head(input.text, 65_536);
  if (!text.trim() || looksLikeJson(text) || looksLikeWebVtt(text) || hasSubtitleTiming(text)) return 0;
  const sniff = sniffDelimiter(text, delimiters);
  if (!sniff || sniff.consistency < 0.6) return 0;
  const sample = excelSeparatorHint(text).text;
  const rows = readRecords(sample.slice(0, 16_384), sniff.delimiter, { comments: hasSlashComments(sample), preview: 40 }).data;
  // A header row alone (`speaker,start,text`): claimed, so that the user hears it holds no messages.
  if (rows.length === 1) return rows[0]!.filter((cell) => readHeaderCell(cell).role).length >= 2 ? 0.5 : 0;
  if (rows.length < 2) return 0;
  // Claimed so that the user hears what the file is (parse() explains) rather than 'unknown format'.
  if (isParticipantList(rows)) return 0.5;
  if (sniff.consistency < 0.9) return 0;
  const layout = inferLayout(rows);
  const { columns } = layout;
  let score: number;
  // A recognised header without a text column is still a table: claimed, so parse() says what is missing.
  if (columns.text === undefined) score = layout.header ? 0.5 : 0.2;
  else if (layout.header) score = columns.speaker !== undefined || columns.start !== undefined ? 0.85 : 0.75;
  else if (columns.start !== undefined) score = 0.65;
  else score = columns.speaker !== undefined ? 0.5 : 0.2;
  if (ZOOM_CHAT.test(text)) score = Math.min(score, 0.35);
  return score;
}
