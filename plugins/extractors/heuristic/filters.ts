/**
 * What makes a cue no follow-up task (a relative clause, a hypothetical, reported speech, a survey question, a
 * presentation in the room) and what makes one less likely (something done right now, a hedged suggestion, a
 * general "you", a vague object, a sentence cut off).
 */
import type { CueMatch } from './cues.ts';

export interface Setting {
  /** The cleaned sentence, the cue in it and the words after the cue up to the next one. */
  text: string;
  cue: CueMatch;
  segment: string;
  clause: string;
  /** Whether someone is named or addressed as doing it. */
  addressed: boolean;
  /** Whether a participant is named just before the cue ("Ada can you…"). */
  namedBefore: boolean;
  /** Whether the sentence names a time after the meeting ("tomorrow", "next week", a date). */
  future: boolean;
}

/** "what we're going to do", "which we have to fill in", "the thing that I have to do is…". */
const RELATIVE_BEFORE = /\b(?:which|what|whatever|where|how|who|whom)\s+$/i;
/** "I'd have to", "we would have to", "you could always": a hypothetical, not a decision. */
const HYPOTHETICAL_BEFORE = /(?:'d|\bwould|\bcould|\bmight)\s+$/i;
/** "they think, I'll buy…", "you suggest we should…", "just to say that you have to…". */
const REPORTED_BEFORE =
  /(?:\b(?:you|he|she|they|people|someone|somebody|everyone|everybody)\s+(?:\w+\s+)?(?:say|says|said|suggest|suggests|suggested|mean|means|think|thinks|thought|tell|tells|told|want|wants|wanted|ask|asks|asked)|\bto say|\bsaying)\s*[,:]?\s*(?:that\s+)?$/i;
/** "my preference is that we need to…", "that would mean that we need to…": an opinion, not a decision. */
const OPINION_BEFORE =
  /(?:\b(?:preferences?|opinion|view|feeling|idea|suggestion|point|guess)\s+(?:is|was|would be)|\b(?:mean|means|meant|implies)(?:\s+for\s+\w+)?)\s+that\s*$/i;
/** A request inverts at the start of a clause: "could you…", "so can you…", "Ada, would you…". */
const CLAUSE_OPENING =
  /(?:^|[,;:]|\b(?:so|and|but|or|then|okay|ok|now|well|also|please|just|maybe|yeah|yes|right|alright|oh|hey|hi|first|next|finally|actually|and then|wondering if))\s*$/i;
/** "Would you pay more for…?": asking what someone would choose, not asking them to do something. */
const WOULD_YOU_CHOOSE =
  /^(?:pay|buy|prefer|like|want|rather|choose|use|spend|expect|say|think|agree|recommend|care|feel|describe|rate|call|go|mind if)\b/i;
/** Talk in the room: "I'm going to inform you about…", "I'll give a short presentation on…". */
const PRESENTING =
  /^(?:(?:inform|tell|show|walk|take|guide|direct|run|brief) (?:you|us|everyone|everybody)\b|give (?:you )?(?:a|an|the|my|our|this|some) (?:\w+ ){0,2}(?:presentation|talk|overview|demo|introduction|summary)\b)/i;
/** "make it original", "keep it simple", "present it as a big company": how the product should be, not a task. */
const MAKE_IT =
  /^(?:(?:make|keep|leave|have) (?:it|this|that|them|these|those)\b(?!\s+(?:to|for|with|by|from|into|onto|on|in|at|done|ready|happen|work|sent|fixed|finished|sorted)\b)|(?:present|bring|position|sell|market|pitch|frame|treat) (?:it|this|that|them) as\b)/i;
/** Verbs whose object may be a that-clause ("check the build is green"): a copula after them is fine. */
const CLAUSE_VERBS = /^(?:check|ensure|verify|confirm|see|test|find|figure|make sure|know|ask|tell|decide|determine|investigate|explain|double-check|remember|note)\b/i;
const SUBORDINATE = /\b(?:that|which|who|whom|whose|if|whether|what|where|how|when|why|sure|because|so|as|than|until|till|while|once|after|before|since|unless|though|although|and|or|but)\b/i;
const SUBJECT_BEFORE_COPULA = /\b(?:it|they|he|she|we|you|i|there|this|that|these|those|everything|something|nothing)\s*$/i;
/** "just" right after the cue: done now, in the room ("I'll just put it here", "can you just move it"). */
const JUST_AFTER = /^[\s,]*(?:(?:be|then|also|actually|now|quickly|maybe|probably|'ll|will)\s+)*just\b/i;
export const HEDGE = /\b(?:maybe|perhaps|might|i think|i guess|i suppose|possibly|or something|i don't know|not sure)\b/i;
/** "you have to put a code in": everyone, as "one" has to; unless a group is addressed ("you all will…"). */
const GROUP_YOU = /\byou (?:guys|all|two|both)\b/i;
/** Deciding is what the meeting itself does, unless it is put off to a date. */
const DECIDING = /^(?:(?:make|reach|come to|take)\s+(?:(?:a|the|our|some|any|final)\s+)*decisions?\b|decide\b)/i;
const DANGLING_END = /\b(?:and|or|but|not|of|to|the|a|an|in|on|at|with|for|from|into|so|because|like)\s*$/i;
/** "do the three", "do something", "add in a financial one": nothing named to act on. */
const VAGUE_OBJECT = /^\S+\s+(?:(?:the\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten)\b\s*[,.]?\s*$|(?:something|anything|everything|stuff)\b)|\bones?\s*$/i;
/** "if you can put it in, it makes it easier": a condition with its main clause, not a polite request. */
const MAIN_CLAUSE_AFTER = /^[^,.;?!]*,\s*(?:then\s+)?(?:we|i|it|you|they|he|she|this)\b(?!'d|\s+would)/i;

/**
 * "X is the thing", with the cue inside X: "the profit we must make with the remote is fifty million", "the only
 * thing we have to look after is that…". The clause runs on into a copula that has no subject of its own.
 */
function insideSubject(clause: string): boolean {
  if (CLAUSE_VERBS.test(clause)) return false;
  const copula = /\s(?:is|are|was|were)\b/i.exec(clause);
  if (!copula) return false;
  const between = clause.slice(0, copula.index);
  // A subordinator counts when words follow it ("after the library is published"), not as a particle ("look after is").
  const inner = between.split(/\s+/).slice(1, -1).join(' ');
  return !SUBORDINATE.test(inner) && !SUBJECT_BEFORE_COPULA.test(between);
}

/**
 * Running the meeting itself, not work after it: the screen, the agenda, the chat, the slides, the call.
 * (AMI has none of this, so the model cannot learn it: it stays a rule.)
 */
const LOGISTICS =
  /\b(?:share (?:my|the|your|his|her|our) screen|(?:stop |start )?(?:screen ?shar(?:e|ing))|(?:change|rename|fix) the (?:meeting(?:'s)? )?name|(?:on|to|in|from|of) (?:the |our |today's )?agenda|agenda items?|(?:in|into|to|on) the (?:chat|zoom chat|meeting chat|call chat)|(?:next|previous|last|first) slide|(?:un)?mute|(?:the )?recording|make it (?:bigger|smaller|larger)|zoom in|zoom out|(?:can|could) (?:you|everyone|everybody) (?:hear|see)|(?:turn|switch) (?:on |off )?(?:my|your|the) (?:camera|video|mic|microphone)|the (?:meeting|zoom|teams|call) link)\b/i;

/** Whether a task is about running the meeting: the screen, the agenda, the chat, the slides. */
export function isLogistics(text: string): boolean {
  return LOGISTICS.test(text);
}

/** The one asked turns it down: "I can't this week", "no, sorry". */
const DECLINE =
  /^(?:[\s,.!-]*(?:oh|well|so|um|uh|hmm|sorry|actually)\b)*[\s,.!-]*(?:no\b|nope|sorry\b|i can't|i cannot|i can not|i won't|i'm not able|i am not able|not (?:this|next) week|not me|i don't have (?:the )?time|i'd rather not)/i;
/** The one who asked takes it back: "never mind", "forget it", "scratch that". */
const WITHDRAWN = /\b(?:never ?mind|forget (?:it|that|about it)|scratch that|no need\b|let's not|don't bother|not needed after all|we'll skip (?:it|that))\b/i;

/** Whether a reply declines a request. */
export function declines(reply: string): boolean {
  return DECLINE.test(reply);
}

/** Whether a later turn withdraws what was asked. */
export function withdraws(text: string): boolean {
  return WITHDRAWN.test(text);
}

/** Why the cue is no follow-up task at all, or null. */
export function rejection(setting: Setting): string | null {
  const { text, cue, clause, future } = setting;
  const before = text.slice(0, cue.start);
  if (cue.kind !== 'request' && cue.kind !== 'item' && RELATIVE_BEFORE.test(before)) return 'relative clause';
  if (cue.kind !== 'assignment' && HYPOTHETICAL_BEFORE.test(before)) return 'hypothetical';
  if (REPORTED_BEFORE.test(before) || OPINION_BEFORE.test(before)) return 'reported speech';
  if (insideSubject(clause)) return 'inside a subject';
  if (cue.label === 'can you' && !CLAUSE_OPENING.test(before) && !setting.namedBefore) return 'not a request';
  if (cue.label === 'if you could' && MAIN_CLAUSE_AFTER.test(text.slice(cue.end))) return 'a condition';
  if (cue.label === 'can you' && /^would\b/i.test(text.slice(cue.start)) && WOULD_YOU_CHOOSE.test(clause)) return 'a survey question';
  if (!future && PRESENTING.test(clause)) return 'a presentation';
  if (MAKE_IT.test(clause)) return 'a property';
  if (isLogistics(clause)) return 'meeting logistics';
  return null;
}

/** Score changes for what makes a task less likely. */
export function adjustment(setting: Setting): number {
  const { text, cue, segment, clause, future } = setting;
  let delta = 0;
  const before = text.slice(0, cue.start);
  if (!future && (JUST_AFTER.test(segment) || (cue.label === 'imperative' && /\bjust\s*$/i.test(before)))) delta -= 2;
  if (cue.kind === 'group' && HEDGE.test(text)) delta -= 1;
  if (cue.label === "let's" && !future) delta -= 1;
  const generalYou = cue.label === 'you need to' || cue.label === 'you will';
  if (generalYou && !setting.addressed && !GROUP_YOU.test(text.slice(cue.start, cue.end)) && !/^\s*(?:all|both)\b/i.test(segment)) delta -= 1.5;
  if (DANGLING_END.test(clause)) delta -= 1;
  if (!future && DECIDING.test(clause)) delta -= 1;
  if (VAGUE_OBJECT.test(clause)) delta -= 1;
  return delta;
}
