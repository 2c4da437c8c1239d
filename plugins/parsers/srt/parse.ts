/**
 * Reading SubRip cues (see cues.ts) as messages: markup and entities removed, `Name: text` and `[SPEAKER_00]:`
 * labels accepted when they recur or read like names, unlabelled cues given to the previous speaker when they
 * follow within two seconds, cues sorted by start time.
 */
import type { ParserInput, ParserOutput } from '../../sdk/index.ts';
import { type Fragment, TranscriptBuilder } from '../shared/builder.ts';
import { SENTENCES } from '../shared/merge-fragments.ts';
import { looksLikeWebVtt } from '../shared/sniff.ts';
import { type SpeakerPrefix, acceptLabel, isDiarizationLabel, readSpeakerPrefix } from '../shared/speakers.ts';
import { decodeEntities, splitLines, stripMarkup } from '../shared/text.ts';
import { type Cue, readCues } from './cues.ts';

/** A cue without a speaker label continues the previous speaker when it starts within this many seconds. */
const CONTINUATION_GAP = 2;

/** A payload line with its speaker label, if it has one (accepted or not once the whole file is counted). */
interface CueLine {
  text: string;
  prefix: SpeakerPrefix | undefined;
}

function cueText(line: string): string {
  const bare = line.includes('<') || line.includes('{') ? stripMarkup(line) : line;
  return (bare.includes('&') ? decodeEntities(bare) : bare).trim();
}

export function parseSrt(input: ParserInput): ParserOutput {
  if (looksLikeWebVtt(input.text)) throw new Error('this is a WebVTT file (it starts with WEBVTT), not SRT');
  const cues = readCues(splitLines(input.text));
  if (!cues.length) throw new Error('no cues found: an SRT file holds timing lines such as "00:00:01,000 --> 00:00:04,000"');
  const ordered = cues.every((cue, i) => i === 0 || cue.start >= cues[i - 1]!.start);
  const sorted = ordered ? cues : [...cues].sort((a, b) => a.start - b.start || a.order - b.order);

  // Speaker labels: accepted when they occur twice or read like names, so 'Here is the thing: ...' stays text.
  const counts = new Map<string, number>();
  const cleaned: { cue: Cue; lines: CueLine[] }[] = [];
  for (const cue of sorted) {
    const lines: CueLine[] = [];
    for (const raw of cue.lines) {
      const text = cueText(raw);
      if (!text) continue;
      const prefix = readSpeakerPrefix(text.startsWith('- ') ? text.slice(2) : text);
      if (prefix) counts.set(prefix.speaker, (counts.get(prefix.speaker) ?? 0) + 1);
      lines.push({ text, prefix });
    }
    cleaned.push({ cue, lines });
  }

  const fragments: Fragment[] = [];
  let previous: { speaker: string | undefined; end: number } | undefined;
  let named = 0;
  for (const { cue, lines } of cleaned) {
    if (!lines.length) continue;
    const cueFragments = splitCue(cue, lines, counts);
    const first = cueFragments[0]!;
    if (first.speaker === undefined && previous?.speaker !== undefined && cue.start - previous.end <= CONTINUATION_GAP) {
      first.speaker = previous.speaker;
    }
    for (const fragment of cueFragments) if (fragment.speaker !== undefined) named++;
    for (const fragment of cueFragments) fragments.push(fragment);
    previous = { speaker: cueFragments.at(-1)!.speaker, end: cue.end ?? cue.start };
  }
  if (!fragments.length) throw new Error('no messages found: every subtitle cue is empty');

  let variant: string;
  if (named > 0) {
    const speakers = new Set(fragments.map((f) => f.speaker).filter((s): s is string => s !== undefined));
    variant = [...speakers].every(isDiarizationLabel) ? 'diarized' : 'speaker-prefix';
  } else {
    const words = fragments.filter((f) => !f.content.includes(' ')).length;
    variant = fragments.length >= 5 && words / fragments.length >= 0.8 ? 'word-level' : 'no-speakers';
  }
  const builder = new TranscriptBuilder({ merge: named > 0 ? true : SENTENCES });
  for (const fragment of fragments) builder.add(fragment);
  return { transcript: builder.build(), variant };
}

/** One cue's lines as fragments: a line with an accepted speaker label (`- Name: text` too) starts a new one. */
function splitCue(cue: Cue, lines: readonly CueLine[], counts: ReadonlyMap<string, number>): Fragment[] {
  const fragments: Fragment[] = [];
  const begin = (content: string, speaker?: string) => {
    const fragment: Fragment = { ...(speaker === undefined ? {} : { speaker }), content, timestamp: cue.start };
    if (cue.end !== undefined) fragment.end = cue.end;
    fragments.push(fragment);
  };
  for (const { text: line, prefix } of lines) {
    const last = fragments.at(-1);
    if (prefix && acceptLabel(prefix.speaker, counts)) begin(prefix.text, prefix.speaker);
    else if (last) last.content = last.content ? `${last.content} ${line}` : line;
    else begin(line);
  }
  return fragments;
}
