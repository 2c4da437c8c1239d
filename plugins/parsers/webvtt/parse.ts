/**
 * Reading generic WebVTT (see shared/vtt-reader.ts) as messages: speakers from voice tags, `[SPEAKER_00]:` labels
 * and `Name:` prefixes (also after a `>>` speaker-change mark) counted over the whole file, YouTube rolling
 * captions kept once, cues in time order and merged by the caption rules. The variant names the markup found.
 */
import type { ParserInput, ParserOutput } from '../../sdk/index.ts';
import { type Fragment, TranscriptBuilder } from '../shared/builder.ts';
import { CAPTION_CUES } from '../shared/merge-fragments.ts';
import { SpeakerRoster, prefixCandidate, type PrefixSplit } from '../shared/speaker-roster.ts';
import { cleanCueText, cleanName, readVtt, splitVoices, type VttCue } from '../shared/vtt-reader.ts';

/** `[SPEAKER_02]: text` (WhisperX diarisation) and other bracketed labels followed by a colon. */
const BRACKET_LABEL = /^\[([^\]\n]{1,60})\]:[ \t]*/;
/** `>> ` marks a change of speaker in broadcast captions. */
const CHEVRONS = /^>>[ \t]*/;

type WebvttVariant = 'voice-tags' | 'whisperx' | 'speaker-prefix' | 'youtube' | 'captions';

interface Line {
  text: string;
  /** A speaker named by markup (`<v Name>` or `[LABEL]:`). */
  speaker?: string;
  kind?: 'voice' | 'bracket';
  /** A `Name: text` prefix, accepted or not once the whole file has been counted. */
  candidate?: PrefixSplit;
}

export function parseWebvtt(input: ParserInput): ParserOutput {
  const doc = readVtt(input.text);
  if (!doc.cues.length) {
    throw new Error(
      doc.hasHeader
        ? 'no cues found: the file has a WEBVTT header but no "start --> end" timing lines'
        : 'no WebVTT cues found: there are no "00:00:01.000 --> 00:00:04.000" timing lines',
    );
  }
  const json = doc.cues.filter((c) => (c.lines[0] ?? '').trimStart().startsWith('{')).length;
  if (json && json >= doc.cues.length / 2) {
    // A metadata track (Graph metadataContent, chapter data): reading it as caption text would give JSON as speech.
    throw new Error('the cues hold JSON data (a metadata track), not caption text; a Teams metadataContent file is read by the Microsoft Teams parser');
  }
  // First pass: every cue's payload as lines of words, then `Name:` prefixes counted over the whole file.
  const roster = new SpeakerRoster();
  const perCue = dropRollingRepeats(doc.cues.map((cue) => ({ cue, lines: cueLines(cue) })));
  for (const { lines } of perCue) for (const line of lines) roster.see(line.candidate);
  const withPrefix = perCue.filter(({ lines }) =>
    lines.some((l) => l.candidate && (l.candidate.strict || roster.count(l.candidate.speaker) >= 2)),
  ).length;
  // One-off prefixes count as speakers only when most cues carry one (a Zoom-like file); otherwise a stray
  // 'Here is the thing: ...' stays text.
  const allowStrict = withPrefix / perCue.length >= 0.5;

  const kinds = new Set<string>();
  const fragments: (Fragment & { order: number })[] = [];
  perCue.forEach(({ cue, lines }, order) => {
    const start = Math.max(0, cue.start);
    const end = Math.max(start, cue.end);
    if (!lines.length) fragments.push({ content: '', timestamp: start, end, order });
    let speaker: string | undefined;
    for (const line of lines) {
      let content = line.text;
      if (line.kind) {
        speaker = line.speaker;
        kinds.add(line.kind);
      } else if (roster.accepts(line.candidate, { allowStrict })) {
        speaker = line.candidate.speaker;
        content = line.candidate.text;
        kinds.add('prefix');
      }
      const fragment: Fragment & { order: number } = { content, timestamp: start, end, order };
      if (speaker) fragment.speaker = speaker;
      fragments.push(fragment);
    }
  });
  // Out-of-order cues are put in time order; equal start times keep file order.
  fragments.sort((a, b) => (a.timestamp ?? 0) - (b.timestamp ?? 0) || a.order - b.order);

  const builder = new TranscriptBuilder({ merge: CAPTION_CUES });
  for (const fragment of fragments) builder.add(fragment);
  if (!builder.messageCount) throw new Error('every cue is empty: no messages found');
  const variant: WebvttVariant = kinds.has('bracket')
    ? 'whisperx'
    : kinds.has('voice')
      ? 'voice-tags'
      : kinds.has('prefix')
        ? 'speaker-prefix'
        : doc.headerLines.some((l) => /^Kind:/i.test(l))
          ? 'youtube'
          : 'captions';
  return { transcript: builder.build(), variant };
}

/** A cue's payload as lines of words, each with the speaker markup it carries. */
function cueLines(cue: VttCue): Line[] {
  const out: Line[] = [];
  const payload = cue.lines.join('\n');
  const segments = payload.includes('<v') || payload.includes('<V') ? splitVoices(payload) : [{ text: payload }];
  for (const segment of segments) {
    if ('voice' in segment && segment.voice) {
      const text = cleanCueText(segment.text);
      if (text) out.push({ text, speaker: segment.voice, kind: 'voice' });
      continue;
    }
    for (const raw of segment.text.split('\n')) {
      const text = cleanCueText(raw);
      if (!text) continue;
      const bracket = BRACKET_LABEL.exec(text);
      if (bracket) {
        out.push({ text: text.slice(bracket[0].length), speaker: cleanName(bracket[1]!), kind: 'bracket' });
        continue;
      }
      const chevrons = CHEVRONS.exec(text);
      const candidate = prefixCandidate(chevrons ? text.slice(chevrons[0].length) : text);
      out.push({ text, ...(candidate ? { candidate } : {}) });
    }
  }
  return out;
}

/**
 * YouTube auto-captions repeat the previous cue's last line as the first line of the next cue ('rolling'
 * captions). In cues without voice tags that have more than one line in the file, a first line equal to the
 * previous cue's last line is dropped, so each phrase is kept once. Lines are compared as words (markup and
 * inline timestamps removed).
 */
function dropRollingRepeats<T extends { cue: VttCue; lines: Line[] }>(cues: T[]): T[] {
  let previousLast: string | undefined;
  return cues.map((entry) => {
    const { cue, lines } = entry;
    let kept = lines;
    if (cue.lines.length > 1 && lines.length && !lines.some((l) => l.kind === 'voice') && lines[0]!.text === previousLast) {
      kept = lines.slice(1);
    }
    if (lines.length) previousLast = lines.at(-1)!.text;
    return kept === lines ? entry : { ...entry, lines: kept };
  });
}
