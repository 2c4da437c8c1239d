/**
 * Time cells of delimited transcripts, in every form such files use: clock times, SMPTE timecode with frames,
 * seconds or milliseconds as plain numbers (the unit decided per file), 12-hour clock times and ISO date-times;
 * and their conversion to seconds from the start of the meeting.
 */
import { parseClock } from '../time.ts';

export type TimeUnit = 'ms' | 's';

export interface TimeValue {
  /** Seconds (clock forms), or the bare number when `numeric` (unit decided per column). */
  value: number;
  kind: 'clock' | 'numeric' | 'wall' | 'absolute';
  /** For `absolute`: the value as an ISO date-time for the transcript date. */
  iso?: string;
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** Reads one cell as a time, or undefined when it is not one. */
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
  return iso ? absoluteTime(iso) : undefined;
}

/** An ISO date-time match as epoch seconds, keeping the text (with its zone) for the transcript date. */
function absoluteTime(match: RegExpExecArray): TimeValue | undefined {
  const [, y, mo, d, h, mi, s, frac, zone] = match;
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

interface TimedRow {
  start?: TimeValue;
  end?: TimeValue;
}

/**
 * The unit of plain numeric times when the header does not name one: milliseconds when whole numbers run too
 * large for seconds, or when the typical utterance length or step between starts is 100 or more.
 */
function decideUnit(rows: readonly TimedRow[], numeric: readonly TimeValue[]): TimeUnit {
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

interface Timeline {
  /** The unit the file's plain numbers are in. */
  unit: TimeUnit;
  /** The meeting's date from its earliest ISO start time, when the file has such times. */
  date?: string;
  /** A time in seconds from the start of the meeting (never negative, to the millisecond); null without one. */
  seconds: (time: TimeValue | undefined) => number | null;
}

/**
 * How the rows' times map to seconds: plain numbers in `headerUnit` or the unit they suggest, clock times as
 * they are, and wall-clock and ISO times from the earliest start.
 */
export function timeline(rows: readonly TimedRow[], headerUnit: TimeUnit | undefined): Timeline {
  const numeric = rows.flatMap((r) => [r.start, r.end]).filter((t): t is TimeValue => t?.kind === 'numeric');
  const unit = headerUnit ?? decideUnit(rows, numeric);
  const absolute = rows.map((r) => r.start).filter((t): t is TimeValue => t?.kind === 'absolute' || t?.kind === 'wall');
  const origin = absolute.reduce((min, t) => Math.min(min, t.value), absolute.length ? Infinity : 0);
  const earliest = rows.map((r) => r.start).find((t) => t?.kind === 'absolute' && t.value === origin);
  const seconds = (t: TimeValue | undefined): number | null => {
    if (!t) return null;
    const value = t.kind === 'numeric' ? (unit === 'ms' ? t.value / 1000 : t.value) : t.kind === 'absolute' || t.kind === 'wall' ? t.value - origin : t.value;
    return Math.max(0, Math.round(value * 1000) / 1000);
  };
  return { unit, ...(earliest?.iso ? { date: earliest.iso } : {}), seconds };
}
