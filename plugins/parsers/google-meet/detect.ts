/**
 * Google Meet detection: the transcript document by its title line, its computer-generated notice, its roster and
 * headings, its end line or its five-minute markers; the chat by its `Name11:04 AM` header lines.
 */
import type { ParserInput } from '../../sdk/index.ts';
import { firstNonBlankLines, head, looksLikeJson, looksLikeWebVtt } from '../shared/sniff.ts';
import { readSpeakerPrefix } from '../shared/speakers.ts';
import { chatClockForm } from './chat.ts';
import { readTitle, readUndatedTitle, unmark } from './title.ts';

const DISCLAIMER = /This editable transcript was computer generated and might contain errors/i;
const ENDED = /^(?:Meeting|Transcription) ended after \d{1,3}:\d{2}:\d{2}/im;
const MARKER_LINE = /^\d{1,2}:\d{2}:\d{2}$/;

interface MeetSignature {
  kind: 'transcript' | 'chat';
  score: number;
}

export function detectGoogleMeet(input: ParserInput): number {
  return meetSignature(input.text)?.score ?? 0;
}

/** Whether the text is a Meet transcript or chat, with the score; undefined when it is neither. */
export function meetSignature(fullText: string): MeetSignature | undefined {
  const text = head(fullText, 65_536);
  if (looksLikeJson(text) || looksLikeWebVtt(text)) return undefined;
  const lines = firstNonBlankLines(text, 200);
  const first = lines[0] ?? '';
  if (readTitle(first)) return { kind: 'transcript', score: 0.97 };
  const tail = fullText.length > 4096 ? fullText.slice(-4096) : '';
  if (DISCLAIMER.test(text) || DISCLAIMER.test(tail)) return { kind: 'transcript', score: 0.95 };
  if (lines.some((line) => /^📖\s*Transcript$/u.test(unmark(line)))) return { kind: 'transcript', score: 0.9 };

  const unmarked = lines.map(unmark);
  const turns = unmarked.filter((line) => readSpeakerPrefix(line)?.text).length;
  const attendees = unmarked.slice(0, 10).some((line) => /^attendees$/i.test(line));
  const heading = unmarked.slice(0, 15).some((line) => /^transcript$/i.test(line));
  if (attendees && turns >= 1 && (heading || readUndatedTitle(first))) return { kind: 'transcript', score: 0.9 };
  if ((ENDED.test(text) || ENDED.test(tail)) && turns >= 1) return { kind: 'transcript', score: 0.85 };

  const chat = chatClockForm(lines);
  if (chat.headers >= 2 && chat.headers / lines.length >= 0.25) return { kind: 'chat', score: chat.twelveHour ? 0.85 : 0.7 };
  if (chat.headers === 1 && lines.length <= 4 && chat.twelveHour) return { kind: 'chat', score: 0.6 };

  // Marker lines every five minutes between `Name: text` turns, without the rest of the scaffolding.
  const markers = unmarked.filter((line) => MARKER_LINE.test(line)).length;
  if (markers >= 1 && turns >= 3 && turns / lines.length >= 0.5) return { kind: 'transcript', score: 0.6 };
  return undefined;
}
