/**
 * Reading plain-text transcripts by the layout their lines follow (see lines.ts): Otter-style blocks and name /
 * time / text blocks, one turn per speaker line, or paragraphs from one unknown speaker.
 */
import type { ParserInput, ParserOutput } from '../../sdk/index.ts';
import { type Fragment, TranscriptBuilder } from '../shared/builder.ts';
import { SENTENCES } from '../shared/merge-fragments.ts';
import { isNameLike, isProperName } from '../shared/speakers.ts';
import { decodeEntities, splitLines } from '../shared/text.ts';
import { rejectReason } from './detect.ts';
import { type Layout, type Line, census, hasOtterFooter } from './lines.ts';

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
