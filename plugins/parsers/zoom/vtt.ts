/** Zoom's cloud-recording transcript (.vtt): numbered cues of `Display Name: words`. */
import type { ParserOutput } from '../../sdk/index.ts';
import { type Fragment, TranscriptBuilder } from '../shared/builder.ts';
import { CAPTION_CUES } from '../shared/merge-fragments.ts';
import { SpeakerRoster, prefixCandidate } from '../shared/speaker-roster.ts';
import { displayName } from '../shared/text.ts';
import { cleanCueText, readVtt } from '../shared/vtt-reader.ts';
import { dateFromZoomFileName } from './file-name.ts';

/** A cue without a `Name:` prefix continues the previous speaker only when it starts where their cue ends (10 ms). */
const CONTIGUOUS = 0.01;

/**
 * Zoom cloud-recording transcript (`..._Recording.transcript.vtt`, also `.cc.vtt`): numbered cues whose text is
 * `Display Name: words`. Times are offsets from the start of the recording.
 */
export function readCloudRecordingVtt(text: string, fileName?: string): ParserOutput {
  const doc = readVtt(text);
  if (!doc.cues.length) throw new Error('no cues found: a Zoom transcript .vtt has "00:00:04.859 --> 00:00:07.410" timing lines');
  const roster = new SpeakerRoster();
  const cues = doc.cues.map((cue, order) => {
    const words = cleanCueText(cue.lines.join('\n'));
    return { cue, order, words, candidate: roster.see(prefixCandidate(words)) };
  });
  cues.sort((a, b) => a.cue.start - b.cue.start || a.order - b.order);

  const fragments: Fragment[] = [];
  let previous: { speaker?: string; end: number } | undefined;
  for (const { cue, words, candidate } of cues) {
    const start = Math.max(0, cue.start);
    const end = Math.max(start, cue.end);
    // Zoom prefixes every attributed cue, so a one-off prefix that reads like a name is a speaker; a prefix seen
    // on two or more cues is one even when it does not (a dial-in number).
    let speaker: string | undefined;
    let content = words;
    if (roster.accepts(candidate, { allowStrict: true })) {
      speaker = displayName(candidate.speaker);
      content = candidate.text;
    } else if (words && previous?.speaker && start - previous.end <= CONTIGUOUS + 1e-9) {
      speaker = previous.speaker;
    }
    fragments.push({ ...(speaker ? { speaker } : {}), content, timestamp: start, end });
    if (content) previous = { ...(speaker ? { speaker } : {}), end };
  }
  const builder = new TranscriptBuilder({ merge: CAPTION_CUES });
  for (const fragment of fragments) builder.add(fragment);
  if (!builder.messageCount) throw new Error('every cue is empty: no messages found');
  const date = dateFromZoomFileName(fileName);
  return { transcript: builder.build(date ? { date } : {}), variant: 'cloud-recording-vtt' };
}
