/**
 * The worst files of at most 1 MB (the upload limit) for the ingest's memory and time, per format: what each
 * parser, the offline extractor and the save do per line, cue, row, entry, speaker or ticket, made as many as
 * 1,048,576 bytes allow. Used by `npm run bench:memory` (bench/ingest-memory.ts) and by
 * tests/integration/ingest-memory.test.ts. Every format has three:
 *
 * - `<format>-turns`: one-word turns of two speakers that alternate, one message per line or cue, nothing to
 *   merge (past the messages limit);
 * - `<format>-speakers`: a new speaker on every line (past the speakers limit);
 * - `<format>-max`: within the limits, as much as they allow: 24,990 one-word turns among 1,000 speakers, then one
 *   last turn of one task asked again and again ("S1, can you fix the login bug by Friday?") to the end of the
 *   megabyte, so that the extractor reads it all.
 *
 * And a few of their own: the reported file (`A1: x` on every line, and `A1: x` / `B1: x` taking turns), a
 * distinct task with a due date on every line, one line of 1 MB without a newline, one turn of 1 MB of tasks, one speaker with a confidence on every row, empty cues, JSON word
 * lists, JSON Lines, Tickscribe's own JSON (never merged) and arrays nested 500,000 deep.
 */
import { MAX_TRANSCRIPT_BYTES } from '../core/plugins/upload-limits.ts';
import { TRANSCRIPT_LIMITS } from '../plugins/sdk/limits.ts';

export interface WorstFile {
  /** Short name, e.g. `text-turns`. */
  id: string;
  /** The parser that must read it (the format detected). */
  format: string;
  fileName: string;
  /** What makes it bad, in a few words. */
  what: string;
  /** How its ingest ends: completed, or failed past the messages or speakers limit, or unreadable. */
  outcome: 'completed' | 'messages' | 'speakers' | 'unreadable';
  /** The file's text (ASCII, so its length is its size in bytes), at most MAX_TRANSCRIPT_BYTES. */
  text(): string;
}

/**
 * `head`, then `unit(0)`, `unit(1)`, ... (joined by `separator`) and `tail`: as many units as keep the whole within
 * `limit` bytes (the upload limit), or `count` of them.
 */
export function fill(head: string, unit: (i: number) => string, tail = '', separator = '', count = Infinity, limit = MAX_TRANSCRIPT_BYTES): string {
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 0; i < count; i++) {
    const part = (i ? separator : '') + unit(i);
    if (size + part.length > limit) break;
    parts.push(part);
    size += part.length;
  }
  parts.push(tail);
  return parts.join('');
}

/** `HH:MM:SS` of second `s` (hours past 99 wrap; only the order matters). */
const clock = (s: number) => [Math.floor(s / 3600) % 100, Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, '0')).join(':');
/** A short speaker name, `S0` ... (base 36); `A: ` and `B: ` are not names, `A1: ` and `B1: ` are. */
const name = (n: number) => `S${n.toString(36)}`;

/** How one format writes a turn (`i`-th, by `speaker`, saying `text`, which may hold commas but no quotes). */
interface Encoding {
  format: string;
  fileName: string;
  head: string;
  unit: (i: number, speaker: string, text: string) => string;
  tail?: string;
  separator?: string;
  /** Whether two-speaker one-word turns stay within the messages limit (the format's markup takes room). */
  turnsFit?: boolean;
}

const ENCODINGS: Encoding[] = [
  // Past 20 names only lines with a time read as turns (`[0:01] Name: text`); the same for two speakers.
  { format: 'text', fileName: 'meeting.txt', head: '', unit: (i, who, text) => `[${Math.floor(i / 60) % 60}:${String(i % 60).padStart(2, '0')}] ${who}: ${text}\n` },
  { format: 'csv', fileName: 'meeting.csv', head: 'speaker,text\n', unit: (_, who, text) => `${who},${text.includes(',') ? `"${text}"` : text}\n` },
  { format: 'tsv', fileName: 'meeting.tsv', head: 'speaker\ttext\n', unit: (_, who, text) => `${who}\t${text}\n` },
  { format: 'srt', fileName: 'meeting.srt', head: '', unit: (i, who, text) => `${i + 1}\n${clock(i)},000 --> ${clock(i)},500\n${who}: ${text}\n\n`, turnsFit: true },
  { format: 'webvtt', fileName: 'meeting.vtt', head: 'WEBVTT\n\n', unit: (i, who, text) => `${clock(i)}.000 --> ${clock(i)}.500\n<v ${who}>${text}\n\n` },
  {
    format: 'teams',
    fileName: 'teams.vtt',
    head: 'WEBVTT\n\n',
    // Graph's unpadded times (`0:0:1.0`) and closed voice spans.
    unit: (i, who, text) => `${Math.floor(i / 3600)}:${Math.floor(i / 60) % 60}:${i % 60}.0 --> ${Math.floor(i / 3600)}:${Math.floor(i / 60) % 60}:${i % 60}.5\n<v ${who}>${text}</v>\n\n`,
  },
  { format: 'zoom', fileName: 'zoom.vtt', head: 'WEBVTT\n\n', unit: (i, who, text) => `${i + 1}\n${clock(i)}.000 --> ${clock(i)}.500\n${who}: ${text}\n\n`, turnsFit: true },
  { format: 'google-meet', fileName: 'meet.txt', head: 'Sync (2026-03-02 10:00 GMT) - Transcript\nAttendees\nS0, S1\nTranscript\n', unit: (_, who, text) => `${who}: ${text}\n` },
  { format: 'json', fileName: 'segments.json', head: '[', unit: (_, who, text) => `{"speaker":"${who}","text":"${text}"}`, tail: ']', separator: ',' },
  {
    format: 'slack',
    fileName: 'general.json',
    head: '[',
    unit: (i, who, text) => `{"type":"message","user":"U${who.toUpperCase()}","text":"${text}","ts":"${1_700_000_000 + i}.000001"}`,
    tail: ']',
    separator: ',',
    turnsFit: true,
  },
];

/** Turns within the limits: room for the last, long one (its pieces are messages too). */
const MAX_TURNS = TRANSCRIPT_LIMITS.messages - 10;

/** `count` characters of one task asked again and again (one ticket: the extractor reads every chunk). */
function tasks(count: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < count) {
    const part = `${name(1)}, can you fix the login bug by Friday? `;
    parts.push(part);
    size += part.length;
  }
  return parts.join('').slice(0, count).trimEnd();
}

function familyOf(encoding: Encoding): WorstFile[] {
  const { format, head, unit, tail = '', separator = '' } = encoding;
  const extension = encoding.fileName.slice(encoding.fileName.lastIndexOf('.'));
  return [
    {
      id: `${format}-turns`,
      format,
      fileName: `turns${extension}`,
      what: 'one-word turns, two speakers',
      outcome: encoding.turnsFit ? 'completed' : 'messages',
      text: () => fill(head, (i) => unit(i, i % 2 ? 'B1' : 'A1', 'x'), tail, separator),
    },
    {
      id: `${format}-speakers`,
      format,
      fileName: `speakers${extension}`,
      what: 'a new speaker on every turn',
      outcome: 'speakers',
      text: () => fill(head, (i) => unit(i, name(i), 'x'), tail, separator),
    },
    {
      id: `${format}-max`,
      format,
      fileName: `max${extension}`,
      what: `${MAX_TURNS.toLocaleString('en-US')} turns, ${TRANSCRIPT_LIMITS.participants.toLocaleString('en-US')} speakers, then tasks to 1 MB`,
      outcome: 'completed',
      text: () => {
        const speakers = TRANSCRIPT_LIMITS.participants;
        // At least a tenth of the megabyte is left for the tasks, also in formats whose turns take more room.
        const body = fill(head, (i) => unit(i, name(i % speakers), 'x'), '', separator, MAX_TURNS, MAX_TRANSCRIPT_BYTES * 0.9);
        const whole = (length: number) => body + separator + unit(MAX_TURNS, name(MAX_TURNS % speakers), tasks(length)) + tail;
        // The turn's own markup (a quote, a tag) is known once it is written: the tasks shorten by as much.
        let length = MAX_TRANSCRIPT_BYTES - body.length;
        let text = whole(length);
        while (text.length > MAX_TRANSCRIPT_BYTES) text = whole((length -= Math.max(1, text.length - MAX_TRANSCRIPT_BYTES)));
        return text;
      },
    },
  ];
}

/** A task with a due date, asked of the other speaker, its object distinct on every line so that no two merge. */
const task = (i: number) => `${i % 2 ? 'Ada' : 'Grace'}, can you fix p${i.toString(36)} q${i.toString(36)} by Friday?`;
const taskSpeaker = (i: number) => (i % 2 ? 'Grace' : 'Ada');

export const WORST_FILES: readonly WorstFile[] = [
  { id: 'text-issue', format: 'text', outcome: 'completed', fileName: 'issue.txt', what: '`A1: x` on every line (the reported file)', text: () => fill('', () => 'A1: x\n') },
  { id: 'text-plain-turns', format: 'text', outcome: 'messages', fileName: 'plain-turns.txt', what: '`A1: x` and `B1: x` taking turns', text: () => fill('', (i) => `${i % 2 ? 'B1' : 'A1'}: x\n`) },
  ...ENCODINGS.flatMap(familyOf),
  { id: 'text-tasks', format: 'text', outcome: 'completed', fileName: 'tasks.txt', what: 'a distinct task with a due date on every line', text: () => fill('', (i) => `${taskSpeaker(i)}: ${task(i)}\n`) },
  {
    id: 'text-line',
    format: 'text', outcome: 'completed',
    fileName: 'line.txt',
    what: 'one 1 MB line of distinct tasks, no newline',
    text: () => fill('', (i) => `I will fix p${i.toString(36)} q${i.toString(36)} by Friday`, '.', ', '),
  },
  { id: 'text-monologue', format: 'text', outcome: 'completed', fileName: 'monologue.txt', what: 'one speaker, one 1 MB turn of tasks', text: () => `A1: ${tasks(MAX_TRANSCRIPT_BYTES - 5)}\n` },
  {
    id: 'csv-confidence',
    format: 'csv', outcome: 'completed',
    fileName: 'confidence.csv',
    what: 'one speaker, a confidence on every row (one message)',
    text: () => fill('speaker,text,confidence\n', () => 'A,x,0.9\n'),
  },
  { id: 'webvtt-empty', format: 'webvtt', outcome: 'completed', fileName: 'empty.vtt', what: 'empty cues, one word at the end', text: () => fill('WEBVTT\n\n', (i) => `${clock(i)}.000 --> ${clock(i)}.500\n\n`, `${clock(0)}.000 --> ${clock(0)}.500\nx\n`) },
  { id: 'zoom-chat', format: 'zoom', outcome: 'messages', fileName: 'chat.txt', what: 'one-word chat lines, two speakers', text: () => fill('', (i) => `${clock(i)}\t${i % 2 ? 'B' : 'A'}:\tx\n`) },
  {
    id: 'json-words',
    format: 'json', outcome: 'completed',
    fileName: 'words.json',
    what: 'AssemblyAI word list, speakers taking turns',
    text: () => fill('{"status":"completed","text":"","words":[', (i) => `{"text":"x","start":${i},"end":${i + 1},"speaker":"${i % 2 ? 'B' : 'A'}"}`, ']}', ','),
  },
  { id: 'json-lines', format: 'json', outcome: 'messages', fileName: 'lines.json', what: 'JSON Lines, one tiny object per line', text: () => fill('', (i) => `{"speaker":"${i % 2 ? 'B' : 'A'}","text":"x"}`, '\n', '\n') },
  {
    id: 'json-tickscribe',
    format: 'json', outcome: 'messages',
    fileName: 'tickscribe.json',
    what: "Tickscribe's shape: one speaker, messages never merged",
    text: () => fill('{"title":"t","participants":[{"id":"a","name":"A"}],"messages":[', () => '{"content":"x","speaker":"a"}', ']}', ','),
  },
  { id: 'json-deep', format: 'json', outcome: 'unreadable', fileName: 'deep.json', what: 'arrays nested 500,000 deep', text: () => `${'['.repeat(MAX_TRANSCRIPT_BYTES / 2)}${']'.repeat(MAX_TRANSCRIPT_BYTES / 2)}` },
];

/** One worst file by id; throws for an unknown id. */
export function worstFile(id: string): WorstFile {
  const file = WORST_FILES.find((f) => f.id === id);
  if (!file) throw new Error(`No worst file '${id}': ${WORST_FILES.map((f) => f.id).join(', ')}`);
  return file;
}
