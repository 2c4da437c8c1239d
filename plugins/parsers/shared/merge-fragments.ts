/**
 * Joins fragments into utterances the way FORMATS.md recommends for fragmented sources (Teams ~10-word cues, Zoom
 * saved-caption phrases, subtitle cues, Whisper rows): consecutive fragments of one speaker are merged while the
 * gap between them is small, the text so far does not end a sentence and (optionally) stays under a length. Words
 * and their order never change; parts are joined with single spaces; the first start time is kept. Confidences
 * are averaged weighted by text length, and dropped when any merged part has none.
 *
 * Two timing rules, for the two kinds of source (see `MergeOptions.timing`):
 * - 'cues' (caption cues that each carry their own times: WebVTT, Teams, Zoom): the gap runs from the furthest
 *   any merged part reaches (its end, or its start without one) to the next start; a fragment without a time joins
 *   only one without a time; the merged fragment ends at the latest end its parts give; empty fragments are kept
 *   (after the others) so their times still count for the duration.
 * - 'rows' (SRT cues, table rows and text lines without speakers, where times may be missing): a missing time never
 *   separates fragments; the merged fragment ends where its last part ends, or starts when it has no end, and the
 *   gap runs from there (the first part's start counts only while it is alone); empty fragments are dropped.
 *
 * Used through `TranscriptBuilder({ merge: options })`.
 */
import type { Fragment } from './builder.ts';

export interface MergeOptions {
  /** Largest gap in seconds between one fragment and the start of the next for them to merge. Default 2. */
  maxGap?: number;
  /** Stop growing a fragment past this many characters. Default: no limit. */
  maxLength?: number;
  /** How times are read, see above. Default 'cues'. */
  timing?: 'cues' | 'rows';
  /**
   * Whether a part ends a sentence, so that the next fragment starts a new one. Default `endsCaptionSentence` for
   * 'cues', `endsSentence` for 'rows'.
   */
  endsSentence?: (text: string) => boolean;
}

/** Sentence punctuation, then closing quotes or brackets: `.`, `?`, `!`, `…` and their CJK forms. */
const SENTENCE_END = /[.?!…。？！](?:["'”’»)\]]*)$/;
/** In captions `…` marks a line that runs on into the next cue; `‼` and `⁇` end one, and closers may be spaced. */
const CAPTION_SENTENCE_END = /[.?!\u3002\uff1f\uff01\u203c\u2047][\s"'\u201d\u2019\u00bb)\]]*$/u;

export function endsSentence(text: string): boolean {
  return SENTENCE_END.test(text.trimEnd());
}

function endsCaptionSentence(text: string): boolean {
  return CAPTION_SENTENCE_END.test(text);
}

/** Caption cues of WebVTT, Teams and Zoom files. */
export const CAPTION_CUES: MergeOptions = { timing: 'cues', maxGap: 2, endsSentence: endsCaptionSentence };

/** Speakerless SRT cues, table rows and text lines, joined into sentences of at most 2000 characters. */
export const SENTENCES: MergeOptions = { timing: 'rows', maxGap: 2, maxLength: 2000, endsSentence };

interface Run {
  /** The first fragment (speaker, role, start time). */
  first: Fragment;
  parts: string[];
  /** Characters so far, counting a space between parts. */
  length: number;
  /** Where the merged parts reach (ends, or starts without an end), see the timing rules. */
  reach: number | null;
  /** The latest end the parts give ('cues'). */
  end: number | undefined;
  confidence: { sum: number; weight: number } | null;
}

export function mergeFragments(fragments: readonly Fragment[], options: MergeOptions = {}): Fragment[] {
  const maxGap = options.maxGap ?? 2;
  const maxLength = options.maxLength ?? Infinity;
  const rows = options.timing === 'rows';
  const ends = options.endsSentence ?? (rows ? endsSentence : endsCaptionSentence);
  const merged: Fragment[] = [];
  const empty: Fragment[] = [];
  let run: Run | undefined;

  const close = (run: Run): Fragment => {
    const out: Fragment = { content: run.parts.length === 1 ? run.parts[0]! : run.parts.join(' '), timestamp: run.first.timestamp };
    if (run.first.speaker !== undefined) out.speaker = run.first.speaker;
    if (run.first.role !== undefined) out.role = run.first.role;
    const end = rows ? (run.reach ?? undefined) : run.end;
    if (end !== undefined) out.end = end;
    if (run.confidence) out.confidence = run.confidence.sum / run.confidence.weight;
    return out;
  };
  const joins = (run: Run, next: Fragment): boolean => {
    if (!sameSpeaker(run.first, next) || ends(run.parts.at(-1)!) || run.length + next.content.length > maxLength) return false;
    const reach = run.reach ?? run.first.timestamp;
    if (reach === null || next.timestamp === null) return rows || reach === next.timestamp;
    return next.timestamp - reach <= maxGap;
  };

  for (const fragment of fragments) {
    const content = fragment.content.trim();
    if (!content) {
      if (!rows) empty.push(fragment);
      continue;
    }
    const weight = content.length;
    const confidence = typeof fragment.confidence === 'number' ? { sum: fragment.confidence * weight, weight } : null;
    const reach = fragment.end ?? fragment.timestamp;
    if (run && joins(run, fragment)) {
      run.parts.push(content);
      run.length += weight + 1;
      if (reach !== null) run.reach = run.reach === null ? reach : Math.max(run.reach, reach);
      if (fragment.end !== undefined) run.end = Math.max(run.end ?? fragment.end, fragment.end);
      run.confidence = run.confidence && confidence ? { sum: run.confidence.sum + confidence.sum, weight: run.confidence.weight + confidence.weight } : null;
      continue;
    }
    if (run) merged.push(close(run));
    run = { first: fragment, parts: [content], length: weight, reach: rows ? (fragment.end ?? null) : reach, end: fragment.end, confidence };
  }
  if (run) merged.push(close(run));
  return empty.length ? [...merged, ...empty] : merged;
}

function sameSpeaker(a: Fragment, b: Fragment): boolean {
  return (a.speaker?.trim() || '') === (b.speaker?.trim() || '') && (a.role ?? '') === (b.role ?? '');
}
