/** Small readers for loosely typed JSON values: numbers, times, speaker labels, word lists. */
import { TranscriptBuilder, type Fragment } from '../shared/builder.ts';
import { isRecord } from '../shared/parse-json.ts';
import { parseClock } from '../shared/time.ts';
import type { ParserOutput } from '../../sdk/index.ts';

export type JsonRecord = Record<string, unknown>;
export { isRecord };

/** What a shape reader found: fragments in source order plus what the source declares about the meeting. */
export interface Reading {
  variant: string;
  fragments: Fragment[];
  /** Merge consecutive fragments of one speaker (only sensible when the source names speakers). */
  merge: boolean;
  /** Keep the source's order even when the times say otherwise (a Tickscribe transcript is already ordered). */
  keepOrder?: boolean;
  /** Duration the source declares, in seconds (the latest time seen wins when it is later). */
  duration?: number;
  title?: string;
  date?: string;
}

/** Whether any fragment names its speaker (then consecutive fragments of one speaker are merged). */
export const hasSpeakers = (fragments: Fragment[]): boolean => fragments.some((f) => f.speaker !== undefined);

/** A finite number from a number or a numeric string; undefined otherwise. */
export function num(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The first of `keys` that `record` holds with a value other than null/undefined. */
export function pick(record: JsonRecord, keys: readonly string[]): unknown {
  for (const key of keys) {
    const value = record[key];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

export function records(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/**
 * A display name for a speaker label: numbers and single letters (Deepgram `0`, Rev `1`, AssemblyAI `"A"`)
 * become `Speaker 0` / `Speaker A`, as the vendors' own text exports print them; other labels stay as they are.
 */
export function speakerName(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return `Speaker ${value}`;
  if (typeof value !== 'string') return undefined;
  const label = value.replace(/\s+/g, ' ').trim();
  if (!label) return undefined;
  if (/^(\d+|[A-Za-z])$/.test(label)) return `Speaker ${label.toUpperCase()}`;
  return label;
}

/** Rounds seconds to milliseconds. */
function ms(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/**
 * Whether plain numeric times are milliseconds. `hint` is the vendor's documented unit. Otherwise: all whole
 * numbers and either a value beyond 10 hours in seconds (36 000) or a typical utterance length / step between
 * starts of 100 or more (no one speaks for 100 s per segment; in milliseconds 100 is a tenth of a second).
 */
export function areMilliseconds(starts: number[], ends: number[], hint?: 'ms' | 's'): boolean {
  const all = [...starts, ...ends];
  if (!all.length) return hint === 'ms';
  const whole = all.every((value) => Number.isInteger(value));
  const max = maxOf(all);
  if (hint === 'ms') return whole || max > 36_000;
  if (hint === 's' || !whole) return false;
  if (max > 36_000) return true;
  const spans: number[] = [];
  const count = Math.min(starts.length, ends.length);
  if (count === starts.length) for (let i = 0; i < count; i++) spans.push(ends[i]! - starts[i]!);
  else for (let i = 1; i < starts.length; i++) spans.push(starts[i]! - starts[i - 1]!);
  const positive = spans.filter((span) => span > 0).sort((a, b) => a - b);
  if (!positive.length) return false;
  return positive[Math.floor(positive.length / 2)]! >= 100;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Epoch milliseconds for an ISO 8601 date-time string, or undefined. */
export function isoMillis(value: unknown): number | undefined {
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value.trim())) return undefined;
  const time = Date.parse(value.trim());
  return Number.isFinite(time) ? time : undefined;
}

/** An epoch-milliseconds instant as an ISO date-time in UTC, without a `.000` fraction. */
export function isoFromMillis(time: number): string {
  return new Date(time).toISOString().replace('.000Z', 'Z');
}

/** A date the schema accepts, from an ISO string or an epoch number (seconds or milliseconds); else undefined. */
export function meetingDate(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
    const time = isoMillis(trimmed);
    return time === undefined ? undefined : isoFromMillis(time);
  }
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    const time = value > 1e11 ? value : value * 1000;
    return time < 8.64e15 ? isoFromMillis(time) : undefined;
  }
  return undefined;
}

/** A time written as a string clock (`00:01:02.5`) in seconds; numbers pass through. */
export function clockOrNumber(value: unknown): number | undefined {
  const n = num(value);
  if (n !== undefined) return n;
  return typeof value === 'string' ? parseClock(value) : undefined;
}

export interface Word {
  text: string;
  start?: number;
  end?: number;
  speaker?: string;
  confidence?: number;
}

/**
 * Groups a word list into fragments: a new fragment where the speaker changes or after a pause of 2 seconds or
 * more (so other channels' speech can fall in between; the builder merges one speaker's fragments again). Words
 * are joined with single spaces, in order.
 */
export function groupWords(words: Word[]): Fragment[] {
  const fragments: Fragment[] = [];
  let current: { speaker?: string; texts: string[]; start?: number; end?: number; confidences: number[]; all: boolean } | undefined;
  const flush = (): void => {
    if (!current) return;
    const confidence = current.all && current.confidences.length ? mean(current.confidences) : undefined;
    fragments.push({
      speaker: current.speaker,
      content: current.texts.join(' '),
      timestamp: current.start ?? null,
      ...(current.end !== undefined ? { end: current.end } : {}),
      ...(confidence !== undefined ? { confidence } : {}),
    });
    current = undefined;
  };
  for (const word of words) {
    const text = word.text.trim();
    if (!text) continue;
    const pause = current?.end !== undefined && word.start !== undefined ? word.start - current.end : 0;
    if (current && (current.speaker !== word.speaker || pause >= 2)) flush();
    current ??= { speaker: word.speaker, texts: [], start: word.start, confidences: [], all: true };
    current.texts.push(text);
    if (word.end !== undefined) current.end = word.end;
    else if (word.start !== undefined) current.end = word.start;
    if (word.confidence === undefined) current.all = false;
    else current.confidences.push(word.confidence);
  }
  flush();
  return fragments;
}

function maxOf(values: number[]): number {
  let max = -Infinity;
  for (const value of values) if (value > max) max = value;
  return max;
}

export function mean(values: number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Turns a reading into the transcript: stable sort by time, negatives clamped to 0, duration from the latest end. */
export function assemble(reading: Reading): ParserOutput {
  const fragments = reading.fragments.map((fragment) => ({
    ...fragment,
    timestamp: fragment.timestamp === null ? null : Math.max(0, ms(fragment.timestamp)),
    ...(fragment.end !== undefined ? { end: Math.max(0, ms(fragment.end)) } : {}),
  }));
  if (!reading.keepOrder && fragments.every((fragment) => fragment.timestamp !== null)) {
    fragments.sort((a, b) => (a.timestamp as number) - (b.timestamp as number));
  }
  let latest = 0;
  for (const fragment of fragments) {
    latest = Math.max(latest, fragment.timestamp ?? 0, fragment.end ?? 0);
  }
  const builder = new TranscriptBuilder({ merge: reading.merge });
  for (const fragment of fragments) builder.add(fragment);
  const duration = Math.max(latest, reading.duration ?? 0);
  const transcript = builder.build({
    ...(reading.title ? { title: reading.title } : {}),
    ...(reading.date ? { date: reading.date } : {}),
    ...(duration > 0 ? { duration } : {}),
  });
  return { transcript, variant: reading.variant };
}
