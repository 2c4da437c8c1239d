/**
 * Google Meet in-call chat copied from the chat panel: a header line with the sender's name glued to the time
 * (`Brent Baude11:04 AM`, the space before AM often a narrow no-break space; `Brent Baude11:04` in 24-hour
 * locales), then the message on the following line(s). The local user is `You`. Times are wall-clock times of
 * the meeting day, so messages are timed from the first one; the date is not in the file.
 */
import type { ParserOutput } from '../../sdk/index.ts';
import { TranscriptBuilder } from '../shared/builder.ts';
import { decodeEntities, splitLines } from '../shared/text.ts';
import { WallClock } from '../shared/time.ts';

/**
 * The name is glued to the time (`Lunch at 11:04 AM` is a sentence, not a header) and ends in a letter, a closing
 * bracket or a quote: never in a digit or ':' (`[Speaker A] 15:05:17` is Zoom's).
 */
const CHAT_HEADER_12H = /^(.*?[\p{L}\p{M})\]'’.])(\d{1,2}):(\d{2})\s?([AP])\.?M\.?$/iu;
const CHAT_HEADER_24H = /^(.*?[\p{L}\p{M})\]'’])([01]?\d|2[0-3]):([0-5]\d)$/u;

interface ChatHeader {
  speaker: string;
  /** Seconds after midnight. */
  clock: number;
}

/** The sender and time of a chat header line, or undefined when the line is not one. */
export function readChatHeader(line: string, twelveHour: boolean): ChatHeader | undefined {
  const text = line.trim();
  if (text.length > 120 || text.length < 5) return undefined;
  const last = text[text.length - 1]!;
  if (twelveHour) {
    if (last !== 'M' && last !== 'm' && last !== '.') return undefined;
    const match = CHAT_HEADER_12H.exec(text);
    if (!match) return undefined;
    const hour = Number(match[2]);
    const minute = Number(match[3]);
    if (hour < 1 || hour > 12 || minute > 59) return undefined;
    return { speaker: match[1]!.trim(), clock: ((hour % 12) + (match[4]!.toUpperCase() === 'P' ? 12 : 0)) * 3600 + minute * 60 };
  }
  if (last < '0' || last > '9') return undefined;
  const match = CHAT_HEADER_24H.exec(text);
  if (!match) return undefined;
  return { speaker: match[1]!.trim(), clock: Number(match[2]) * 3600 + Number(match[3]) * 60 };
}

/** Which header form the chat uses (12-hour when any header has AM/PM), and how many of the lines are headers. */
export function chatClockForm(lines: readonly string[]): { twelveHour: boolean; headers: number } {
  const twelve = lines.filter((line) => readChatHeader(line, true)).length;
  if (twelve) return { twelveHour: true, headers: twelve };
  return { twelveHour: false, headers: lines.filter((line) => readChatHeader(line, false)).length };
}

export function readChat(text: string): ParserOutput {
  const lines = splitLines(text);
  const twelveHour = lines.some((line) => readChatHeader(line, true));
  const builder = new TranscriptBuilder({ merge: false });
  let message: { speaker: string; time: number; parts: string[] } | undefined;
  // A time earlier than the previous one by more than 6 hours: the meeting went past midnight. A time just before
  // the first one stays negative.
  const clock = new WallClock({ rolloverAfter: 6 * 3600, clampNegative: false });
  const flush = () => {
    if (message) builder.add({ speaker: message.speaker, content: message.parts.join(' '), timestamp: message.time });
    message = undefined;
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const header = readChatHeader(line, twelveHour);
    if (header) {
      flush();
      message = { speaker: header.speaker, time: clock.offsetOf(header.clock), parts: [] };
      continue;
    }
    if (message) message.parts.push(decodeEntities(line));
    else {
      // Text before the first header: the copy started mid-message.
      builder.add({ content: decodeEntities(line), timestamp: null });
    }
  }
  flush();
  if (!builder.messageCount) throw new Error('no messages found in the chat');
  return { transcript: builder.build(), variant: 'chat' };
}
