/**
 * Joins caption-sized fragments (word-level or segment-level subtitle cues, Whisper rows) into sentence-sized
 * ones: consecutive fragments of the same speaker merge while the gap between them is small and the earlier one
 * does not end a sentence. Words and their order never change; fragments are joined with single spaces.
 */
import type { Fragment } from './builder.ts';

const SENTENCE_END = /[.?!…。？！](?:["'”’»)\]]*)$/;

export interface SentenceOptions {
  /** Largest silence, in seconds, that a sentence may span. Default 2. */
  maxGap?: number;
  /** Stop growing a fragment past this many characters. Default 2000. */
  maxLength?: number;
}

export function endsSentence(text: string): boolean {
  return SENTENCE_END.test(text.trimEnd());
}

export function mergeIntoSentences(fragments: readonly Fragment[], options: SentenceOptions = {}): Fragment[] {
  const maxGap = options.maxGap ?? 2;
  const maxLength = options.maxLength ?? 2000;
  const merged: Fragment[] = [];
  let parts: string[] = [];
  let length = 0;
  let current: Fragment | undefined;
  let weighted: { sum: number; weight: number } | null = null;

  const flush = () => {
    if (!current) return;
    current.content = parts.length === 1 ? parts[0]! : parts.join(' ');
    if (weighted && weighted.weight > 0) current.confidence = weighted.sum / weighted.weight;
    else delete current.confidence;
    merged.push(current);
    current = undefined;
  };

  for (const fragment of fragments) {
    const content = fragment.content.trim();
    if (!content) continue;
    if (current && canJoin(current, parts.at(-1) ?? '', length, fragment, maxGap, maxLength)) {
      parts.push(content);
      length += content.length + 1;
      if (fragment.end !== undefined) current.end = Math.max(current.end ?? fragment.end, fragment.end);
      else if (fragment.timestamp !== null) current.end = Math.max(current.end ?? fragment.timestamp, fragment.timestamp);
      weighted = weighted && fragment.confidence !== undefined ? { sum: weighted.sum + fragment.confidence * content.length, weight: weighted.weight + content.length } : null;
      continue;
    }
    flush();
    current = { ...fragment, content };
    parts = [content];
    length = content.length;
    weighted = fragment.confidence !== undefined ? { sum: fragment.confidence * content.length, weight: content.length } : null;
  }
  flush();
  return merged;
}

function canJoin(current: Fragment, lastPart: string, length: number, next: Fragment, maxGap: number, maxLength: number): boolean {
  if ((current.speaker ?? '') !== (next.speaker ?? '')) return false;
  if (endsSentence(lastPart) || length + next.content.length > maxLength) return false;
  const previousEnd = current.end ?? current.timestamp;
  if (previousEnd === null || next.timestamp === null) return true;
  return next.timestamp - previousEnd <= maxGap;
}
