/**
 * What the columns of a delimited transcript hold: header cells read through their synonyms (speaker, text,
 * start, end, confidence, with time units), and, where there is no header or it leaves roles out, columns inferred
 * by their content (time-looking cells, short repeated proper names, long text). Also recognises participant
 * lists, which are tables of people rather than of what they said.
 */
import { endsSentence } from '../merge-fragments.ts';
import { isNameLike, isProperName } from '../speakers.ts';
import { parseTimeCell, type TimeUnit } from './times.ts';

type ColumnRole = 'speaker' | 'text' | 'start' | 'end' | 'confidence';

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

/** A table of attendees (names, e-mails, durations, no text column): it holds nothing that was said. */
export function isParticipantList(rows: readonly string[][]): boolean {
  return rows.slice(0, 20).some((row) => {
    const names = row.map((cell) => cell.toLowerCase());
    return names.some((c) => /e-?mail/.test(c)) && names.some((c) => /duration|join time|leave time/.test(c)) && !row.some((c) => readHeaderCell(c).role === 'text');
  });
}

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

type ColumnMap = Partial<Record<ColumnRole, number>>;

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
