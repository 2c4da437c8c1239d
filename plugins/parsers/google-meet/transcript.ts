/**
 * The Google Meet transcript document as text (pasted from the Google Doc, or downloaded as .txt):
 *
 *   <title> (2023-09-21 11:02 GMT-4) - Transcript      title line (see title.ts)
 *   Attendees                                          roster heading, then one comma-separated line of names
 *   Anders F Björklund, Ashley Cui, Tom Sweeney's Presentation, Fireflies.ai Notetaker Bruno, ...
 *   Transcript                                         optional heading
 *   This editable transcript was computer generated and might contain errors. ...
 *   Tom Sweeney: Good morning ...                      turns; a line without a name continues the turn
 *   00:05:00                                           marker lines about every 5 minutes
 *   Meeting ended after 00:51:17 👋                    end line (or `Transcription ended after`), the duration
 *
 * Gemini "Take notes for me" documents put notes before a `📖 Transcript` heading: only the transcript is read.
 * Markdown copies add `#` headings and `**Name:**` bold names. Message times are those of the last marker
 * before the turn (0 before the first marker): Meet gives no per-turn times.
 */
import type { ParserOutput } from '../../sdk/index.ts';
import { TranscriptBuilder } from '../shared/builder.ts';
import { acceptLabel, readSpeakerPrefix } from '../shared/speakers.ts';
import { decodeEntities, splitLines } from '../shared/text.ts';
import { parseClock } from '../shared/time.ts';
import { type MeetTitle, readTitle, readUndatedTitle, unmark } from './title.ts';

const DISCLAIMER = /^This editable transcript was computer generated/i;
const MARKER = /^(\d{1,2}:\d{2}:\d{2})$/;
const ENDED = /^(?:Meeting|Transcription) ended after (\d{1,3}:\d{2}:\d{2})\b/i;
const GEMINI_TRANSCRIPT = /^📖\s*Transcript$/u;
/** Note-taker bots and screen-share pseudo-attendees in the roster: not people. */
const NOT_A_PERSON = /(?:[’']s Presentation$|note ?taker|meeting notes|otter\.ai|fireflies\.ai|read\.ai|tl;?dv|\bfathom\b|\bbot$)/i;

interface Turn {
  speaker: string;
  parts: string[];
  time: number | null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** A date alone on its line (`Jan 5, 2025`, Gemini documents put one under each heading), as an ISO date. */
function readDateLine(line: string): string | undefined {
  const match = /^([A-Z][a-z]{2,8})\.? (\d{1,2}), (\d{4})$/.exec(line);
  const month = match ? MONTHS.indexOf(match[1]!.slice(0, 3).toLowerCase()) : -1;
  if (!match || month === -1 || Number(match[2]) < 1 || Number(match[2]) > 31) return undefined;
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
}

const decode = (text: string) => (text.includes('&') ? decodeEntities(text) : text);

const normalizeName = (name: string) => name.normalize('NFC').replace(/[\s\u00a0\u200b\u200e\u200f]+/g, ' ').trim().toLowerCase();

export function readTranscript(text: string): ParserOutput {
  const lines = splitLines(text);
  let start = 0;
  const gemini = lines.findIndex((line) => line.includes('📖') && GEMINI_TRANSCRIPT.test(unmark(line)));
  if (gemini !== -1) start = gemini + 1;

  // Title: the first non-empty line, when it is a Meet title line.
  let title: MeetTitle | undefined;
  const firstIndex = lines.findIndex((line) => line.trim());
  if (firstIndex !== -1) title = readTitle(lines[firstIndex]!);

  // Roster: the line(s) after an `Attendees` heading, up to a blank line after names, a heading or a turn.
  const roster: string[] = [];
  const attendeesAt = lines.findIndex((line, i) => i < 40 && /^attendees$/i.test(unmark(line)));
  if (attendeesAt !== -1) {
    if (title === undefined && attendeesAt > 0) title = readUndatedTitle(lines.slice(0, attendeesAt).find((l) => l.trim()) ?? '');
    let i = attendeesAt + 1;
    for (; i < lines.length; i++) {
      const line = unmark(lines[i]!);
      if (!line) {
        if (roster.length) break;
        continue;
      }
      if (/^(?:📖\s*)?transcript$/iu.test(line) || DISCLAIMER.test(line) || MARKER.test(line)) break;
      if (!line.includes(',') && roster.length === 0 && readSpeakerPrefix(line)) break;
      for (const name of line.split(',')) {
        const trimmed = name.trim();
        if (trimmed) roster.push(trimmed);
      }
    }
    if (gemini === -1) start = i;
  }
  const known = new Set(roster.map(normalizeName));

  // Labels used as `Name:` prefixes, to accept names not in the roster only when they recur or read like names.
  const counts = new Map<string, number>();
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line || /^\s/.test(line)) continue;
    const prefix = readSpeakerPrefix(unmark(line));
    if (prefix) counts.set(prefix.speaker, (counts.get(prefix.speaker) ?? 0) + 1);
  }

  const turns: Turn[] = [];
  let marker: number | null = null;
  let sawMarker = false;
  let duration: number | undefined;
  let dated: string | undefined;
  let current: Turn | undefined;
  for (let i = start; i < lines.length; i++) {
    const raw = lines[i]!;
    if (!raw.trim()) continue;
    const line = unmark(raw);
    if (i === firstIndex && title) continue;
    if (DISCLAIMER.test(line) || /^(?:📖\s*)?transcript$/iu.test(line) || /^attendees$/i.test(line)) continue;
    const dateLine = readDateLine(line);
    if (dateLine) {
      dated ??= dateLine;
      continue;
    }
    const ended = ENDED.exec(line);
    if (ended) {
      duration = parseClock(ended[1]!);
      current = undefined;
      continue;
    }
    const mark = MARKER.exec(line);
    if (mark) {
      const seconds = parseClock(mark[1]!);
      if (seconds !== undefined) {
        marker = seconds;
        sawMarker = true;
        current = undefined;
        continue;
      }
    }
    // A line that starts with a space continues the turn (Meet wraps long turns that way).
    const prefix = /^\s/.test(raw) && current ? undefined : readSpeakerPrefix(line);
    if (prefix && (known.has(normalizeName(prefix.speaker)) || acceptLabel(prefix.speaker, counts))) {
      current = { speaker: decode(prefix.speaker), parts: [], time: marker };
      turns.push(current);
      if (prefix.text) current.parts.push(decode(prefix.text));
      continue;
    }
    if (!current) {
      current = { speaker: '', parts: [], time: marker };
      turns.push(current);
    }
    current.parts.push(decode(line));
  }

  // Turns before the first marker started at 0 when the file has markers; without markers nothing is timed.
  const timeOf = (turn: Turn) => (sawMarker ? (turn.time ?? 0) : null);
  const builder = new TranscriptBuilder({ merge: false });
  let previous: { speaker: string; time: number | null; content: string[] } | undefined;
  const flush = () => {
    if (previous) builder.add({ speaker: previous.speaker || undefined, content: previous.content.join(' '), timestamp: previous.time });
    previous = undefined;
  };
  for (const turn of turns) {
    const content = turn.parts.join(' ').trim();
    if (!content) continue;
    const time = timeOf(turn);
    // Consecutive paragraphs of one speaker between the same two markers make one message.
    if (previous && previous.speaker === turn.speaker && previous.time === time) {
      previous.content.push(content);
      continue;
    }
    flush();
    previous = { speaker: turn.speaker, time, content: [content] };
  }
  flush();
  if (!builder.messageCount) throw new Error('no messages found: the transcript has a title but no "Name: text" turns');

  const transcript = builder.build({
    ...(title?.title ? { title: title.title } : {}),
    ...(title?.date || dated ? { date: title?.date ?? dated } : {}),
    ...(duration !== undefined ? { duration } : {}),
  });
  return { transcript: withRoster(transcript, roster), variant: gemini !== -1 ? 'gemini-transcript' : 'transcript' };
}

/**
 * The builder lists only participants who spoke; attendees who never spoke are participants too (minus
 * presentations and note-taker bots), listed after the speakers in roster order.
 */
function withRoster(transcript: ParserOutput['transcript'], roster: readonly string[]): ParserOutput['transcript'] {
  const names = new Set(transcript.participants.map((p) => normalizeName(p.name)));
  const participants = [...transcript.participants];
  let next = participants.reduce((max, p) => Math.max(max, Number(p.id.slice(1)) || 0), 0) + 1;
  for (const name of roster) {
    if (NOT_A_PERSON.test(name) || names.has(normalizeName(name))) continue;
    names.add(normalizeName(name));
    participants.push({ id: `p${next++}`, name });
  }
  return { ...transcript, participants };
}
