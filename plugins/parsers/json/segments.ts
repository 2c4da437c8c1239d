/**
 * Segment lists: the Whisper family (OpenAI Whisper CLI/API `verbose_json`, WhisperX, whisper-timestamped), plain
 * arrays of `{speaker, start, end, text}` under any of the usual names, and Tickscribe's own transcript shape.
 */
import type { Fragment } from '../shared/builder.ts';
import {
  areMilliseconds,
  clockOrNumber,
  hasSpeakers,
  isoFromMillis,
  isoMillis,
  isRecord,
  mean,
  meetingDate,
  num,
  pick,
  records,
  speakerName,
  str,
  type JsonRecord,
  type Reading,
} from './values.ts';

// ------------------------------------------------------------------------------------------ Whisper family

const WHISPER_SEGMENT_KEYS = ['seek', 'tokens', 'avg_logprob', 'no_speech_prob', 'compression_ratio', 'temperature', 'words'];

/** `{segments: [{start, end, text, ...}]}` with something only Whisper tools write. */
export function isWhisper(doc: JsonRecord): boolean {
  const segments = records(doc.segments);
  if (!segments.length || !segments.slice(0, 20).every((s) => typeof s.text === 'string' && num(s.start) !== undefined)) return false;
  if (Array.isArray(doc.word_segments) || typeof doc.text === 'string' || typeof doc.language === 'string') return true;
  return segments.slice(0, 20).some((s) => WHISPER_SEGMENT_KEYS.some((key) => key in s));
}

export function readWhisper(doc: JsonRecord): Reading {
  const segments = records(doc.segments).filter((s) => typeof s.text === 'string');
  const sample = segments.slice(0, 50);
  const words = sample.flatMap((s) => records(s.words)).slice(0, 200);
  const variant =
    Array.isArray(doc.word_segments) || sample.some((s) => 'speaker' in s) || words.some((w) => 'word' in w && 'score' in w)
      ? 'whisperx'
      : sample.some((s) => num(s.confidence) !== undefined) || words.some((w) => 'text' in w && 'confidence' in w)
        ? 'whisper-timestamped'
        : 'whisper';
  const fragments: Fragment[] = segments.map((segment) => {
    const end = num(segment.end);
    const confidence = segmentConfidence(segment, variant);
    return {
      speaker: speakerName(segment.speaker),
      content: segment.text as string,
      timestamp: num(segment.start) ?? null,
      ...(end !== undefined ? { end } : {}),
      ...(confidence !== undefined ? { confidence } : {}),
    };
  });
  if (!fragments.some((f) => f.content.trim())) throw new Error('This Whisper transcript has no speech: every segment is empty.');
  const duration = num(doc.duration);
  return { variant, fragments, merge: hasSpeakers(fragments), ...(duration !== undefined ? { duration } : {}) };
}

/**
 * whisper-timestamped gives a segment confidence; WhisperX a `score` per word (the segment gets their mean, when
 * every word has one); OpenAI Whisper an average log-probability, whose exponential is the mean token probability.
 */
function segmentConfidence(segment: JsonRecord, variant: string): number | undefined {
  if (variant === 'whisper-timestamped') return num(segment.confidence);
  if (variant === 'whisperx') {
    const scores = records(segment.words).map((w) => num(w.score));
    return scores.length && scores.every((s) => s !== undefined) ? mean(scores as number[]) : undefined;
  }
  const logprob = num(segment.avg_logprob);
  return logprob === undefined ? undefined : Math.min(1, Math.exp(logprob));
}

/** OpenAI's `response_format=json`: just `{text}` (plus language/duration): one message without a time. */
export function isWhisperTextOnly(doc: JsonRecord): boolean {
  const keys = Object.keys(doc);
  return typeof doc.text === 'string' && keys.every((key) => ['text', 'language', 'duration', 'task', 'usage', 'logprobs'].includes(key));
}

export function readWhisperTextOnly(doc: JsonRecord): Reading {
  const text = (doc.text as string).trim();
  if (!text) throw new Error('This Whisper transcript has no speech: its text is empty.');
  const duration = num(doc.duration);
  return { variant: 'whisper', fragments: [{ content: text, timestamp: null }], merge: false, ...(duration !== undefined ? { duration } : {}) };
}

// -------------------------------------------------------------------------------------- Generic segments

/** Where a list of segments sits in an object, in order of preference. */
const LIST_KEYS = [
  'segments', 'utterances', 'transcript', 'sentences', 'transcriptEntries', 'entries', 'messages', 'chunks',
  'captions', 'cues', 'items', 'results', 'data', 'speakers',
] as const;
const TEXT_KEYS = ['text', 'content', 'transcript', 'utterance', 'sentence', 'spokenText', 'message', 'body', 'caption', 'raw_text'];
const SPEAKER_KEYS = [
  'speaker', 'speaker_name', 'speakerName', 'speaker_label', 'speakerLabel', 'participant', 'participant_name', 'name',
  'user', 'user_name', 'username', 'author', 'from', 'who', 'role', 'speaker_id', 'speakerId',
];
const START_KEYS = ['start', 'start_time', 'startTime', 'begin', 'start_offset', 'startOffset', 'offset', 'timestamp', 'time', 'startDateTime'];
const END_KEYS = ['end', 'end_time', 'endTime', 'stop', 'end_offset', 'endOffset', 'endDateTime'];
const START_MS_KEYS = ['start_ms', 'startMs', 'start_time_ms', 'startTimeMs', 'offset_ms', 'offsetMs', 'startMillis'];
const END_MS_KEYS = ['end_ms', 'endMs', 'end_time_ms', 'endTimeMs', 'endMillis'];
const CONFIDENCE_KEYS = ['confidence', 'score', 'conf'];

const textOf = (item: JsonRecord): string | undefined => {
  const value = pick(item, TEXT_KEYS);
  return typeof value === 'string' ? value : undefined;
};

/** The segment list of a value: the value itself when it is an array, else the first list under LIST_KEYS. */
export function segmentList(value: unknown): JsonRecord[] | undefined {
  const candidates = Array.isArray(value) ? [value] : isRecord(value) ? LIST_KEYS.map((key) => value[key]) : [];
  for (const candidate of candidates) {
    const items = records(candidate);
    if (items.length && items.slice(0, 50).filter((item) => textOf(item) !== undefined).length * 2 >= Math.min(items.length, 50)) return items;
  }
  return undefined;
}

type Time = { kind: 'number'; value: number } | { kind: 'seconds'; value: number } | { kind: 'instant'; value: number };

function timeOf(value: unknown, milliseconds: boolean): Time | undefined {
  if (Array.isArray(value)) return undefined;
  const n = num(value);
  if (n !== undefined) return milliseconds ? { kind: 'seconds', value: n / 1000 } : { kind: 'number', value: n };
  const instant = isoMillis(value);
  if (instant !== undefined) return { kind: 'instant', value: instant };
  const clock = clockOrNumber(value);
  return clock === undefined ? undefined : { kind: 'seconds', value: clock };
}

function speakerOf(item: JsonRecord): string | undefined {
  const value = pick(item, SPEAKER_KEYS);
  if (isRecord(value)) {
    return str(value.name)?.trim() || str(value.display_name)?.trim() || str(value.displayName)?.trim() || speakerName(value.id);
  }
  if (typeof value === 'string') {
    // Google Meet API entries name a participant resource, not a person.
    const resource = /^conferenceRecords\/[^/]+\/participants\/([^/]+)$/.exec(value.trim());
    if (resource) return `Participant ${resource[1]}`;
  }
  return speakerName(value);
}

export function readSegments(items: JsonRecord[], envelope: JsonRecord | undefined): Reading {
  const rows = items.map((item) => {
    // Hugging Face pipelines write `timestamp: [start, end]`.
    const pair = Array.isArray(item.timestamp) ? item.timestamp : undefined;
    const msStart = pick(item, START_MS_KEYS);
    const msEnd = pick(item, END_MS_KEYS);
    const start = pair ? timeOf(pair[0], false) : msStart !== undefined ? timeOf(msStart, true) : timeOf(pick(item, START_KEYS), false);
    const end = pair ? timeOf(pair[1], false) : msEnd !== undefined ? timeOf(msEnd, true) : timeOf(pick(item, END_KEYS), false);
    const confidence = num(pick(item, CONFIDENCE_KEYS));
    return { item, start, end, confidence: confidence !== undefined && confidence >= 0 && confidence <= 1 ? confidence : undefined };
  });
  const numbers = (which: 'start' | 'end'): number[] =>
    rows.flatMap((row) => (row[which]?.kind === 'number' ? [(row[which] as Time).value] : []));
  const scale = areMilliseconds(numbers('start'), numbers('end')) ? 1000 : 1;
  let origin = Infinity;
  for (const row of rows) {
    for (const time of [row.start, row.end]) if (time?.kind === 'instant') origin = Math.min(origin, time.value);
  }
  const seconds = (time: Time | undefined): number | undefined => {
    if (!time) return undefined;
    if (time.kind === 'number') return time.value / scale;
    if (time.kind === 'instant') return (time.value - origin) / 1000;
    return time.value;
  };
  const fragments: Fragment[] = rows.map((row) => {
    const end = seconds(row.end);
    return {
      speaker: speakerOf(row.item),
      content: textOf(row.item) ?? '',
      timestamp: seconds(row.start) ?? null,
      ...(end !== undefined ? { end } : {}),
      ...(row.confidence !== undefined ? { confidence: row.confidence } : {}),
    };
  });
  if (!fragments.some((f) => f.content.trim())) throw new Error('The segments in this JSON have no speech: every text is empty.');
  const title = str(envelope?.title)?.trim();
  const date = Number.isFinite(origin) ? isoFromMillis(origin) : meetingDate(envelope?.date ?? envelope?.meeting_date);
  return { variant: 'segments', fragments, merge: hasSpeakers(fragments), ...(title ? { title } : {}), ...(date ? { date } : {}) };
}

// ------------------------------------------------------------------------------------------------ Tickscribe

/** A transcript in Tickscribe's own shape (what it exports): title, participants, messages with speaker ids. */
export function isTickscribe(doc: JsonRecord): boolean {
  if (!Array.isArray(doc.participants) || !Array.isArray(doc.messages)) return false;
  const messages = records(doc.messages).slice(0, 20);
  return messages.length > 0 && messages.every((m) => typeof m.content === 'string' && (isRecord(m.speaker) || typeof m.speaker === 'string'));
}

const SCHEMA_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

export function readTickscribe(doc: JsonRecord): Reading {
  const people = new Map<string, { name: string; role?: string }>();
  for (const participant of records(doc.participants)) {
    const id = str(participant.id) ?? (typeof participant.id === 'number' ? String(participant.id) : undefined);
    const name = str(participant.name)?.trim();
    const role = str(participant.role)?.trim();
    if (id !== undefined && name) people.set(id, { name, ...(role ? { role } : {}) });
  }
  const fragments: Fragment[] = records(doc.messages).map((message) => {
    const speaker = isRecord(message.speaker) ? message.speaker : { id: message.speaker };
    const id = str(speaker.id) ?? (typeof speaker.id === 'number' ? String(speaker.id) : undefined);
    const person = id !== undefined ? people.get(id) : undefined;
    const timestamp = num(message.timestamp);
    const confidence = num(message.confidence);
    return {
      speaker: person?.name ?? (str(speaker.name)?.trim() || id),
      ...(person?.role ? { role: person.role } : {}),
      content: str(message.content) ?? '',
      timestamp: timestamp ?? null,
      ...(confidence !== undefined ? { confidence } : {}),
    };
  });
  if (!fragments.some((f) => f.content.trim())) throw new Error('This Tickscribe transcript has no messages with text.');
  const title = str(doc.title)?.trim();
  const rawDate = str(doc.date)?.trim();
  const date = rawDate && SCHEMA_DATE.test(rawDate) ? rawDate : meetingDate(doc.date);
  const duration = num(doc.duration);
  return {
    variant: 'tickscribe',
    fragments,
    merge: false,
    keepOrder: true,
    ...(title ? { title } : {}),
    ...(date ? { date } : {}),
    ...(duration !== undefined && duration >= 0 ? { duration } : {}),
  };
}
