/**
 * What the learned model sees of a candidate task: its cue, who it falls to, the rule score, where it sits in the
 * meeting, how the next speaker answers, and the content words of its task. Every feature is a name; a candidate's
 * features are the names that hold for it (binary), so the weights file reads as a list of named weights.
 */
import type { ExtractionRequest } from '../../../sdk/index.ts';
import type { Candidate } from '../candidates.ts';
import { TASK_VERBS, firstWord } from '../cues.ts';

/** The next speaker takes it on: "sure", "okay I'll do that", "will do". */
const ACCEPTS = /^(?:(?:um|uh|so|well|oh)[\s,]+)*(?:sure|okay|ok|yes|yeah|yep|alright|all right|will do|fine|no problem|of course|definitely|absolutely|right|i can|i will|i'll)\b/i;
/** The next speaker turns it down. */
const DECLINES = /^(?:(?:um|uh|so|well|oh)[\s,]+)*(?:no\b|nope|not me|i can't|i cannot|i won't|i don't think|actually,? no|not really)/i;
const FUTURE =
  /\b(?:next (?:meeting|time|week|session|call|sprint|month)|by then|before (?:the|our) next|for (?:the )?next|after (?:the|this) meeting|tomorrow|this week|deadline|in the meantime|meanwhile|e-?mail|send)\b/i;

/** Words in a turn, counted to past the largest bucket only: a turn may be a whole 12,000-character chunk. */
const wordCount = (text: string) => text.slice(0, 800).split(/\s+/).filter(Boolean).length;
const bucket = (n: number, edges: readonly number[]) => edges.filter((e) => n >= e).length;

/** The feature names that hold for `candidate` (its index `k` in `all`, the meeting's candidates in order). */
export function candidateFeatures(request: ExtractionRequest, all: readonly Candidate[], k: number): string[] {
  const candidate = all[k]!;
  const messages = request.transcript.messages;
  const { index: chunk, count: chunks } = request.chunk;
  const position = (chunk + candidate.messageIndex / Math.max(1, messages.length)) / Math.max(1, chunks);
  const { cue, clause, sentence } = candidate;
  const who = candidate.unaddressed ? 'unaddressed' : candidate.assignee ? (candidate.speaker && candidate.assignee.id === candidate.speaker.id ? 'speaker' : 'other') : 'none';
  const features = [
    `kind:${cue.kind}`,
    `cue:${cue.label}`,
    `who:${who}`,
    `kind+who:${cue.kind}+${who}`,
    `score:${Math.max(-1, Math.min(7, Math.round(candidate.score)))}`,
    `pos:${Math.min(9, Math.floor(position * 10))}`,
    `clause-len:${bucket(clause.split(' ').length, [3, 5, 8, 12, 18])}`,
    `verb:${firstWord(clause)}`,
  ];
  if (TASK_VERBS.has(firstWord(clause))) features.push('task-verb');
  if (candidate.dueDate) features.push('due-date');
  if (FUTURE.test(sentence.clean)) features.push('future');
  if (/\?\s*$/.test(sentence.clean)) features.push('question');
  if (candidate.named.length > 1) features.push('named-several');
  for (const doubt of candidate.doubts) features.push(`doubt:${doubt}`);
  if (!candidate.doubts.length) features.push('no-doubt');

  // The turns around it: the next other speaker's answer, the question it may answer.
  const speakerId = messages[candidate.messageIndex]?.speaker.id;
  const next = messages.slice(candidate.messageIndex + 1, candidate.messageIndex + 3).find((m) => m.speaker.id !== speakerId);
  if (next) {
    if (ACCEPTS.test(next.content)) features.push(`next:accepts+${cue.kind}`);
    if (DECLINES.test(next.content)) features.push('next:declines');
    features.push(`next-len:${bucket(wordCount(next.content), [3, 8, 20])}`);
  }
  const previous = messages[candidate.messageIndex - 1];
  if (previous && /\?\s*$/.test(previous.content.trim())) features.push('prev:question');
  features.push(`msg-len:${bucket(wordCount(messages[candidate.messageIndex]?.content ?? ''), [6, 15, 30, 60])}`);

  // Said again: other candidates nearby (the 100 before and after) sharing two content words. Counted up to the
  // last bucket only, so a long meeting stays linear.
  let restated = 0;
  for (let j = Math.max(0, k - 100); j < Math.min(all.length, k + 101) && restated < 4; j++) {
    if (j !== k && all[j]!.tokens.filter((t) => candidate.tokens.includes(t)).length >= 2) restated++;
  }
  features.push(`restated:${bucket(restated, [1, 2, 4])}`);

  // The clause's content words. (The sentence's other words and word pairs were tried too: on the training
  // split's cross-validation they ranked candidates worse, with a weights file several times larger.)
  for (const token of new Set(candidate.tokens)) features.push(`w:${token}`);
  return [...new Set(features)];
}
