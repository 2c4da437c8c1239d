/**
 * Joins caption fragments into utterances the way FORMATS.md recommends for fragmented sources (Teams ~10-word
 * cues, Zoom saved-caption phrases, subtitle cues): consecutive fragments of one speaker are merged when the gap
 * between them is small and the earlier one does not end a sentence. Words and their order never change; parts are
 * joined with single spaces; the first start time is kept. Confidences are averaged weighted by text length, and
 * dropped when any merged part has none. Empty fragments are kept (at the end) so their times still count for the
 * duration. Pass the result to a TranscriptBuilder created with `merge: false`.
 */
import type { Fragment } from './builder.ts';

export interface MergeOptions {
  /**
   * Largest gap in seconds between the end of one fragment (its start when it has no end) and the start of the
   * next for them to merge. Default 2.
   */
  maxGap?: number;
}

const SENTENCE_END = /[.?!\u3002\uff1f\uff01\u203c\u2047][\s"'\u201d\u2019\u00bb)\]]*$/u;

interface Draft {
  /** The first fragment (speaker, role, start time). */
  fragment: Fragment;
  parts: string[];
  /** Where the last merged part ends (or starts, without an end). */
  reach: number | null;
  /** The latest end of the merged parts. */
  end: number | undefined;
  confidence: { sum: number; weight: number } | null;
}

export function endsSentence(text: string): boolean {
  return SENTENCE_END.test(text);
}

export function mergeFragments(fragments: readonly Fragment[], options: MergeOptions = {}): Fragment[] {
  const maxGap = options.maxGap ?? 2;
  const drafts: Draft[] = [];
  const empty: Fragment[] = [];
  let last: Draft | undefined;
  for (const fragment of fragments) {
    const content = fragment.content.trim();
    if (!content) {
      empty.push(fragment);
      continue;
    }
    const weight = content.length;
    const confidence = typeof fragment.confidence === 'number' ? { sum: fragment.confidence * weight, weight } : null;
    const reach = fragment.end ?? fragment.timestamp;
    if (last && sameSpeaker(last.fragment, fragment) && close(last.reach, fragment.timestamp, maxGap) && !endsSentence(last.parts[last.parts.length - 1]!)) {
      last.parts.push(content);
      if (reach !== null) last.reach = last.reach === null ? reach : Math.max(last.reach, reach);
      if (fragment.end !== undefined) last.end = Math.max(last.end ?? fragment.end, fragment.end);
      last.confidence = last.confidence && confidence ? { sum: last.confidence.sum + confidence.sum, weight: last.confidence.weight + confidence.weight } : null;
      continue;
    }
    last = { fragment, parts: [content], reach, end: fragment.end, confidence };
    drafts.push(last);
  }
  const merged = drafts.map(({ fragment, parts, end, confidence }) => {
    const out: Fragment = { content: parts.length === 1 ? parts[0]! : parts.join(' '), timestamp: fragment.timestamp };
    if (fragment.speaker !== undefined) out.speaker = fragment.speaker;
    if (fragment.role !== undefined) out.role = fragment.role;
    if (end !== undefined) out.end = end;
    if (confidence) out.confidence = confidence.sum / confidence.weight;
    return out;
  });
  return empty.length ? [...merged, ...empty] : merged;
}

function sameSpeaker(a: Fragment, b: Fragment): boolean {
  return (a.speaker?.trim() || '') === (b.speaker?.trim() || '') && (a.role ?? '') === (b.role ?? '');
}

function close(reach: number | null, start: number | null, maxGap: number): boolean {
  if (reach === null || start === null) return reach === start;
  return start - reach <= maxGap;
}
