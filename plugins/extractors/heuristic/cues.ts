/**
 * Cue phrases that mark a commitment, a request, an assignment, a group obligation or a noted action item, and
 * the task clause each one introduces ("I'll [send the deck]", "can you [review the copy]", "Ada will [fix the
 * login bug]"). Works on cleaned sentences (fillers and stutters removed).
 */
import type { Participant } from '../../sdk/index.ts';
import type { Mention } from './participants.ts';
import { baseOfIng } from './text.ts';

/**
 * - commitment: the speaker takes the task ("I'll…", "I'm going to…", "let me…").
 * - request: the speaker asks someone else ("can you…", "please…", "you need to…").
 * - assignment: a participant is named as doing it ("Ada will…", "let's have Ada…").
 * - group: the team or someone unnamed ("we need to…", "let's…", "someone has to…").
 * - item: noted explicitly ("action item: …", "TODO …").
 */
export type CueKind = 'commitment' | 'request' | 'assignment' | 'group' | 'item';

export interface CueMatch {
  kind: CueKind;
  /** The cue family, for tests and descriptions. */
  label: string;
  /** Where the cue starts and where its clause starts, in the cleaned sentence. */
  start: number;
  end: number;
  weight: number;
  /** For assignments: the participants named as doing it, first one first. */
  named: Participant[];
  /** For items: the speaker takes it ("action item: I'll…"). */
  self?: boolean;
}

interface StaticCue {
  kind: CueKind;
  label: string;
  weight: number;
  pattern: RegExp;
}

const STATIC_CUES: StaticCue[] = [
  { kind: 'item', label: 'action item', weight: 4, pattern: /\baction[- ]items?\b(?:\s+(?:is|are|for)\b)?\s*[:\-–,]?\s*/gi },
  { kind: 'item', label: 'TODO', weight: 4, pattern: /\bTODO\b\s*[:\-–,]?\s*|\bto-?do\s*:\s*/g },
  // "I'll need you to…" asks someone else: the request below takes it.
  { kind: 'commitment', label: "I'll", weight: 2.5, pattern: /\bI(?:'ll| will| shall)\b(?!\s+(?:not|never|need you|want you)\b)/gi },
  { kind: 'commitment', label: "I'm going to", weight: 2.5, pattern: /\bI(?:'m| am) (?:going to|gonna)\b(?!\s+(?:need|want) you\b)/gi },
  { kind: 'commitment', label: 'let me', weight: 2.5, pattern: /\blet me\b/gi },
  {
    kind: 'commitment',
    label: 'I have to',
    weight: 1,
    pattern: /\bI(?: (?:have to|need to|must|should|have got to|got to|had better)|'ve got to|'d better)\b/gi,
  },
  { kind: 'request', label: 'would you mind', weight: 2.5, pattern: /\b(?:would|do) you mind\b/gi },
  { kind: 'request', label: 'can you', weight: 2.5, pattern: /\b(?:can|could|would|will) you(?: guys| all| two| both)?\b(?:\s+please\b)?/gi },
  {
    kind: 'request',
    label: 'I need you to',
    weight: 2.5,
    pattern: /\bI(?:'d| would|'ll| will|'m going to| am going to|'m gonna)? (?:like|want|need) you(?: guys| all| two| both)? to\b/gi,
  },
  { kind: 'request', label: 'if you could', weight: 2, pattern: /\bif you (?:could|would)\b(?:\s+please\b)?/gi },
  // "Can someone…?": no one is named; the one who answers yes takes it.
  { kind: 'request', label: 'can someone', weight: 2, pattern: /\b(?:can|could|would|will) (?:someone|somebody|anyone|anybody|one of you)\b(?:\s+please\b)?/gi },
  { kind: 'request', label: 'please', weight: 2.5, pattern: /\bplease\b/gi },
  {
    kind: 'request',
    label: 'you need to',
    weight: 1.5,
    pattern:
      /\byou(?: guys| all| two| both)?(?: (?:need to|have to|must|should|will have to|will need to|are going to|are gonna|are supposed to|have got to)|'ll have to|'ll need to|'re going to|'re gonna|'re supposed to|'ve got to)\b/gi,
  },
  { kind: 'request', label: 'you will', weight: 1, pattern: /\byou(?: guys| all| two| both)?(?:'ll| will)\b/gi },
  { kind: 'request', label: "don't forget", weight: 2.5, pattern: /\b(?:don't|do not) forget(?: to)?\b|\bremember to\b|\bmake sure (?:you|to)\b/gi },
  {
    kind: 'group',
    label: 'someone has to',
    weight: 2,
    pattern: /\b(?:someone|somebody|anyone|anybody|one of us) (?:has to|needs to|should|must|will have to|'ll have to|could|can)\b/gi,
  },
  {
    kind: 'group',
    label: 'we need to',
    weight: 2,
    pattern:
      /\bwe(?: all)?(?: (?:need to|have to|must|should|ought to|have got to|got to|will have to|will need to|had better)|'ve got to|'ll have to|'ll need to|'d better)\b/gi,
  },
  { kind: 'group', label: "we'll", weight: 1, pattern: /\bwe(?: all)?(?:'ll| will| are going to|'re going to|'re gonna| are gonna)\b(?: all\b)?/gi },
  { kind: 'group', label: 'we can all', weight: 1, pattern: /\bwe (?:can|could) all\b/gi },
  { kind: 'group', label: "let's", weight: 1, pattern: /\blet(?:'s| us)\b/gi },
  // "…, Alima will be doing the working design": a name the meeting's list of people does not know, mid-sentence
  // (a capital at a sentence's start says nothing).
  {
    kind: 'assignment',
    label: 'Name will',
    weight: 2,
    pattern:
      /(?<=[\p{L},]\s)(?!(?:I|I'll|God|Mister|Miss|Mrs|Mr|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)\b)\p{Lu}\p{Ll}+(?:'ll| will| is going to| is gonna| should| has to| needs to)\b/gu,
  },
  // Any other subject: "the UID is supposed to…", "the two of you have to…" (a named participant is an assignment).
  {
    kind: 'group',
    label: 'X has to',
    weight: 1,
    pattern:
      /(?<!\b(?:I|we|you|one|someone|somebody|anyone|anybody)\s)\b(?:is|are|'s|'re) supposed to\b|(?<!\b(?:I|we|you|one|someone|somebody|anyone|anybody|don't|doesn't|didn't|not)\s)\b(?:has|have) to\b/gi,
  },
];

/** Verbs that, opening a sentence, give an instruction ("So check out the website", "Ada, send me the notes"). */
const IMPERATIVE_VERBS =
  'send|e-?mail|check|prepare|finish|complete|review|update|fix|write|draft|research|investigate|contact|call|ring|schedule|book|share|circulate|upload|submit|fill|test|document|create|bring|find|follow|organi[sz]e|arrange|compile|collect|gather|print|order|ping|remind|read up|sort out|set up|figure out|look into|look up|double-check|email';
const DISCOURSE = /^(?:(?:so|and|then|okay|ok|also|now|just|please|right|alright|well|but|oh|first|next|finally|maybe)[\s,]+)*/i;
const IMPERATIVE = new RegExp(`^(?:(?:please|just|also)\\s+)*(?:${IMPERATIVE_VERBS})\\b`, 'i');
/** "When you get a chance, send…": a short lead clause before the instruction. */
const LEAD_CLAUSE = /^(?:when|whenever|if|once|after|before|as soon as)\s[^,.;?!]{1,40},\s*/i;

/** Where an instruction's verb starts, when the sentence opens with one (after "so", "okay", or "Ada,"). */
function imperativeAt(sentence: string, mentions: readonly Mention[]): number | null {
  let at = DISCOURSE.exec(sentence)![0].length;
  const vocative = mentions.find((m) => m.start === at);
  if (vocative) {
    const comma = /^\s*,\s*/.exec(sentence.slice(vocative.end));
    if (!comma) return null;
    at = vocative.end + comma[0].length;
  }
  at += LEAD_CLAUSE.exec(sentence.slice(at))?.[0].length ?? 0;
  const match = IMPERATIVE.exec(sentence.slice(at));
  if (!match) return null;
  const lead = /^(?:(?:please|just|also)\s+)*/i.exec(match[0])![0].length;
  return at + lead;
}

/** What follows a named participant when they are given the task. */
const ASSIGNING_MODAL =
  /^\s*,?\s*(?:will|'ll|shall|is going to|'s going to|is gonna|are going to|'re going to|are gonna|has to|have to|needs to|need to|should|must|is supposed to|are supposed to|is to|takes|owns|can take|will take)\b/i;
/** "let's have Ada…", "ask Ada to…". */
const ASSIGNING_LEAD = /\b(?:let's have|let's get|let us have|have|get|ask|asked|tell|told)\s+(?:the\s+)?$/i;
const SENTENCE_START = /^(?:(?:so|and|then|okay|ok|right|alright|now|also|next|first|finally|action items?|todo|for)[\s,:.-]+)*(?:the\s+)?$/i;

/** The cues in a cleaned sentence, in order; overlapping ones are dropped in favour of the stronger. */
export function findCues(sentence: string, mentions: readonly Mention[]): CueMatch[] {
  const found: CueMatch[] = [];
  for (const cue of STATIC_CUES) {
    cue.pattern.lastIndex = 0;
    for (let match = cue.pattern.exec(sentence); match; match = cue.pattern.exec(sentence)) {
      found.push({ kind: cue.kind, label: cue.label, start: match.index, end: match.index + match[0].length, weight: cue.weight, named: [] });
    }
  }
  const imperative = imperativeAt(sentence, mentions);
  if (imperative !== null) found.push({ kind: 'request', label: 'imperative', start: imperative, end: imperative, weight: 1.5, named: [] });
  for (let i = 0; i < mentions.length; i++) {
    const mention = mentions[i]!;
    const named = [mention.participant];
    let after = mention.end;
    // "Ada and (the) Grace will…"
    const next = mentions[i + 1];
    if (next && /^\s*(?:,\s*)?(?:and|&)\s+(?:the\s+)?$/i.test(sentence.slice(mention.end, next.start))) {
      named.push(next.participant);
      after = next.end;
    }
    const rest = sentence.slice(after);
    const modal = ASSIGNING_MODAL.exec(rest);
    const before = sentence.slice(0, mention.start);
    if (modal) {
      found.push({ kind: 'assignment', label: 'X will / X has to', start: mention.start, end: after + modal[0].length, weight: 3, named });
    } else if (ASSIGNING_LEAD.test(before)) {
      const to = /^\s+(?:to\s+)?/.exec(rest);
      const lead = ASSIGNING_LEAD.exec(before)!;
      found.push({ kind: 'assignment', label: "let's have X", start: lead.index, end: after + (to?.[0].length ?? 0), weight: 3, named });
    } else if (SENTENCE_START.test(before) && /^\s*(?:[:–-]|to\b)/i.test(rest)) {
      const to = /^\s*(?:[:–-]|to\b)\s*/i.exec(rest)!;
      found.push({ kind: 'assignment', label: 'X to', start: mention.start, end: after + to[0].length, weight: 3, named });
    }
  }
  found.sort((a, b) => a.start - b.start || b.weight - a.weight);
  const kept: CueMatch[] = [];
  for (const cue of found) {
    const last = kept.at(-1);
    // "Action item: I'll…", "TODO: Ada to…": the item keeps the inner cue's clause and who it names.
    if (last?.kind === 'item' && cue.kind !== 'item' && cue.start >= last.start && /^[\s,:;–-]*$/.test(sentence.slice(last.end, cue.start))) {
      kept[kept.length - 1] = { ...last, end: Math.max(last.end, cue.end), named: cue.named, self: cue.kind === 'commitment', label: `${last.label}: ${cue.label}` };
      continue;
    }
    if (last && cue.start < last.end) {
      // Overlapping cues ("let's have Ada…" holds "let's"): the stronger one wins.
      if (cue.weight > last.weight) kept[kept.length - 1] = { ...cue, start: Math.min(cue.start, last.start) };
      continue;
    }
    kept.push(cue);
  }
  return kept;
}

/** Where a task clause ends: a new clause with its own subject, a reason, a contrast. */
const CLAUSE_END =
  /(?:;|\s+-\s+|,?\s+because\b|,?\s+'cause\b|,?\s+but\b|,\s*so\b|\s+so that\b|\s+so (?:I|we|you|they|he|she)\b|\s+(?:in order|so as) to\b|\s+(?:I|we|they|he|she) (?:have|'ve|had|did|was|were)\b|,?\s+then (?:I|we|you|they|he|she|it)\b|,\s*(?:I|we|they|he|she)\s|,\s*which\b|,\s*(?:and\s+)?(?:if|when|while|whereas)\b|,?\s+and then\b|,?\s+and (?:I|we|you|they|he|she|it|that)\b|,\s*(?:okay|ok|right|alright|yeah|yes|no)\b|\s+or something\b|\s+and stuff\b|\s+and so on\b|\s+or whatever\b|,\s*(?:I think|I guess|I suppose|I mean|you know|it's|that's|that'd|that would|it'd|it would|it is|that is|this is|there's|as I said|(?:it|that|this) (?:says|said|seems|looks))\b|\s+(?:as well|too)\b(?=\s*[,.?!]|$)|[.?!]+(?:\s|$))/i;

/** Words that may sit between the cue and the verb. */
const LEAD_IN =
  /^\s*(?:[,:;-]+|(?!(?:apply|reply|supply|rely|multiply|comply|imply|fly|ally)\b)\p{L}{3,}ly\b|(?:will|would|shall|can|could)(?=\s+\p{L}+)|(?:just|also|then|probably|definitely|certainly|actually|really|quickly|first|now|still|maybe|perhaps|all|both|each|again|basically|obviously|hopefully|please|try and|try to|go ahead and|go and|be able to|have to|need to|want to|like to|get to|the one who|the one to|(?:he|she|they|it|we|you|I)(?:'ll| will| is going to| are going to| has to| have to)|\w{1,2}(?=\s+(?:he|she|they|we)\s+will))\b)/iu;

/** The task clause after a cue: cut at the next clause, lead-in words and restarts removed, "be sending" made "send". */
export function clauseAfter(text: string): string {
  const end = CLAUSE_END.exec(text);
  let clause = (end ? text.slice(0, end.index) : text).trim();
  for (let guard = 0; guard < 8; guard++) {
    const lead = LEAD_IN.exec(clause);
    if (!lead || !lead[0].length) break;
    clause = clause.slice(lead[0].length).trim();
  }
  clause = clause
    .replace(/^(?:have|take|give it|do) an?(?: quick| closer| proper| good| little)? look\b/i, 'look')
    .replace(/^take care of\b/i, 'handle')
    .replace(/^(?:be|start|begin|keep|continue|go on|carry on) (\p{L}+ing)\b/iu, (_, verb: string) => baseOfIng(verb))
    .replace(/^[,:;\s-]+/, '');
  return clause.trim();
}

/** Verbs that start no follow-up task: talk in the room, opinions, moves in the meeting itself. */
const NOT_A_TASK = new Set(
  (
    'be am is are was were been being see think know mean guess say said hear wait stop want wanna like love hope ' +
    'imagine believe suppose assume sit stand pass show explain go start begin end move skip open close turn switch ' +
    'plug click draw read let keep agree disagree wrap conclude summarise summarize recap introduce vote stick need ' +
    'have use break leave repeat clarify play eat sound seem feel call answer tell ask mind bear happen exist get ' +
    'come talk speak discuss continue stay rely depend hang hold lose win fit prefer rather meet focus concentrate ' +
    'aim emphasise emphasize step'
  ).split(' '),
);
/** …unless followed by these words. */
const ALLOWED_WITH: Record<string, RegExp> = {
  come: /^come up with\b/i,
  talk: /^talk (?:to|with)\b/i,
  speak: /^speak (?:to|with)\b/i,
  get: /^get (?:back to|in touch|hold of|(?:a|an|the|some|more|\w+ (?:from|for))\b)/i,
  continue: /^continue (?:with|working|to work|on)\b/i,
  call: /^call (?:the|a|them|him|her|back)\b/i,
  ask: /^ask (?:the|a|them|him|her|management|\w+ (?:to|about|for|whether|if))\b/i,
  tell: /^tell (?:the|them|him|her|management)\b/i,
  show: /^show (?:it|this|them|the \w+) to\b/i,
  keep: /^keep (?:busy with|track of|an eye on|working on|on top of|in touch with)\b/i,
  // "You'll focus on the component concept", "think about the working design": work to do before the next meeting.
  focus: /^focus on\b/i,
  think: /^think about\b/i,
};

/** Verbs that end in -ed in their base form. */
const PLAIN_ED = new Set('need feed seed proceed embed shred speed exceed succeed breed bleed weed heed shed'.split(' '));

/** Words that cannot start a task clause: the cue was not followed by a verb. */
const NOT_A_VERB = new Set(
  (
    'the a an this that these those it its there here what which who whom whose when where why how is are was were ' +
    'my our your his her their some any all no not and or but so if in on at for with to of from by as i we you he ' +
    'she they me us them will would can could should shall must might may does did has had also very really too ' +
    'just one two three four five six seven eight nine ten more most less much many well yes yeah okay ok right'
  ).split(' '),
);

/** Verbs of real follow-up work: a clause starting with one is more likely a task. */
export const TASK_VERBS = new Set(
  (
    'send email e-mail mail write draft prepare finish complete create build implement fix update review check test ' +
    'research investigate find figure look follow set schedule book arrange organise organize contact call ring ' +
    'share circulate distribute upload post publish document design add remove change clean refactor deploy ' +
    'release order buy print fill submit sign analyse analyze evaluate compare collect gather bring consider plan ' +
    'estimate confirm verify reach sync coordinate handle deal put make do work construct develop produce provide ' +
    'deliver install configure migrate merge file raise come talk speak ask get sort chase invite examine explore ' +
    'study measure calculate price cost sketch specify define decide report present renew rotate archive rewrite ' +
    'refund announce upgrade replace cancel approve hire interview onboard train backup restore monitor benchmark ' +
    'profile audit reconcile invoice pay negotiate ship launch rollback revert patch debug rename translate localise ' +
    'localize polish finalise finalize prototype outline record transcribe notify inform forward escalate assign ' +
    'delegate recruit reserve purchase double-check validate port uninstall enable disable remind reply respond'
  ).split(' '),
);

export function firstWord(clause: string): string {
  return /^[\p{L}'-]+/u.exec(clause)?.[0].toLowerCase() ?? '';
}

/** Whether a clause reads as a piece of work rather than talk in the room. */
export function isTaskClause(clause: string): boolean {
  const verb = firstWord(clause);
  if (!verb || verb.length < 2 || NOT_A_VERB.has(verb) || /'/.test(verb)) return false;
  if (/^\p{L}{3,}ed$/u.test(verb) && !PLAIN_ED.has(verb)) return false; // "I'll just saved…": not a task clause.
  if (/^\p{L}{3,}ing$/u.test(verb) && !TASK_VERBS.has(verb)) return false;
  if (NOT_A_TASK.has(verb)) return ALLOWED_WITH[verb]?.test(clause) ?? false;
  return true;
}
