/**
 * Reading JSON transcripts: the value is tried against each known shape (vendors.ts, segments.ts), also inside
 * the usual envelopes (`data`, `result`, ...); Slack export files are sent to the Slack parser, and anything else
 * is refused with a description of what the JSON holds.
 */
import type { ParserInput, ParserOutput } from '../../sdk/index.ts';
import { parseJsonText } from '../shared/parse-json.ts';
import { isTickscribe, isWhisper, isWhisperTextOnly, readSegments, readTickscribe, readWhisper, readWhisperTextOnly, segmentList } from './segments.ts';
import { assemble, isRecord, records, type Reading } from './values.ts';
import { isAssemblyAi, isDeepgram, isRev, readAssemblyAi, readDeepgram, readRecall, readRev, recallEntries } from './vendors.ts';

const EXPECTED =
  'expected an AssemblyAI, Deepgram, Rev.ai, Whisper/WhisperX or Recall.ai transcript, a Tickscribe transcript ' +
  '(title, participants, messages), or a list of segments like [{"speaker", "start", "end", "text"}]';

const ENVELOPES = ['data', 'transcript', 'result', 'response', 'body'] as const;

/** The reading of the first known shape the value has, looked for inside envelopes up to three levels deep. */
function read(value: unknown, depth = 0): Reading | undefined {
  const recall = recallEntries(value);
  if (recall) return readRecall(recall);
  if (Array.isArray(value)) {
    // A Whisper tool's segments saved on their own.
    if (isWhisper({ segments: value })) return readWhisper({ segments: value });
    const items = segmentList(value);
    return items ? readSegments(items, undefined) : undefined;
  }
  if (!isRecord(value)) return undefined;
  if (isTickscribe(value)) return readTickscribe(value);
  if (isAssemblyAi(value)) return readAssemblyAi(value);
  if (isDeepgram(value)) return readDeepgram(value);
  if (isRev(value)) return readRev(value);
  if (isWhisper(value)) return readWhisper(value);
  const items = segmentList(value);
  if (items) return readSegments(items, value);
  if (isWhisperTextOnly(value)) return readWhisperTextOnly(value);
  if (depth < 3) {
    for (const key of ENVELOPES) {
      if (isRecord(value[key])) {
        const inner = read(value[key], depth + 1);
        if (inner) return inner;
      }
    }
  }
  return undefined;
}

/** What the JSON holds, in words, for the error message. */
function describe(value: unknown): string {
  if (Array.isArray(value)) {
    const kinds = [...new Set(value.slice(0, 20).map((item) => (item === null ? 'null' : Array.isArray(item) ? 'list' : typeof item)))];
    return `a list of ${value.length} item${value.length === 1 ? '' : 's'} (${kinds.map((k) => (k === 'object' ? 'objects' : k)).join(', ')})`;
  }
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (!keys.length) return 'an empty object';
    return `an object with the key${keys.length === 1 ? '' : 's'} ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', ...' : ''}`;
  }
  return `a single ${value === null ? 'null' : typeof value} value`;
}

function looksLikeSlack(value: unknown): boolean {
  const first = Array.isArray(value) ? records(value)[0] : isRecord(value) ? value : undefined;
  return (
    first !== undefined &&
    ((typeof first.ts === 'string' && /^\d{9,10}\.\d+$/.test(first.ts)) || (typeof first.id === 'string' && /^[UW][A-Z0-9]+$/.test(first.id) && isRecord(first.profile)))
  );
}

export function parseJson(input: ParserInput): ParserOutput {
  const { value } = parseJsonText(input.text);
  if (Array.isArray(value) && value.length === 0) throw new Error('The JSON holds an empty list: no messages to import.');
  if (looksLikeSlack(value)) {
    throw new Error("This is a file from a Slack export: it is read by the Slack parser (upload a channel's day file, e.g. general/2024-05-01.json).");
  }
  const reading = read(value);
  if (!reading) throw new Error(`This JSON is not a transcript Tickscribe knows: ${EXPECTED}; found ${describe(value)}.`);
  return assemble(reading);
}
