/**
 * Plain-text transcripts, the generic fallback: Otter.ai TXT exports (`Name  0:01` headers, bold names, footer),
 * `[SPEAKER_00]: text` (WhisperX), `[HH:MM:SS] Name: text`, `**Name** [M:SS] text` with HTML entities,
 * `Name: text` lines, `HH:MM:SS text` lines, name / time / text blocks, and, failing all of those, paragraphs from
 * one unknown speaker. It steps aside (scores low) for Google Meet and Zoom text files, whose parsers know them.
 */
import type { ParserInput, ParserOutput, ParserPlugin } from '../../sdk/index.ts';
import { readChatHeader } from '../google-meet/chat.ts';
import { type Fragment, TranscriptBuilder } from '../shared/builder.ts';
import { detectDelimited } from '../shared/delimited.ts';
import { SENTENCES } from '../shared/merge-fragments.ts';
import { firstNonBlankLines, hasSubtitleTiming, head, looksLikeJson, looksLikeWebVtt } from '../shared/sniff.ts';
import { isNameLike, isProperName } from '../shared/speakers.ts';
import { decodeEntities, splitLines } from '../shared/text.ts';
import { type Layout, type Line, census, hasOtterFooter } from './lines.ts';

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

function rejectReason(text: string): string | undefined {
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
  if (detectDelimited(input, [',', ';', '|']) >= 0.5 || detectDelimited(input, ['\t']) >= 0.5) return 0;
  const lines = firstNonBlankLines(text, 200);
  const { score } = census(lines, hasOtterFooter(input.text));
  return belongsToSpecialisedParser(text, lines) ? Math.min(score, 0.2) : score;
}

export function parseText(input: ParserInput): ParserOutput {
  const reason = rejectReason(input.text);
  if (reason) throw new Error(reason);
  const lines = splitLines(input.text);
  const { layout, classified } = census(lines, hasOtterFooter(input.text));
  let fragments: Fragment[];
  if (layout === 'otter' || layout === 'time-blocks') fragments = readBlocks(lines, classified, layout);
  else if (layout === 'paragraphs') fragments = readParagraphs(lines);
  else fragments = readTurns(lines, classified);

  // Named turns merge per speaker; paragraphs stay as they are; other speakerless lines are joined into sentences.
  const named = fragments.some((f) => f.speaker);
  const builder = new TranscriptBuilder({ merge: named ? true : layout === 'paragraphs' ? false : SENTENCES });
  for (const fragment of fragments) builder.add(fragment);
  if (!builder.messageCount) throw new Error('no messages found');
  return { transcript: builder.build(), variant: layout };
}

/** A line as message text: entities decoded, surrounding space removed. */
function plain(raw: string): string {
  return decodeEntities(raw.trim());
}

/**
 * Otter-style blocks: a header line (`Name  0:01`, or a time alone, optionally under a name line) then text lines
 * up to the next header. A name line above a lone time is the speaker when it is repeated (web players print it
 * twice) or follows a blank line.
 */
function readBlocks(raw: readonly string[], lines: readonly Line[], layout: Layout): Fragment[] {
  interface Block {
    speaker?: string;
    time: number | null;
    texts: { text: string; afterBlank: boolean }[];
  }
  const blocks: Block[] = [{ time: null, texts: [] }];
  let afterBlank = true;
  for (const [index, line] of lines.entries()) {
    const current = blocks.at(-1)!;
    if (line.kind === 'blank') {
      afterBlank = true;
      continue;
    }
    if (line.kind === 'footer') continue;
    if (line.kind === 'header') {
      blocks.push({ ...(line.speaker ? { speaker: line.speaker } : {}), time: line.time, texts: [] });
    } else if (line.kind === 'time') {
      let speaker: string | undefined;
      if (layout === 'time-blocks') {
        const texts = current.texts;
        const last = texts.at(-1);
        if (last && isNameLike(last.text)) {
          if (texts.length >= 2 && texts.at(-2)!.text === last.text) {
            speaker = last.text;
            texts.splice(-2, 2);
          } else if (last.afterBlank && isProperName(last.text)) {
            speaker = last.text;
            texts.pop();
          }
        }
      }
      blocks.push({ ...(speaker ? { speaker } : {}), time: line.time, texts: [] });
    } else {
      current.texts.push({ text: plain(raw[index]!), afterBlank });
    }
    afterBlank = false;
  }
  return blocks.map((block) => ({
    ...(block.speaker ? { speaker: block.speaker } : {}),
    content: block.texts.map((t) => t.text).join(' '),
    timestamp: block.time,
  }));
}

/** One turn per speaker line (`Name: text`, `[SPEAKER_00]: text`, `[00:01] Name: text`); other lines continue it. */
function readTurns(raw: readonly string[], lines: readonly Line[]): Fragment[] {
  const fragments: Fragment[] = [];
  let current: Fragment | undefined;
  for (const [index, line] of lines.entries()) {
    if (line.kind === 'blank' || line.kind === 'footer') continue;
    if (line.kind === 'timed' || line.kind === 'speaker' || line.kind === 'header') {
      const timestamp = line.kind === 'speaker' ? null : line.time;
      const text = line.kind === 'header' ? '' : line.text;
      current = { ...(line.speaker ? { speaker: line.speaker } : {}), content: text, timestamp };
      fragments.push(current);
      continue;
    }
    const text = plain(raw[index]!);
    if (!text) continue;
    if (current) current.content = current.content ? `${current.content} ${text}` : text;
    else fragments.push((current = { content: text, timestamp: null }));
  }
  return fragments;
}

/** Unstructured text: one message per paragraph (blank-line separated), from one unknown speaker. */
function readParagraphs(raw: readonly string[]): Fragment[] {
  const fragments: Fragment[] = [];
  let parts: string[] = [];
  const flush = () => {
    if (parts.length) fragments.push({ content: parts.join(' '), timestamp: null });
    parts = [];
  };
  for (const line of raw) {
    if (!line.trim()) flush();
    else parts.push(plain(line));
  }
  flush();
  return fragments;
}

export const parser: ParserPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'text',
    kind: 'parser',
    name: 'Plain text',
    version: '1.0.0',
    description: 'Plain-text transcripts: Otter.ai exports, "Name: text" lines, [SPEAKER_00] and [HH:MM:SS] prefixes; any other text as paragraphs.',
    extensions: ['.txt'],
    mediaTypes: ['text/plain', 'text/markdown'],
  },
  detect: (input) => {
    try {
      return detectText(input);
    } catch {
      return 0;
    }
  },
  parse: parseText,
};
