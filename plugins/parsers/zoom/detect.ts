/**
 * Zoom signatures, judged on the start of the file. Every Zoom layout has one that generic parsers do not look
 * for, so each scores in the 'unique signature' band (0.9+) and beats the generic WebVTT, SRT, TSV and text
 * parsers on Zoom files; a Zoom-shaped VTT without cue numbers scores below the generic WebVTT parser.
 */
import type { ParserInput } from '../../sdk/index.ts';
import { prefixCandidate } from '../shared/speaker-roster.ts';

type ZoomVariant =
  | 'cloud-recording-vtt'
  | 'saved-transcript'
  | 'chat-tab-separated'
  | 'chat-from-to'
  | 'web-player-copy'
  | 'participants-report';

interface ZoomSignature {
  score: number;
  variant: ZoomVariant;
}

const HEAD = 32_768;

/** `[Speaker Name] 15:05:41` (in-meeting "Save transcript"). */
export const SAVED_HEADER = /^\[([^\]\n]{1,80})\][ \t]+(\d{1,2}:\d{2}:\d{2})[ \t]*$/;
/** `00:17:51<TAB>Name:<TAB>message` (cloud-recording chat file, older local saves). */
export const TAB_CHAT_LINE = /^(\d{1,2}:\d{2}:\d{2})\t([^\t\n]{1,200}?):[ \t]*(?:\t|$)/;
/** ` 10:56:23 From Name (Org) To Everyone:` (newer local saves; message on the next lines). */
export const FROM_TO_HEADER = /^[ \t]*(\d{1,2}:\d{2}:\d{2})[ \t]+From[ \t]+(.+?)[ \t]+to[ \t]+(.+?)[ \t]*:[ \t]*$/i;
/** `10:56:23 From  Name : message` (older 5.x clients, one line). */
export const FROM_ONE_LINE = /^[ \t]*(\d{1,2}:\d{2}:\d{2})[ \t]+From[ \t]+(.+?)[ \t]+:[ \t](.*)$/i;
/** Participants report headers (meeting summary block, then the attendee table). */
const PARTICIPANTS_HEADER = /^(?:Meeting ID,Topic,Start Time,End Time,|Name \(Original Name\),|Name \(original name\),)/im;
const WEB_PLAYER_UI = /^[ \t]*(?:Skip to Main Content|Accessibility Overview|Zoom Logo|Audio Transcript|Search transcript|Chat Messages|Download \(\d+ files?\))[ \t]*$/gim;
const TIME_LINE = /^\d{1,2}:\d{2}(?::\d{2})?$/;
const VTT_TIMING = /^[ \t]*(?:\d{1,3}:)?\d{1,2}:\d{2}\.\d{1,9}[ \t]*-->[ \t]*(?:\d{1,3}:)?\d{1,2}:\d{2}\.\d{1,9}/;

export function detectZoom(input: ParserInput): number {
  return zoomSignature(input.text)?.score ?? 0;
}

/** The Zoom layout the start of the text shows, with its score; undefined when it shows none. */
export function zoomSignature(text: string): ZoomSignature | undefined {
  const head = text.slice(0, HEAD);
  if (PARTICIPANTS_HEADER.test(head.slice(0, 4096)) && /Duration \(Minutes\)/i.test(head.slice(0, 4096))) {
    return { score: 0.97, variant: 'participants-report' };
  }
  const lines = head.split(/\r\n|\r|\n/);
  if (text.length > HEAD) lines.pop(); // the last sampled line may be cut
  const first = lines.find((l) => /\S/.test(l)) ?? '';
  const vtt = head.includes('-->') ? vttSignature(lines) : undefined;
  if (vtt) return vtt;
  if (SAVED_HEADER.test(first)) return { score: 0.95, variant: 'saved-transcript' };
  if (TAB_CHAT_LINE.test(first)) return { score: 0.95, variant: 'chat-tab-separated' };
  if (FROM_TO_HEADER.test(first) || FROM_ONE_LINE.test(first)) return { score: 0.95, variant: 'chat-from-to' };
  // The same layouts after a line or two the user added (a title, a date): judged by how many lines match.
  const nonBlank = lines.filter((l) => /\S/.test(l)).length;
  const count = (pattern: RegExp) => lines.reduce((n, l) => (pattern.test(l) ? n + 1 : n), 0);
  const saved = count(SAVED_HEADER);
  if (saved >= 3 && saved >= nonBlank * 0.3) return { score: 0.9, variant: 'saved-transcript' };
  const tab = count(TAB_CHAT_LINE);
  if (tab >= 3 && tab >= nonBlank * 0.5) return { score: 0.9, variant: 'chat-tab-separated' };
  const from = count(FROM_TO_HEADER) + count(FROM_ONE_LINE);
  if (from >= 2 && from >= nonBlank * 0.3) return { score: 0.9, variant: 'chat-from-to' };
  return webPlayerSignature(head, lines);
}

/** Zoom cloud VTT: numbered cues (1, 2, 3...) whose text starts with `Display Name: `. */
function vttSignature(lines: string[]): ZoomSignature | undefined {
  let timings = 0;
  let numbered = 0;
  let sequential = 0;
  let prefixed = 0;
  let previousId: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (!VTT_TIMING.test(lines[i]!)) continue;
    timings++;
    const idLine = (lines[i - 1] ?? '').trim();
    if (/^\d{1,6}$/.test(idLine)) {
      const id = Number(idLine);
      numbered++;
      if (previousId !== undefined && id === previousId + 1) sequential++;
      previousId = id;
    }
    // `[SPEAKER_00]: ` is WhisperX's label, not a Zoom display name.
    const payload = (lines[i + 1] ?? '').trim();
    if (!payload.startsWith('[') && prefixCandidate(payload)) prefixed++;
  }
  if (!timings) return undefined;
  const header = /^\s*\uFEFF?WEBVTT(?:[ \t]|$)/.test(lines.find((l) => /\S/.test(l)) ?? '');
  const zoomNumbering = numbered >= timings * 0.8 && (timings < 3 || sequential >= (numbered - 1) * 0.8);
  // With Zoom's numbering, most cues naming a speaker is enough (Zoom leaves some unattributed).
  if (zoomNumbering && prefixed >= timings * 0.6) return { score: header ? 0.95 : 0.93, variant: 'cloud-recording-vtt' };
  // `Name: text` cues without Zoom's numbering: could be any tool; leave it to the generic WebVTT parser (0.8).
  return header && prefixed >= timings * 0.8 ? { score: 0.7, variant: 'cloud-recording-vtt' } : undefined;
}

/** Transcript copied from the cloud-recording web player: UI strings, and `Name / Name / MM:SS / text` blocks. */
function webPlayerSignature(head: string, lines: string[]): ZoomSignature | undefined {
  const ui = head.match(WEB_PLAYER_UI)?.length ?? 0;
  let blocks = 0;
  for (let i = 0; i + 2 < lines.length && blocks < 3; i++) {
    const name = lines[i]!.trim();
    if (name && name === lines[i + 1]!.trim() && TIME_LINE.test(lines[i + 2]!.trim())) blocks++;
  }
  if (blocks && ui >= 2) return { score: 0.95, variant: 'web-player-copy' };
  if (blocks >= 2) return { score: 0.85, variant: 'web-player-copy' };
  return undefined;
}
