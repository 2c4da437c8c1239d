/**
 * Plain-text detection: the layout the lines follow gives the score (see lines.ts); tables, JSON, subtitles and
 * text without letters score 0, and Google Meet and Zoom text files, whose parsers know them, at most 0.2.
 */
import type { ParserInput } from '../../sdk/index.ts';
import { readChatHeader } from '../google-meet/chat.ts';
import { detectDelimited } from '../shared/delimited/detect.ts';
import { CSV_DELIMITERS, TSV_DELIMITERS } from '../shared/delimited/dialect.ts';
import { firstNonBlankLines, hasSubtitleTiming, head, looksLikeJson, looksLikeWebVtt } from '../shared/sniff.ts';
import { census, hasOtterFooter } from './lines.ts';

/** Signatures of text files that the google-meet and zoom parsers read: the text parser stays below them. */
const MEET_TITLE = /^(?:#+\s*)?(?:\*\*)?.{0,200}?(?:\(\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}[^)]{0,20}\)|\d{4}\/\d{2}\/\d{2} \d{1,2}:\d{2}.{0,20}?)\s*[-–—]\s*Transcript\b/i;
const MEET_TEXT = [/This editable transcript was computer generated/i, /^(?:Meeting|Transcription) ended after \d{1,2}:\d{2}:\d{2}/im];
const ZOOM_LINES = [
  /^\[[^\]]{1,80}\] \d{1,2}:\d{2}:\d{2}$/, // saved transcript `[Name] 15:05:17`
  /^\d{2}:\d{2}:\d{2}\t[^\t]{1,120}:\t/, // chat `HH:MM:SS<TAB>Name:<TAB>message`
  /^\d{2}:\d{2}:\d{2} From (?=.*:$).{1,160} [Tt]o [^:]{1,160}:$/, // chat ` HH:MM:SS From Name To Everyone:`
];

function belongsToSpecialisedParser(text: string, lines: readonly string[]): boolean {
  if (lines.slice(0, 3).some((line) => MEET_TITLE.test(line.trim()))) return true;
  if (MEET_TEXT.some((signature) => signature.test(text))) return true;
  let meetChat = 0;
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed.length <= 400 && ZOOM_LINES.some((signature) => signature.test(trimmed))) return true;
    if (readChatHeader(trimmed, true) && ++meetChat >= 2) return true;
  }
  return false;
}

/** Why the text is not a plain-text transcript (another format, or no letters at all), or undefined when it may be one. */
export function rejectReason(text: string): string | undefined {
  if (looksLikeJson(text)) return 'this is JSON, not a plain-text transcript';
  if (looksLikeWebVtt(text)) return 'this is a WebVTT file, not a plain-text transcript';
  if (hasSubtitleTiming(text)) return 'this is a subtitle file (it has "-->" timing lines), not a plain-text transcript';
  if (!/[\p{L}\p{N}]/u.test(head(text, 65_536))) return 'no text found: the file holds no letters or digits';
  return undefined;
}

export function detectText(input: ParserInput): number {
  const text = head(input.text, 65_536);
  if (rejectReason(text)) return 0;
  // Tables belong to the csv/tsv parsers, also when those cannot read them: their error is the useful one.
  if (detectDelimited(input, CSV_DELIMITERS) >= 0.5 || detectDelimited(input, TSV_DELIMITERS) >= 0.5) return 0;
  const lines = firstNonBlankLines(text, 200);
  const { score } = census(lines, hasOtterFooter(input.text));
  return belongsToSpecialisedParser(text, lines) ? Math.min(score, 0.2) : score;
}
