/**
 * Google Meet as text: the transcript document (every title/footer generation, Gemini notes documents, Markdown
 * copies) and the in-call chat copied from the chat panel.
 */
import type { ParserInput, ParserOutput, ParserPlugin } from '../../sdk/index.ts';
import { firstNonBlankLines, head, looksLikeJson, looksLikeWebVtt } from '../shared/sniff.ts';
import { readSpeakerPrefix } from '../shared/speakers.ts';
import { chatClockForm, parseMeetChat } from './chat.ts';
import { readTitle, readUndatedTitle, unmark } from './title.ts';
import { parseMeetTranscript } from './transcript.ts';

const DISCLAIMER = /This editable transcript was computer generated and might contain errors/i;
const ENDED = /^(?:Meeting|Transcription) ended after \d{1,3}:\d{2}:\d{2}/im;
const MARKER_LINE = /^\d{1,2}:\d{2}:\d{2}$/;

type Kind = 'transcript' | 'chat';

function classify(input: ParserInput): { kind: Kind; score: number } | undefined {
  const text = head(input.text, 65_536);
  if (looksLikeJson(text) || looksLikeWebVtt(text)) return undefined;
  const lines = firstNonBlankLines(text, 200);
  const first = lines[0] ?? '';
  if (readTitle(first)) return { kind: 'transcript', score: 0.97 };
  const tail = input.text.length > 4096 ? input.text.slice(-4096) : '';
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

export function detectGoogleMeet(input: ParserInput): number {
  return classify(input)?.score ?? 0;
}

export function parseGoogleMeet(input: ParserInput): ParserOutput {
  const kind = classify(input)?.kind;
  if (kind === 'chat') return parseMeetChat(input.text);
  if (kind === 'transcript') return parseMeetTranscript(input.text);
  throw new Error('this is not a Google Meet transcript or chat: no Meet title line ("... - Transcript"), transcript notice or "Name11:04 AM" chat lines were found');
}

export const parser: ParserPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'google-meet',
    kind: 'parser',
    name: 'Google Meet',
    version: '1.0.0',
    description: 'Google Meet transcripts copied or downloaded from the Google Doc (incl. Gemini notes documents), and Meet in-call chat.',
    extensions: ['.txt'],
    mediaTypes: ['text/plain'],
  },
  detect: (input) => {
    try {
      return detectGoogleMeet(input);
    } catch {
      return 0;
    }
  },
  parse: parseGoogleMeet,
};
