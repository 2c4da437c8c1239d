/**
 * Finds candidate tasks in a transcript: every cue in every sentence, its clause made self-contained, who it
 * falls to and how sure the extractor is that it is a real follow-up task.
 */
import type { ExtractionRequest, Participant } from '../../sdk/index.ts';
import { type Context, type Utterance, addressee, listener, speakerOf } from './addressees.ts';
import { type CueMatch, TASK_VERBS, clauseAfter, findCues, firstWord, isTaskClause } from './cues.ts';
import { type DueDate, findDueDate } from './dates.ts';
import { HEDGE, adjustment, declines, rejection, withdraws } from './filters.ts';
import { type Mention, type Roster, agrees } from './participants.ts';
import { nameTheListener, resolveObject } from './references.ts';
import { type Sentence, baseOfIng, contentTokens, splitSentences } from './text.ts';

export interface Candidate {
  messageIndex: number;
  sentence: Sentence;
  cue: CueMatch;
  /** The task, verb first ("send the deck to Ada"), with pronouns resolved where the meeting names them. */
  clause: string;
  tokens: string[];
  speaker: Participant | null;
  /** A person, never a placeholder speaker. */
  assignee: Participant | null;
  /** Everyone named as doing it (an assignment may name two people); the assignee first. */
  named: Participant[];
  dueDate: DueDate | null;
  /** Sentences just after it that speak of it ("It's urgent.", "Thursday."), for its priority and due date. */
  followUps: string[];
  score: number;
  /**
   * What the rules hold against it ("question", "reported speech", …): the learned model weighs these instead of
   * the rules dropping the candidate outright.
   */
  doubts: string[];
  /** A request or assignment that names no one: whom it was said to is left to the addressee model. */
  unaddressed: boolean;
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
  /\b(?:right now|now|here|this one|that one|at the table|on the (?:white ?board|board|screen|table)|the pen|in a (?:second|sec|minute|moment|bit)|real quick|at the end\b(?!\s+of\b))/i;
/** "Put it somewhere": the object is only a pronoun, the task is vague. */
const PRONOUN_OBJECT =
  /^\S+(?:\s+(?:up|out|in|on|over|back))?\s+(?:it|that|this|them|those|these|something|everything|anything|one)(?=\s*$|\s*[,.;]|\s+(?:in|on|at|to|for|with|by|from|up|out|over|into|onto|back|again|later|now|tomorrow|today|first|as|before|after|then|too|also|real|quickly|somehow|like)\b)/i;
/** Putting something somewhere: with a pronoun for its object, mostly done in the room ("I'll put that here"). */
const PLACING = /^(?:put|place|leave|keep|stick|move|set|drop)\b/i;
const FUTURE =
  /\b(?:next (?:meeting|time|week|session|call|sprint|month)|until then|by then|before (?:the|our) next|for (?:the )?next|afterwards|after (?:the|this) meeting|tomorrow|later today|this week|end of|by (?:mon|tues|wednes|thurs|fri|satur|sun)day|deadline|in the meantime|meanwhile)\b/i;
/** Request cues that may end in a question mark and still ask for work. */
const ASKING = new Set(['can you', 'would you mind', 'can someone', 'if you could']);
/** "And the marketing expert with the product evaluation": one more item of a list said just before. */
const LIST_ITEM = /^(?:(?:and|also|then|plus)[\s,]+)*(?:the\s+)?$/i;

/** "Bob, can you…", "…, Bob?": said to someone by a name the meeting does not know, so to none of the others. */
const UNKNOWN_VOCATIVE =
  /(?:^|[,.;]\s*)(?!(?:Okay|Ok|So|Yes|Yeah|Well|Right|Now|Please|Also|Sure|And|But|Then|Alright|Great|Good|Fine|Thanks|Hey|Hi|Oh|Um|Uh|Actually|First|Next|Finally)\b)\p{Lu}\p{Ll}+,\s|,\s*(?!(?:Okay|Please|Then|Too|Right)\b)\p{Lu}\p{Ll}+[?.!]*$/u;

/** Group cues that include the speaker ("we need to", "we'll", "let's"), unlike "someone has to". */
const WE = /^(?:we|let's)\b/;

const LIGHT_VERBS = new Set(['work', 'do', 'make', 'take', 'get', 'go', 'come', 'look', 'start', 'try', 'continue']);

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

/** `verb` before `rest`, without saying a shared preposition twice ("come up with" + "with the evaluation"). */
function withVerb(verb: string, rest: string): string {
  const last = /\S+$/.exec(verb)?.[0].toLowerCase();
  return last && firstWord(rest) === last ? `${verb}${rest.slice(last.length)}` : `${verb} ${rest}`;
}

interface Raw {
  i: number;
  s: number;
  sentence: Sentence;
  cue: CueMatch;
  /** The words after the cue, up to the next cue. */
  segment: string;
  clause: string;
  mentions: Mention[];
  speaker: Participant | null;
  position: number;
  named: Participant | null;
  partOfList: boolean;
}

export function findCandidates(request: ExtractionRequest, roster: Roster): Candidate[] {
  const messages = request.transcript.messages;
  const cache = new Map<number, Sentence[]>();
  const context: Context = {
    messages,
    roster,
    meetingDate: request.meetingDate,
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
  const dates = new Map<Sentence, DueDate | null>();
  /** The verb of the last list of assignments, to carry on to items said in the speaker's next sentences. */
  let list: { speaker: string; messageIndex: number; verb: string } | null = null;
  const { index: chunkIndex, count: chunkCount } = request.chunk;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    const speaker = speakerOf(context, message);
    const position = (chunkIndex + i / Math.max(1, messages.length)) / Math.max(1, chunkCount);
    context.sentencesOf(i).forEach((sentence, s) => {
      const text = sentence.clean;
      if (!text) return;
      const mentions = roster.mentions(text);
      const cues = findCues(text, mentions);
      const push = (raw: Raw) => {
        const candidate = judge(context, raw, candidates, dates);
        if (candidate) candidates.push({ ...candidate, followUps: [], order: candidates.length });
        return candidate;
      };
      const first = mentions[0];
      if (!cues.length && list && first && list.speaker === message.speaker.id && i - list.messageIndex <= 2 && LIST_ITEM.test(text.slice(0, first.start))) {
        const rest = text.slice(first.end).replace(/^[\s,:]+/, '');
        if (/^(?:with|on|for|the|a|an|to)\b/i.test(rest)) {
          const cue: CueMatch = { kind: 'assignment', label: 'list item', start: first.start, end: first.end, weight: 3, named: [first.participant] };
          push({ i, s, sentence, cue, segment: rest, clause: clauseAfter(withVerb(list.verb, rest)), mentions, speaker, position, named: first.participant, partOfList: true });
        }
      }
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
          const made = push({ i, s, sentence, cue, segment: piece.text, clause, mentions, speaker, position, named: piece.named, partOfList: p > 0 });
          if (made && verb && (cue.kind === 'assignment' || cue.label === 'X has to')) list = { speaker: message.speaker.id, messageIndex: i, verb };
        });
      });
    });
  }
  return candidates;
}

/** The texts a pronoun in the clause may point back to, closest first: the sentence up to the cue, then earlier ones. */
function textsBefore(context: Context, raw: Raw): string[] {
  const texts = [raw.sentence.clean.slice(0, raw.cue.start)];
  for (let i = raw.i; i >= Math.max(0, raw.i - 3) && texts.length < 5; i--) {
    const sentences = context.sentencesOf(i);
    for (let s = (i === raw.i ? raw.s : sentences.length) - 1; s >= 0 && texts.length < 5; s--) texts.push(sentences[s]!.clean);
  }
  return texts;
}

/** The next other speaker agrees ("sure", "will do", "I can take it"). */
function takenOn(context: Context, messageIndex: number): boolean {
  const own = context.messages[messageIndex]?.speaker.id;
  const reply = context.messages.slice(messageIndex + 1, messageIndex + 3).find((m) => m.speaker.id !== own);
  return reply !== undefined && agrees(reply.content);
}

/**
 * A request the next other speaker declines ("I can't this week"), or anything its speaker takes back in their next
 * turns ("okay, never mind then").
 */
function answeredNo(context: Context, raw: Raw, kind: Candidate['cue']['kind']): boolean {
  const messages = context.messages;
  const own = messages[raw.i]?.speaker.id;
  let replied = false;
  for (let j = raw.i + 1; j < Math.min(messages.length, raw.i + 4); j++) {
    const message = messages[j]!;
    if (message.speaker.id === own) {
      if (withdraws(message.content)) return true;
      continue;
    }
    if (!replied && (kind === 'request' || kind === 'assignment') && declines(message.content)) return true;
    replied = true;
  }
  return false;
}

/** The task said last before this sentence, in the last few messages: what "I'll do that" takes on. */
function previousTask(raw: Raw, earlier: readonly Candidate[]): string | null {
  for (let k = earlier.length - 1; k >= 0; k--) {
    const candidate = earlier[k]!;
    if (candidate.messageIndex < raw.i - 3) return null;
    if (candidate.sentence !== raw.sentence && !candidate.doubts.length) return candidate.clause;
  }
  return null;
}

function judge(context: Context, raw: Raw, earlier: readonly Candidate[], dates: Map<Sentence, DueDate | null>): Omit<Candidate, 'order' | 'followUps'> | null {
  const { cue, sentence, speaker } = raw;
  let clause = raw.clause;
  const text = sentence.clean;
  const doubts: string[] = [];
  if (cue.label === 'would you mind') clause = clause.replace(/^\p{L}+ing\b/u, (verb) => baseOfIng(verb));
  if (!clause || !isTaskClause(clause)) return null;
  if (NEGATED_BEFORE.test(text.slice(Math.max(0, cue.start - 40), cue.start))) return null;
  const question = /\?\s*$/.test(text);
  if (question && cue.kind !== 'request' && cue.kind !== 'item') doubts.push('question');
  else if (question && !ASKING.has(cue.label)) doubts.push('question');
  if (cue.kind === 'request' && WH_BEFORE.test(text.slice(0, cue.start))) doubts.push('wh-question');
  // "…, Ada." at the end: who it is for, not part of the task.
  const last = context.roster.mentions(clause).at(-1);
  if (last && /,\s*$/.test(clause.slice(0, last.start)) && /^[\s?.!]*$/.test(clause.slice(last.end))) {
    clause = clause.slice(0, last.start).replace(/[\s,]+$/, '');
  }

  const said: Utterance = { messageIndex: raw.i, sentenceIndex: raw.s, sentence: text, mentions: raw.mentions, speaker };
  let named: Participant[] = [];
  if (raw.named) named = [raw.named];
  else if (cue.kind === 'commitment' || cue.self) named = speaker ? [speaker] : [];
  else if (cue.named.length) named = cue.named;
  else if (cue.kind === 'request' || (cue.kind === 'group' && !WE.test(cue.label))) {
    // "Someone needs to set up the status page." / "I can take it.": the one who agrees.
    const found = addressee(context, said, cue);
    if (found) named = [found];
  }
  named = named.filter((p) => context.roster.isPerson(p));
  // "You'll be working on the design" to no one named: the learned addressee model (model/addressee.ts) picks
  // whom among the others it was said to, for the candidates that become tickets.
  const unaddressed =
    !named.length &&
    (cue.kind === 'request' || cue.kind === 'assignment') &&
    !/\byou (?:guys|all|two|both|people)\b/i.test(text) &&
    !UNKNOWN_VOCATIVE.test(text);
  const assignee = named[0] ?? null;

  const future = FUTURE.test(text);
  const namedBefore = raw.mentions.some((m) => m.end <= cue.start && /^[\s,]*$/.test(text.slice(m.end, cue.start)));
  const setting = { text, cue, segment: raw.segment, clause, addressed: assignee !== null, namedBefore, future };
  const rejected = rejection(setting);
  // Logistics, and requests turned down or taken back, are never tickets; the other doubts the model weighs.
  if (rejected === 'meeting logistics' || answeredNo(context, raw, cue.kind)) return null;
  if (rejected) doubts.push(rejected);
  // Words the speaker said count for the score; words a pronoun was resolved to only make the title.
  const spoken = contentTokens(clause);
  const resolution = resolveObject(clause, textsBefore(context, raw), () => previousTask(raw, earlier));
  // "Send it", "do that" with nothing before to say what: no title can stand on its own.
  if (resolution.object === 'unresolved') return null;
  clause = resolution.clause;
  if (cue.kind === 'commitment' || cue.self) {
    clause = nameTheListener(clause, listener(context, said));
  }
  const tokens = contentTokens(clause);
  // The verb counts as content even when it is a light one ("look at the design", "work on the budget").
  const substance = tokens.length + (LIGHT_VERBS.has(firstWord(clause)) ? 1 : 0);
  if (!tokens.length) return null;
  if (substance < (cue.kind === 'item' ? 1 : 2)) doubts.push('thin');

  let score = cue.weight;
  if (TASK_VERBS.has(firstWord(clause))) score += 1;
  if (assignee && (cue.kind === 'request' || cue.kind === 'group')) score += 0.5;
  // "Can you…?" / "Sure, I'll do that.": a request someone takes on is a task.
  if (cue.kind !== 'commitment' && takenOn(context, raw.i)) score += 1;
  if (raw.position >= 0.8) score += 1;
  if ((resolution.object === 'own' ? tokens : spoken).length >= 3) score += 0.5;
  if (HEDGE.test(text)) score -= 0.5;
  if (clause.split(' ').length > 18) score -= 0.5;
  if (resolution.object === 'noun') score -= PLACING.test(clause) ? 1 : 0.5;
  else if (resolution.object === 'own' && PRONOUN_OBJECT.test(clause)) score -= 1;
  if (IN_THE_ROOM.test(clause)) score -= 1;
  if (raw.partOfList) score += 0.5;
  score += adjustment(setting);
  // A due date or a time frame counts once. chrono only runs when the date can matter (not for a doubted
  // candidate), once per sentence.
  let dueDate: DueDate | null = null;
  if (score + 1 >= MIN_SCORE && !doubts.length) {
    if (!dates.has(sentence)) dates.set(sentence, findDueDate(text, context.meetingDate));
    dueDate = dates.get(sentence) ?? null;
  }
  if (dueDate || future) score += 1;
  // What the rules alone would have dropped scores below any threshold of theirs.
  if (doubts.length) score = Math.min(score, MIN_SCORE - 1);
  return { messageIndex: raw.i, sentence, cue, clause, tokens, speaker, assignee, named, dueDate, score, doubts, unaddressed };
}
