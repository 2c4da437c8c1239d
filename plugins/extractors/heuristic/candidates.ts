/**
 * Finds candidate tasks in a transcript: every cue in every sentence, its clause, who it falls to and how sure
 * the extractor is that it is a real follow-up task.
 */
import type { ExtractionRequest, Message, Participant } from '../../sdk/index.ts';
import { type CueMatch, TASK_VERBS, clauseAfter, findCues, firstWord, isTaskClause } from './cues.ts';
import { type DueDate, findDueDate } from './dates.ts';
import { type Mention, type Roster, agrees } from './participants.ts';
import { type Sentence, contentTokens, splitSentences } from './text.ts';

export interface Candidate {
  messageIndex: number;
  sentence: Sentence;
  cue: CueMatch;
  /** The task, verb first ("send the deck to Ada"). */
  clause: string;
  tokens: string[];
  speaker: Participant | null;
  assignee: Participant | null;
  /** Everyone named as doing it (an assignment may name two people); the assignee first. */
  named: Participant[];
  dueDate: DueDate | null;
  score: number;
  /** Order of appearance, for stable sorting. */
  order: number;
}

/** Candidates scoring below this are not suggested. */
export const MIN_SCORE = 3;

const NEGATED_BEFORE = /(?:\bnot|n't|\bnever|\bno need|\bnobody|\bno one|\bno-one)\b[^,.;:]{0,24}$/i;
/** "What would you…", "how can you…": a question about them, not a request. */
const WH_BEFORE = /\b(?:what|how|why|where|when|which|who)\s+(?:\w+\s+)?$/i;
/** Something done in the room, right away: "I'll grab the pen", "let me put this one here". */
const IN_THE_ROOM =
  /\b(?:right now|now|here|this one|that one|at the table|on the (?:white ?board|board|screen|table)|the pen|in a (?:second|sec|minute|moment)|real quick)\b/i;
/** "Put it somewhere": the object is only a pronoun, the task is vague. */
const PRONOUN_OBJECT =
  /^\S+(?:\s+(?:up|out|in|on|over|back))?\s+(?:it|that|this|them|those|these|something|everything|anything|one)(?=\s*$|\s*[,.;]|\s+(?:in|on|at|to|for|with|by|from|up|out|over|into|onto|back|again|later|now|tomorrow|today|first|as|before|after|then|too|also|real|quickly|somehow|like)\b)/i;
const FUTURE =
  /\b(?:next (?:meeting|time|week|session|call|sprint|month)|until then|by then|before (?:the|our) next|for (?:the )?next|afterwards|after (?:the|this) meeting|tomorrow|later today|this week|end of|by (?:mon|tues|wednes|thurs|fri|satur|sun)day|deadline|in the meantime|meanwhile)\b/i;
const HEDGE = /\b(?:maybe|perhaps|might|i think|i guess|i suppose|possibly|or something|i don't know|not sure)\b/i;
const ONLY_A_NAME = /^(?:(?:okay|ok|so|and|right|now|hey|hi)[\s,]+)*$/i;

const LIGHT_VERBS = new Set(['work', 'do', 'make', 'take', 'get', 'go', 'come', 'look', 'start', 'try', 'continue']);

interface Context {
  request: ExtractionRequest;
  roster: Roster;
  /** Due dates found per sentence. */
  dates: Map<Sentence, DueDate | null>;
  sentencesOf(index: number): Sentence[];
}

function speakerOf(context: Context, message: Message | undefined): Participant | null {
  return message ? (context.roster.byId(message.speaker.id) ?? null) : null;
}

/** The person a request is addressed to: named in it, named just before it, or the next speaker when they agree. */
function addressee(
  context: Context,
  messageIndex: number,
  sentenceIndex: number,
  cue: CueMatch,
  mentions: readonly Mention[],
  sentence: string,
  speaker: Participant | null,
): Participant | null {
  const others = mentions.filter((m) => m.participant.id !== speaker?.id);
  // "Ada, can you…", "can you, Ada, …"
  const before = others.filter((m) => m.end <= cue.start).at(-1);
  if (before) return before.participant;
  const right = others.find((m) => m.start >= cue.end && /^\s*,?\s*$/.test(sentence.slice(cue.end, m.start)) && /^\s*[,?.!]/.test(sentence.slice(m.end)));
  if (right) return right.participant;
  // "…, Ada?" at the end.
  const last = others.at(-1);
  if (last && /,\s*$/.test(sentence.slice(0, last.start)) && /^\s*[?.!]*\s*$/.test(sentence.slice(last.end))) {
    return last.participant;
  }
  // "Ada. Can you…"
  const sentences = context.sentencesOf(messageIndex);
  const previous = sentences[sentenceIndex - 1];
  if (previous) {
    const named = context.roster.mentions(previous.clean).filter((m) => m.participant.id !== speaker?.id);
    if (named.length === 1 && ONLY_A_NAME.test(previous.clean.slice(0, named[0]!.start)) && /^[\s,.!?]*$/.test(previous.clean.slice(named[0]!.end))) {
      return named[0]!.participant;
    }
  }
  // The next speaker answers yes, sure, okay… (only when the request ends the turn, or nearly).
  if (sentenceIndex < sentences.length - 2) return null;
  const messages = context.request.transcript.messages;
  for (let j = messageIndex + 1; j < Math.min(messages.length, messageIndex + 4); j++) {
    const reply = messages[j]!;
    if (reply.speaker.id === messages[messageIndex]!.speaker.id) continue;
    const replier = speakerOf(context, reply);
    return replier && agrees(reply.content) ? replier : null;
  }
  return null;
}

/** Splits "Ada will do the slides, Grace the budget, and the summary" into one piece per person. */
function gappedPieces(segment: string, mentions: readonly Mention[], offset: number): { text: string; named: Participant | null }[] {
  const pieces: { text: string; named: Participant | null }[] = [];
  let from = 0;
  let named: Participant | null = null;
  for (const mention of mentions) {
    const start = mention.start - offset;
    if (start <= from || start >= segment.length) continue;
    if (!/,\s*(?:and\s+)?(?:then\s+)?(?:for\s+)?(?:the\s+)?$/i.test(segment.slice(from, start))) continue;
    pieces.push({ text: segment.slice(from, start).replace(/,\s*(?:and\s+)?(?:then\s+)?(?:for\s+)?(?:the\s+)?$/i, ''), named });
    from = mention.end - offset;
    named = mention.participant;
  }
  pieces.push({ text: segment.slice(from), named });
  return pieces;
}

/** The verb (with its particle) that starts a clause, for gapped list items. */
function leadingVerb(clause: string): string {
  return /^[\p{L}'-]+(?:\s+(?:on|at|into|up with|up|out|over|through|about|for|to|with))?/iu.exec(clause)?.[0] ?? '';
}

export function findCandidates(request: ExtractionRequest, roster: Roster): Candidate[] {
  const messages = request.transcript.messages;
  const cache = new Map<number, Sentence[]>();
  const context: Context = {
    request,
    roster,
    dates: new Map(),
    sentencesOf(index) {
      let sentences = cache.get(index);
      if (!sentences) {
        sentences = splitSentences(messages[index]?.content ?? '');
        cache.set(index, sentences);
      }
      return sentences;
    },
  };
  const candidates: Candidate[] = [];
  const { index: chunkIndex, count: chunkCount } = request.chunk;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    const speaker = speakerOf(context, message);
    const position = (chunkIndex + i / Math.max(1, messages.length)) / Math.max(1, chunkCount);
    const sentences = context.sentencesOf(i);
    sentences.forEach((sentence, s) => {
      const text = sentence.clean;
      if (!text) return;
      const mentions = roster.mentions(text);
      const cues = findCues(text, mentions);
      cues.forEach((cue, c) => {
        const segmentEnd = cues[c + 1]?.start ?? text.length;
        let segment = text.slice(cue.end, segmentEnd);
        // "can you, Ada, …": the vocative is not part of the task.
        const vocative = mentions.find((m) => m.start >= cue.end && /^\s*,?\s*$/.test(text.slice(cue.end, m.start)) && /^\s*,/.test(text.slice(m.end)));
        if (vocative && cue.kind === 'request') segment = text.slice(vocative.end, segmentEnd);
        const offset = segmentEnd - segment.length;
        const pieces = cue.kind === 'assignment' || cue.kind === 'item' ? gappedPieces(segment, mentions, offset) : [{ text: segment, named: null }];
        let verb = '';
        pieces.forEach((piece, p) => {
          let clause = clauseAfter(piece.text);
          if (p === 0) verb = leadingVerb(clause);
          else if (verb && !isTaskClause(clause)) clause = `${verb} ${clause}`;
          const candidate = judge(context, { i, s, sentence, cue, clause, mentions, speaker, position, named: piece.named, partOfList: p > 0 });
          if (candidate) candidates.push({ ...candidate, order: candidates.length });
        });
      });
    });
  }
  return candidates;
}

interface Raw {
  i: number;
  s: number;
  sentence: Sentence;
  cue: CueMatch;
  clause: string;
  mentions: Mention[];
  speaker: Participant | null;
  position: number;
  named: Participant | null;
  partOfList: boolean;
}

function judge(context: Context, raw: Raw): Omit<Candidate, 'order'> | null {
  const { cue, sentence, speaker } = raw;
  let clause = raw.clause;
  const text = sentence.clean;
  if (!clause || !isTaskClause(clause)) return null;
  if (NEGATED_BEFORE.test(text.slice(Math.max(0, cue.start - 40), cue.start))) return null;
  const question = /\?\s*$/.test(text);
  if (question && cue.kind !== 'request' && cue.kind !== 'item') return null;
  if (question && cue.label !== 'can you' && cue.label !== 'would you mind') return null;
  if (cue.kind === 'request' && WH_BEFORE.test(text.slice(0, cue.start))) return null;
  // "…, Ada." at the end: who it is for, not part of the task.
  const last = context.roster.mentions(clause).at(-1);
  if (last && /,\s*$/.test(clause.slice(0, last.start)) && /^[\s?.!]*$/.test(clause.slice(last.end))) {
    clause = clause.slice(0, last.start).replace(/[\s,]+$/, '');
  }
  const tokens = contentTokens(clause);
  // The verb counts as content even when it is a light one ("look at the design", "work on the budget").
  const substance = tokens.length + (LIGHT_VERBS.has(firstWord(clause)) ? 1 : 0);
  if (!tokens.length || substance < (cue.kind === 'item' ? 1 : 2)) return null;

  let named: Participant[] = [];
  if (raw.named) named = [raw.named];
  else if (cue.kind === 'commitment' || cue.self) named = speaker ? [speaker] : [];
  else if (cue.named.length) named = cue.named;
  else if (cue.kind === 'request') {
    const found = addressee(context, raw.i, raw.s, cue, raw.mentions, text, speaker);
    if (found) named = [found];
  }
  const assignee = named[0] ?? null;

  let score = cue.weight;
  if (TASK_VERBS.has(firstWord(clause))) score += 1;
  if (assignee && (cue.kind === 'request' || cue.kind === 'group')) score += 0.5;
  if (raw.position >= 0.8) score += 1;
  if (tokens.length >= 3) score += 0.5;
  if (HEDGE.test(text)) score -= 0.5;
  if (clause.split(' ').length > 18) score -= 0.5;
  if (PRONOUN_OBJECT.test(clause)) score -= 1;
  if (IN_THE_ROOM.test(clause)) score -= 1;
  if (raw.partOfList) score += 0.5;
  // A due date or a time frame counts once. chrono only runs when the date can matter, once per sentence.
  const future = FUTURE.test(text);
  let dueDate: DueDate | null = null;
  if (score + 1 >= MIN_SCORE) {
    if (!context.dates.has(sentence)) context.dates.set(sentence, findDueDate(text, context.request.meetingDate));
    dueDate = context.dates.get(sentence) ?? null;
  }
  if (dueDate || future) score += 1;
  return {
    messageIndex: raw.i,
    sentence,
    cue,
    clause,
    tokens,
    speaker,
    assignee,
    named,
    dueDate,
    score,
  };
}
