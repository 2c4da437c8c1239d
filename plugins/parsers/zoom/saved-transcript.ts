/** Zoom's in-meeting saved transcript: `[Name] HH:MM:SS` blocks. */
import type { ParserOutput } from '../../sdk/index.ts';
import { type Fragment, TranscriptBuilder } from '../shared/builder.ts';
import { CAPTION_CUES } from '../shared/merge-fragments.ts';
import { displayName, splitLines, squash } from '../shared/text.ts';
import { WallClock } from '../shared/time.ts';
import { SAVED_HEADER } from './detect.ts';
import { dateFromZoomFileName } from './file-name.ts';

/**
 * The in-meeting "Save transcript" file (`meeting_saved_closed_caption.txt`): `[Name] HH:MM:SS` then the words,
 * blocks separated by blank lines. Times are the local clock, turned into seconds from the first block. Zoom
 * writes a block per phrase; phrases of one speaker that continue a sentence within 10 seconds are joined.
 */
export function readSavedTranscript(text: string, fileName?: string): ParserOutput {
  const clock = new WallClock();
  const fragments: Fragment[] = [];
  let current: { speaker: string; timestamp: number | null; parts: string[] } | undefined;
  const flush = () => {
    if (current) fragments.push({ speaker: current.speaker, content: squash(current.parts.join(' ')), timestamp: current.timestamp });
  };
  for (const line of splitLines(text)) {
    const header = SAVED_HEADER.exec(line.trim());
    if (header) {
      flush();
      current = { speaker: displayName(header[1]!), timestamp: clock.offset(header[2]!), parts: [] };
    } else if (current && /\S/.test(line)) {
      current.parts.push(line);
    }
  }
  flush();
  if (!fragments.length) throw new Error('no "[Name] HH:MM:SS" blocks found: no messages');
  const builder = new TranscriptBuilder({ merge: { ...CAPTION_CUES, maxGap: 10 } });
  for (const fragment of fragments) builder.add(fragment);
  if (!builder.messageCount) throw new Error('every block is empty: no messages found');
  const date = dateFromZoomFileName(fileName);
  return { transcript: builder.build(date ? { date } : {}), variant: 'saved-transcript' };
}
