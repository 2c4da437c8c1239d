/**
 * Delimited transcripts (CSV, TSV, semicolon or pipe separated), shared by the `csv` and `tsv` parsers: delimiter
 * sniffing outside quotes, header synonyms, column inference by content when there is no header, time values in
 * every form such files use (clock, SMPTE frames, seconds, milliseconds, 12-hour clock, ISO date-times).
 * Parsing proper (RFC 4180 quoting, embedded delimiters and newlines, doubled quotes) is papaparse's.
 */
import Papa from 'papaparse';
import type { ParserInput, ParserOutput } from '../../sdk/index.ts';
import { type Fragment, TranscriptBuilder } from './builder.ts';
import { head, hasSubtitleTiming, looksLikeJson, looksLikeWebVtt } from './sniff.ts';
import { endsSentence, SENTENCES } from './merge-fragments.ts';
import { isNameLike, isProperName } from './speakers.ts';
import { parseClock } from './time.ts';

export type ColumnRole = 'speaker' | 'text' | 'start' | 'end' | 'confidence';
type TimeUnit = 'ms' | 's';

const SYNONYMS = new Map<string, ColumnRole>();
const addSynonyms = (role: ColumnRole, names: string[]) => names.forEach((name) => SYNONYMS.set(name, role));
addSynonyms('speaker', ['speaker', 'speaker name', 'speaker label', 'speaker id', 'spk', 'name', 'participant', 'participant name', 'user', 'user name', 'username', 'author', 'from', 'who', 'channel', 'sender', 'person']);
addSynonyms('text', ['text', 'transcript', 'transcription', 'message', 'utterance', 'content', 'body', 'caption', 'captions', 'sentence', 'speech', 'dialogue', 'dialog', 'words', 'spoken text']);
addSynonyms('start', ['start', 'start time', 'starttime', 'begin', 'begin time', 'timestamp', 'time', 'offset', 'start offset', 'time start', 'start timestamp', 'time in', 'in']);
addSynonyms('end', ['end', 'end time', 'endtime', 'stop', 'stop time', 'to', 'finish', 'time end', 'end timestamp', 'time out', 'out']);
addSynonyms('confidence', ['confidence', 'score', 'conf', 'probability', 'certainty']);

const UNIT_WORDS: Record<string, TimeUnit> = { ms: 'ms', msec: 'ms', millis: 'ms', millisecond: 'ms', milliseconds: 'ms', s: 's', sec: 's', secs: 's', second: 's', seconds: 's' };

interface HeaderCell {
  role?: ColumnRole;
  unit?: TimeUnit;
  name: string;
}

/** Maps one header cell to a column role: case, `_`/`-`/camelCase, a BOM and `(units)` do not matter. */
export function readHeaderCell(cell: string): HeaderCell {
  const raw = cell.replace(/^\uFEFF/, '').trim();
  let unit: TimeUnit | undefined;
  const paren = /\(\s*([a-z]+)/i.exec(raw);
  if (paren && UNIT_WORDS[paren[1]!.toLowerCase()]) unit = UNIT_WORDS[paren[1]!.toLowerCase()];
  let name = raw
    .replace(/\([^)]*\)?/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_\-.:#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let role = SYNONYMS.get(name);
  if (!role) {
    const words = name.split(' ');
    const last = words.at(-1) ?? '';
    if (words.length > 1 && UNIT_WORDS[last]) {
      const rest = words.slice(0, -1).join(' ');
      const restRole = SYNONYMS.get(rest);
      if (restRole === 'start' || restRole === 'end') {
        role = restRole;
        unit = UNIT_WORDS[last];
        name = rest;
      }
    }
  }
  return { ...(role ? { role } : {}), ...(unit ? { unit } : {}), name };
}

// ---------------------------------------------------------------------------------------------------------------
// Delimiter sniffing

export interface Sniff {
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
function excelSeparatorHint(text: string): { text: string; delimiter?: string } {
  const match = /^sep=(.)\r?\n/.exec(text);
  return match ? { text: text.slice(match[0].length), delimiter: match[1]! } : { text };
}

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

// ---------------------------------------------------------------------------------------------------------------
// Time values

interface TimeValue {
  /** Seconds (clock forms), or the bare number when `numeric` (unit decided per column). */
  value: number;
  kind: 'clock' | 'numeric' | 'wall' | 'absolute';
  /** For `absolute`: the value as an ISO date-time for the transcript date. */
  iso?: string;
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

export function parseTimeCell(cell: string): TimeValue | undefined {
  const value = cell.trim();
  if (!value) return undefined;
  if (/^-?\d+(?:\.\d+)?$/.test(value)) return { value: Number(value), kind: 'numeric' };
  // A decimal comma (European spreadsheets, which then separate fields with semicolons).
  if (/^-?\d+,\d+$/.test(value)) return { value: Number(value.replace(',', '.')), kind: 'numeric' };
  const clock = parseClock(value);
  if (clock !== undefined) return { value: clock, kind: 'clock' };
  const smpte = /^(\d{1,2}):(\d{2}):(\d{2})[:;](\d{2})$/.exec(value);
  if (smpte) {
    // SMPTE timecode with frames (Premiere caption exports): 30 frames a second assumed.
    const [, h, m, s, f] = smpte.map(Number) as [number, number, number, number, number];
    if (m < 60 && s < 60 && f < 60) return { value: Math.round((h * 3600 + m * 60 + s + f / 30) * 1000) / 1000, kind: 'clock' };
  }
  const twelve = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])\.?m\.?$/i.exec(value);
  if (twelve) {
    let hours = Number(twelve[1]) % 12;
    if (twelve[4]!.toLowerCase() === 'p') hours += 12;
    return { value: hours * 3600 + Number(twelve[2]) * 60 + Number(twelve[3] ?? 0), kind: 'wall' };
  }
  const iso = ISO_DATE_TIME.exec(value);
  if (iso) {
    const [, y, mo, d, h, mi, s, frac, zone] = iso;
    let offsetMinutes = 0;
    let zoneText = '';
    if (zone) {
      if (zone.toUpperCase() === 'Z') zoneText = 'Z';
      else {
        const sign = zone[0] === '-' ? -1 : 1;
        const digits = zone.slice(1).replace(':', '');
        offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
        zoneText = `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2)}`;
      }
    }
    const epoch = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)) / 1000 + (frac ? Number(`0.${frac}`) : 0) - offsetMinutes * 60;
    if (!Number.isFinite(epoch)) return undefined;
    return { value: epoch, kind: 'absolute', iso: `${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${zoneText}` };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Columns

interface ColumnStats {
  filled: number;
  timeLike: number;
  numeric: number;
  unitInterval: number;
  nameLike: number;
  properName: number;
  totalLength: number;
  words: number;
  distinct: Set<string>;
}

function columnStats(rows: readonly string[][], column: number): ColumnStats {
  const stats: ColumnStats = { filled: 0, timeLike: 0, numeric: 0, unitInterval: 0, nameLike: 0, properName: 0, totalLength: 0, words: 0, distinct: new Set() };
  for (const row of rows) {
    const cell = (row[column] ?? '').trim();
    if (!cell) continue;
    stats.filled++;
    const time = parseTimeCell(cell);
    if (time) stats.timeLike++;
    if (time?.kind === 'numeric') {
      stats.numeric++;
      if (time.value >= 0 && time.value <= 1 && cell.includes('.')) stats.unitInterval++;
    }
    const label = cell.replace(/:$/, '').trim();
    if (isNameLike(label)) {
      stats.nameLike++;
      if (isProperName(label) && !endsSentence(label)) stats.properName++;
    }
    stats.totalLength += cell.length;
    stats.words += cell.split(/\s+/).length;
    if (stats.distinct.size < 1000) stats.distinct.add(label);
  }
  return stats;
}

export type ColumnMap = Partial<Record<ColumnRole, number>>;

export interface Layout {
  header: boolean;
  columns: ColumnMap;
  units: Partial<Record<'start' | 'end', TimeUnit>>;
}

const isTimeColumn = (s: ColumnStats) => s.filled > 0 && s.timeLike / s.filled >= 0.9;

/** Looks for a header row and maps it; otherwise (or for roles the header lacks) infers columns by content. */
export function inferLayout(rows: readonly string[][]): Layout {
  const first = rows[0] ?? [];
  const cells = first.map(readHeaderCell);
  const known = cells.filter((c) => c.role).length;
  const timeCells = first.filter((cell) => parseTimeCell(cell) !== undefined).length;
  const header = known >= 1 && timeCells === 0 && first.every((cell) => cell.trim().length <= 60);
  const data = header ? rows.slice(1) : rows;
  // Lines without a delimiter in a multi-column table continue the row above (Zoom chat): not column samples.
  const wide = data.slice(0, 200).filter((r) => r.length > 1);
  const sample = wide.length >= Math.min(data.length, 200) / 2 ? wide : data.slice(0, 200);
  const width = Math.max(0, ...sample.map((r) => r.length), first.length);
  const stats = Array.from({ length: width }, (_, i) => columnStats(sample, i));

  const columns: ColumnMap = {};
  const units: Layout['units'] = {};
  if (header) {
    cells.forEach((cell, index) => {
      if (!cell.role) return;
      let role = cell.role;
      const s = stats[index]!;
      // `from` and `to` name a speaker and recipient in chat logs, a start and end in caption exports.
      if (cell.name === 'from' && isTimeColumn(s)) role = 'start';
      if (cell.name === 'to' && !isTimeColumn(s)) return;
      // A header that names the start column twice (hand-edited Whisper TSV): the second is the end.
      if (role === 'start' && columns.start !== undefined && columns.end === undefined) role = 'end';
      if (columns[role] !== undefined) return;
      columns[role] = index;
      if (cell.unit && (role === 'start' || role === 'end')) units[role] = cell.unit;
    });
    if (units.start && !units.end) units.end = units.start;
    if (units.end && !units.start) units.start = units.end;
  }

  const used = new Set(Object.values(columns));
  const free = stats.map((s, index) => ({ s, index })).filter(({ s, index }) => !used.has(index) && s.filled > 0);
  if (!header) {
    const times = free.filter(({ s }) => isTimeColumn(s) && s.unitInterval < s.filled);
    if (times[0]) columns.start = times[0].index;
    if (times[1]) columns.end = times[1].index;
    for (const t of times.slice(0, 2)) used.add(t.index);
    const scores = free.find(({ s, index }) => !used.has(index) && s.numeric === s.filled && s.unitInterval === s.filled && times.length > 0);
    if (scores) {
      columns.confidence = scores.index;
      used.add(scores.index);
    }
  }
  const words = free.filter(({ s, index }) => !used.has(index) && !isTimeColumn(s));
  if (columns.text === undefined) {
    const text = [...words].sort((a, b) => b.s.totalLength / b.s.filled - a.s.totalLength / a.s.filled)[0];
    if (text && (text.s.words / text.s.filled >= 1.5 || text.s.totalLength / text.s.filled >= 8 || words.length === 1)) {
      columns.text = text.index;
      used.add(text.index);
    }
  }
  if (columns.speaker === undefined) {
    const speaker = words
      .filter(({ index }) => !used.has(index))
      .filter(({ s }) => s.properName / s.filled >= 0.8 && s.distinct.size <= Math.max(2, Math.ceil(s.filled / 2), Math.min(50, s.filled)))
      .sort((a, b) => a.s.distinct.size / a.s.filled - b.s.distinct.size / b.s.filled)[0];
    if (speaker) columns.speaker = speaker.index;
  }
  return { header, columns, units };
}

// ---------------------------------------------------------------------------------------------------------------
// Detection

const ZOOM_CHAT = /^\d{2}:\d{2}:\d{2}\t[^\t\n]{1,120}:\t/m;

/** Scores delimited text for the given delimiters (0 when another family's signature is there). */
export function detectDelimited(input: ParserInput, delimiters: readonly string[]): number {
  const text = head(input.text, 65_536);
  if (!text.trim() || looksLikeJson(text) || looksLikeWebVtt(text) || hasSubtitleTiming(text)) return 0;
  const sniff = sniffDelimiter(text, delimiters);
  if (!sniff || sniff.consistency < 0.6) return 0;
  const sample = excelSeparatorHint(text).text;
  const comments = /^\/\//m.test(sample) ? { comments: '//' } : {};
  const rows = Papa.parse<string[]>(sample.slice(0, 16_384), { delimiter: sniff.delimiter, preview: 40, skipEmptyLines: 'greedy', ...comments }).data;
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
  // Zoom's chat file is tab-separated `HH:MM:SS<TAB>Name:<TAB>message`: the zoom parser reads it better.
  if (ZOOM_CHAT.test(text)) score = Math.min(score, 0.35);
  return score;
}

function isParticipantList(rows: readonly string[][]): boolean {
  return rows.slice(0, 20).some((row) => {
    const names = row.map((cell) => cell.toLowerCase());
    return names.some((c) => /e-?mail/.test(c)) && names.some((c) => /duration|join time|leave time/.test(c)) && !row.some((c) => readHeaderCell(c).role === 'text');
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing

const NEWLINES = /\s*(?:\r\n|\r|\n)\s*/g;

export function parseDelimited(input: ParserInput, delimiters: readonly string[], fallback: string): ParserOutput {
  if (looksLikeJson(input.text)) throw new Error('this is JSON, not a delimited (CSV/TSV) file');
  const sniff = sniffDelimiter(input.text, delimiters, 50);
  const delimiter = sniff?.delimiter ?? fallback;
  const body = excelSeparatorHint(input.text).text;
  const hasSlashComments = /^\/\/.*$/m.test(head(body, 65_536));
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: 'greedy', ...(hasSlashComments ? { comments: '//' } : {}) });
  const unclosed = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (unclosed) {
    throw new Error(`a quoted field opened on row ${(unclosed.row ?? 0) + 1} is never closed: the file looks truncated or has a stray " character`);
  }
  const rows = parsed.data;
  if (rows[0]?.[0]?.startsWith('\uFEFF')) rows[0][0] = rows[0][0].slice(1);
  if (!rows.length) throw new Error('no messages found: the file has no rows');
  if (isParticipantList(rows)) {
    throw new Error('this is a participant list (names, e-mails and durations), not a transcript: it holds nothing that was said');
  }
  const layout = inferLayout(rows);
  const { columns } = layout;
  if (columns.text === undefined) {
    throw new Error('no column holds the spoken text: give the file a header row naming its columns (for example speaker, start, text)');
  }
  const data = layout.header ? rows.slice(1) : rows;
  const width = Math.max(...rows.slice(0, 50).map((r) => r.length));

  interface Row {
    speaker?: string;
    text: string;
    start?: TimeValue;
    end?: TimeValue;
    confidence?: number;
  }
  const read: Row[] = [];
  const at = (row: readonly string[], column: number | undefined) => (column === undefined ? '' : (row[column] ?? '').trim());
  for (const row of data) {
    // A line of a message that went on over several lines without quotes (Zoom chat): it continues the last row.
    if (width > 1 && row.length === 1 && read.length && row[0]!.trim() && !parseTimeCell(row[0]!)) {
      read.at(-1)!.text += ` ${row[0]!.trim()}`;
      continue;
    }
    const rawText = at(row, columns.text);
    const entry: Row = { text: rawText.includes('\n') || rawText.includes('\r') ? rawText.replace(NEWLINES, ' ') : rawText };
    const start = parseTimeCell(at(row, columns.start));
    if (start) entry.start = start;
    const end = parseTimeCell(at(row, columns.end));
    if (end) entry.end = end;
    const confidence = at(row, columns.confidence);
    if (confidence && Number.isFinite(Number(confidence))) entry.confidence = Number(confidence);
    const speaker = readSpeaker(at(row, columns.speaker));
    if (speaker) entry.speaker = speaker;
    read.push(entry);
  }
  const rowsWithText = read.filter((r) => r.text.trim());
  if (!rowsWithText.length) throw new Error(layout.header ? 'no messages found: the file has a header row but no rows with text' : 'no messages found');

  // Numeric times: milliseconds when the header says so, or when whole numbers run too large for seconds.
  const numeric = rowsWithText.flatMap((r) => [r.start, r.end]).filter((t): t is TimeValue => t?.kind === 'numeric');
  const unit = layout.units.start ?? decideUnit(rowsWithText, numeric);
  const absolute = rowsWithText.map((r) => r.start).filter((t): t is TimeValue => t?.kind === 'absolute' || t?.kind === 'wall');
  const origin = absolute.reduce((min, t) => Math.min(min, t.value), absolute.length ? Infinity : 0);
  const earliest = rowsWithText.map((r) => r.start).find((t) => t?.kind === 'absolute' && t.value === origin);
  const seconds = (t: TimeValue | undefined): number | null => {
    if (!t) return null;
    const value = t.kind === 'numeric' ? (unit === 'ms' ? t.value / 1000 : t.value) : t.kind === 'absolute' || t.kind === 'wall' ? t.value - origin : t.value;
    return Math.max(0, Math.round(value * 1000) / 1000);
  };
  const confidences = rowsWithText.map((r) => r.confidence).filter((c): c is number => c !== undefined);
  const percent = confidences.length > 0 && confidences.some((c) => c > 1) && confidences.every((c) => c <= 100);

  let fragments: Fragment[] = rowsWithText.map((r) => {
    const end = seconds(r.end);
    const fragment: Fragment = { content: r.text.trim(), timestamp: seconds(r.start) };
    if (r.speaker) fragment.speaker = r.speaker;
    if (end !== null) fragment.end = end;
    if (r.confidence !== undefined) fragment.confidence = percent ? r.confidence / 100 : r.confidence;
    return fragment;
  });
  // Rows out of time order (pandas output) are sorted; Array.prototype.sort is stable for equal times.
  const timed = fragments.every((f) => f.timestamp !== null);
  if (timed && fragments.some((f, i) => i > 0 && f.timestamp! < fragments[i - 1]!.timestamp!)) {
    fragments = [...fragments].sort((a, b) => a.timestamp! - b.timestamp!);
  }

  const speakers = columns.speaker !== undefined && fragments.some((f) => f.speaker);
  const builder = new TranscriptBuilder({ merge: speakers ? true : SENTENCES });
  for (const fragment of fragments) builder.add(fragment);
  const roles = Object.keys(columns).sort().join(',');
  const variant = !layout.header ? 'no-header' : roles === 'end,start,text' && unit === 'ms' ? 'whisper' : 'header';
  return { transcript: builder.build(earliest?.iso ? { date: earliest.iso } : {}), variant };
}

function readSpeaker(cell: string): string | undefined {
  const name = /:$|\s\s|[\t\r\n]/.test(cell) ? cell.replace(/:$/, '').replace(/\s+/g, ' ').trim() : cell;
  if (!name) return undefined;
  return /^\d+$/.test(name) ? `Speaker ${name}` : name;
}

function decideUnit(rows: readonly { start?: TimeValue; end?: TimeValue }[], numeric: readonly TimeValue[]): TimeUnit {
  if (!numeric.length || !numeric.every((t) => Number.isInteger(t.value))) return 's';
  if (numeric.some((t) => t.value >= 30_000)) return 'ms';
  const spans: number[] = [];
  for (const r of rows) {
    if (r.start?.kind === 'numeric' && r.end?.kind === 'numeric' && r.end.value > r.start.value) spans.push(r.end.value - r.start.value);
  }
  const starts = rows.map((r) => r.start).filter((t): t is TimeValue => t?.kind === 'numeric').map((t) => t.value);
  for (let i = 1; i < starts.length; i++) if (starts[i]! > starts[i - 1]!) spans.push(starts[i]! - starts[i - 1]!);
  if (!spans.length) return 's';
  spans.sort((a, b) => a - b);
  return spans[Math.floor(spans.length / 2)]! >= 100 ? 'ms' : 's';
}
