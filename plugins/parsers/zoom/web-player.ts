/** A transcript copied from Zoom's cloud-recording web player. */
import type { ParserOutput } from '../../sdk/index.ts';
import { TranscriptBuilder } from '../shared/builder.ts';
import { displayName, splitLines, squash } from '../shared/text.ts';
import { parseClock } from '../shared/time.ts';

const TIME_LINE = /^\d{1,2}:\d{2}(?::\d{2})?$/;
/** `00:07:08/00:42:41`: the player position and the recording's length. */
const POSITION_LINE = /^\d{1,2}:\d{2}(?::\d{2})?[ \t]*\/[ \t]*(\d{1,2}:\d{2}(?::\d{2})?)$/;
/** `Sep 2, 2025 02:52 PM`: when the recording was made (the zone is not shown, so only the day is kept). */
const DATE_LINE = /^([A-Z][a-z]{2,8})\.? (\d{1,2}), (\d{4})(?:,? \d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?)?$/;
const UI_LINE = /^(?:Skip to Main Content|Accessibility Overview|Zoom Logo|Speed|Audio Transcript|Chat Messages|Search transcript|Download \(\d+ files?\))$/i;
/** An editor's note standing alone, like `(Pre-meeting Chat Removed)`. */
const NOTE_LINE = /^\([^()]{1,120}\)$/;
/** Recording layouts Zoom appends to the topic in the player title. */
const LAYOUT_SUFFIX = /\s*-\s*(?:Shared screen with (?:speaker|gallery) view|Shared screen|Active speaker|Speaker view|Gallery view|Audio only)(?:\s*\(CC\))?$/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

interface Block {
  speaker: string;
  timestamp: number | null;
  parts: string[];
}

/**
 * A transcript copied from Zoom's cloud-recording web player and pasted into a .txt: the player's UI strings,
 * then per turn the speaker's name twice (avatar label and name), an `MM:SS` offset line, and the words over one
 * or more lines. The UI strings before the first turn are dropped; the title, day and recording length they show
 * are kept. Each turn is one message.
 */
export function readWebPlayerCopy(text: string): ParserOutput {
  const lines = splitLines(text).map((l) => l.trim());
  const n = lines.length;
  // Names the player printed twice above a time: the speakers. A copy sometimes keeps only one of the two.
  const speakers = new Set<string>();
  for (let i = 0; i + 2 < n; i++) {
    if (lines[i] && lines[i] === lines[i + 1] && TIME_LINE.test(lines[i + 2]!)) speakers.add(lines[i]!);
  }
  const blocks: Block[] = [];
  const preamble: string[] = [];
  let current: Block | undefined;
  let timeless: string | undefined;
  let i = 0;
  while (i < n) {
    const line = lines[i]!;
    if (!line) {
      i++;
      continue;
    }
    const doubled = line === lines[i + 1] && line.length <= 120;
    if (doubled && TIME_LINE.test(lines[i + 2] ?? '')) {
      current = { speaker: displayName(line), timestamp: parseClock(lines[i + 2]!) ?? null, parts: [] };
      blocks.push(current);
      i += 3;
      continue;
    }
    // The name once, then the time: a copy that kept one of the two names (seen right after a turn an editor
    // removed, so the name is one the player printed twice elsewhere, or the removed turn's own speaker).
    if ((speakers.has(line) || line === timeless) && TIME_LINE.test(lines[i + 1] ?? '')) {
      current = { speaker: displayName(line), timestamp: parseClock(lines[i + 1]!) ?? null, parts: [] };
      blocks.push(current);
      i += 2;
      continue;
    }
    if (doubled && !/[.?!,…]$/.test(line)) {
      // A name without a time: the player lists a speaker whose turn an editor removed, e.g. before
      // `(Pre-meeting Chat Removed)`, or at the very end of the copy.
      let next = i + 2;
      while (next < n && !lines[next]) next++;
      if (next >= n || NOTE_LINE.test(lines[next]!)) {
        current = { speaker: displayName(line), timestamp: null, parts: [] };
        blocks.push(current);
        timeless = line;
        i = next < n ? next + 1 : next;
        continue;
      }
    }
    if (current) current.parts.push(line);
    else preamble.push(line);
    i++;
  }
  if (!blocks.some((b) => b.timestamp !== null)) {
    throw new Error('no turns found: expected the speaker name twice, then an "MM:SS" line, then the words');
  }
  const builder = new TranscriptBuilder({ merge: false });
  for (const block of blocks) builder.add({ speaker: block.speaker, content: squash(block.parts.join(' ')), timestamp: block.timestamp });
  if (!builder.messageCount) throw new Error('every turn is empty: no messages found');
  return { transcript: builder.build(headerFacts(preamble)), variant: 'web-player-copy' };
}

/** Title, day and recording length from the player's header lines. */
function headerFacts(preamble: string[]): { title?: string; date?: string; duration?: number } {
  const facts: { title?: string; date?: string; duration?: number } = {};
  preamble.forEach((line, index) => {
    const position = POSITION_LINE.exec(line);
    if (position) {
      const length = parseClock(position[1]!);
      if (length !== undefined && length > 0) facts.duration = length;
      return;
    }
    const date = DATE_LINE.exec(line);
    if (date && !facts.date) {
      const month = MONTHS.indexOf(date[1]!.slice(0, 3).toLowerCase());
      const day = Number(date[2]);
      if (month >= 0 && day >= 1 && day <= 31) {
        facts.date = `${date[3]}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const title = preamble[index - 1];
        if (title && !UI_LINE.test(title)) facts.title = title.replace(LAYOUT_SUFFIX, '').trim() || title;
      }
    }
  });
  return facts;
}
