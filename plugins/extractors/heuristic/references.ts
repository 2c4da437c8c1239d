/**
 * Makes a task clause stand on its own: an object pronoun ("send it", "update that") becomes the noun phrase the
 * words just before it name ("the pricing sheet"), "do that" becomes the task it points back to, and "you" in a
 * commitment becomes the listener's name ("send the slides to you" → "send the slides to Grace").
 */
import type { Participant } from '../../sdk/index.ts';

/** What may follow an object pronoun: the end, a preposition, a time word. Not a noun ("that page"). */
const AFTER_OBJECT = String.raw`(?=\s*$|\s*[,.;:!?]|\s+(?:to|for|with|by|in|on|at|from|into|onto|before|after|until|tomorrow|today|tonight|later|now|soon|first|again|too|as|and|then|next|up|out|over|back|once|when|if|so|because|asap|quickly|properly|this|around|through)\b)`;
const OBJECT_PRONOUN = new RegExp(
  String.raw`^([\p{L}'-]+(?:\s+(?:up|out|in|on|over|back|off|through|around|into|at|for|about|with|to|onto))?)\s+(it|that|this|them|those|these)${AFTER_OBJECT}`,
  'iu',
);
/** "do that", "handle it", "take that one": the task named just before. */
const PRO_VERB = /^(?:do|handle|take|own|sort|grab|tackle|cover|pick)\s+(?:it|that|this|those|them|these)(?:\s+(?:one|ones|on|out|up|over))?(?=\s*$|[\s,.;!?])/i;
/** What may trail a pro-verb without naming a different task: a time, a priority, a filler. */
const PRO_VERB_TAIL = /^\s*(?:[,.;!?]|$|(?:by|before|on|until|this|next|tomorrow|today|tonight|later|then|now|first|again|asap|too|as well|right away|for you|if|when|after|once)\b)/i;
/** Light verbs point back to an action ("do that again"), never to a thing: only "do that" as a whole is resolved. */
const LIGHT = /^(?:do|make|have|get|take|go)$/i;

const DETERMINERS = new Set('the a an this that these those our your my their his her'.split(' '));
const BREAK = new Set(
  (
    'is are was were be been being am has have had will would can could should must may might shall do does did ' +
    "to of in on at for with from by about into over under after before than then and or but so because if when " +
    'while which who whom whose that it its they them he she we you i me us not no just also very really too out ' +
    'up off again now here there expire expires need needs look looks seem seems work works break breaks go goes ' +
    'come comes say says keep keeps get gets run runs fail fails show shows change changes start starts stop stops ' +
    "cost costs take takes make makes mean means include includes stay stays happen happens want wants isn't aren't " +
    'even still already only actually anyway though yet right well together first last later today tomorrow tonight ' +
    'soon maybe probably again'
  ).split(' '),
);
/** Heads that name no thing to act on. */
const VAGUE_HEADS = new Set(
  'week weeks month months year years day days time moment minute minutes second hour hours end morning afternoon evening night today tomorrow meeting call while bit lot point way thing things stuff one ones kind sort rest idea period phase stage future past beginning start'.split(
    ' ',
  ),
);

interface NounPhrase {
  phrase: string;
  plural: boolean;
}

/** Noun phrases that open with a determiner, as "the …", in order. */
function nounPhrases(text: string): NounPhrase[] {
  const words = text.split(/\s+/);
  const found: NounPhrase[] = [];
  for (let i = 0; i < words.length; i++) {
    const determiner = words[i]!.toLowerCase();
    if (!DETERMINERS.has(determiner)) continue;
    const body: string[] = [];
    for (let j = i + 1; j < words.length && body.length < 4; j++) {
      const word = words[j]!.replace(/[,.;:!?)"]+$/u, '');
      const lower = word.toLowerCase();
      if (!/^[\p{L}\p{N}][\p{L}\p{N}'-]*$/u.test(word) || BREAK.has(lower) || DETERMINERS.has(lower)) break;
      // "the report crashed", "the release going out": a verb after the noun ends the phrase ("the new pricing sheet" goes on).
      const next = words[j + 1]?.toLowerCase().replace(/[,.;:!?)"]+$/u, '');
      if (body.length && (/ed$/.test(lower) || (/ing$/.test(lower) && (!next || BREAK.has(next))))) break;
      body.push(word);
      if (word !== words[j]) break;
    }
    const head = body.at(-1)?.toLowerCase();
    if (!head || VAGUE_HEADS.has(head)) continue;
    const lead = /^(?:a|an|this|that|these|those)$/.test(determiner) ? 'the' : determiner;
    found.push({ phrase: `${lead} ${body.join(' ')}`, plural: /[^su]s$/.test(head) });
  }
  return found;
}

/** The noun phrase a pronoun stands for, from the closest text that names one of the right number. */
function referent(pronoun: string, texts: readonly string[]): string | null {
  const plural = /^(?:them|those|these)$/i.test(pronoun);
  for (const [k, text] of texts.entries()) {
    const phrases = nounPhrases(text).filter((p) => p.plural === plural);
    // In the sentence itself the closest phrase is the last one before the cue; before it, the first (the topic).
    const chosen = k === 0 ? phrases.at(-1) : phrases[0];
    if (chosen) return chosen.phrase;
  }
  return null;
}

export interface Resolution {
  clause: string;
  /** How the clause's object was found: named in it, a noun before it, the task before it, or not at all. */
  object: 'own' | 'noun' | 'task' | 'unresolved';
}

/**
 * Resolves the clause's object. `before` holds the texts to search, closest first: the sentence up to the cue,
 * then the sentences before it. `previousTask` gives the task clause said just before, for "do that".
 */
export function resolveObject(clause: string, before: readonly string[], previousTask: () => string | null): Resolution {
  const proVerb = PRO_VERB.exec(clause);
  if (proVerb && PRO_VERB_TAIL.test(clause.slice(proVerb[0].length))) {
    const task = previousTask();
    return task ? { clause: task, object: 'task' } : { clause, object: 'unresolved' };
  }
  const match = OBJECT_PRONOUN.exec(clause);
  if (!match) return { clause, object: 'own' };
  if (LIGHT.test(match[1]!)) return { clause, object: 'unresolved' };
  const phrase = referent(match[2]!, before);
  if (!phrase) return { clause, object: 'unresolved' };
  return { clause: `${match[1]} ${phrase}${clause.slice(match[0].length)}`, object: 'noun' };
}

const GIVING = /^(send|e-?mail|forward|give|show|pass|mail|bring|hand|lend|get)\s+you\s+(.+)$/i;
const NAMING = /^(call|ring|ping|text|message|update|brief|remind|ask|tell|meet)\s+you\b/i;

/** "you" in a commitment as the listener's name; dropped where it cannot be named ("send you the deck"). */
export function nameTheListener(clause: string, listener: Participant | null): string {
  const name = listener?.name;
  let out = clause.replace(GIVING, (_, verb: string, rest: string) => `${verb} ${rest}${name ? ` to ${name}` : ''}`);
  if (name) out = out.replace(NAMING, (_, verb: string) => `${verb} ${name}`);
  // Unnamed, "to you" goes, except where the verb needs it ("get back to you").
  const addressed = name ? /\s+(to|for|with)\s+you\b(?!\s*(?:guys|all|two|both)\b)/gi : /(?<!\b(?:back|touch|up))\s+(to|for|with)\s+you\b(?!\s*(?:guys|all|two|both)\b)/gi;
  return out.replace(addressed, (_, preposition: string) => (name ? ` ${preposition} ${name}` : ''));
}
