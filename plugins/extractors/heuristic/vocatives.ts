/**
 * Names someone is addressed by ("Nina, could you…", "…, Nina?", "Nina. Can you…"), for meetings whose speakers
 * are not all known by name. Only the addressing positions count: a capitalised word elsewhere ("Nina will…",
 * "ask Nina") may be anyone, and a word that opens a sentence is only taken when a comma follows it.
 */

export interface SpokenName {
  name: string;
  start: number;
  end: number;
}

/** Capitalised words that open or close a sentence with a comma without being anyone's name. */
const NOT_A_NAME = new Set(
  (
    'okay ok so well right yes yeah yep yup no nope now alright also and but then sorry please hey hi hello thanks ' +
    'thank great fine sure good oh um uh listen look guys everyone everybody folks team all actually honestly ' +
    'seriously anyway anyways first second third next finally otherwise again perfect cool nice wow hmm ah ' +
    'basically however meanwhile today tomorrow tonight yesterday monday tuesday wednesday thursday friday ' +
    'saturday sunday january february march april may june july august september october november december ' +
    'plus besides obviously personally ideally hopefully maybe perhaps absolutely definitely exactly agreed true ' +
    'correct understood noted similarly likewise regardless therefore thus hence instead still yet though sir ' +
    'madam boss friends people mate buddy dude man ladies gentlemen honey dear god gosh oops whoa ugh excellent ' +
    'awesome brilliant lovely indeed anyhow afterwards later soon quickly briefly overall speaking meaning ' +
    'unfortunately fortunately luckily sadly frankly clearly apparently naturally certainly surely wait ' +
    'here there this that these those it what why how when where who which if because i we you they ' +
    'he she someone somebody anyone anybody nobody copy roger over affirmative negative check done cheers ' +
    'bye goodbye welcome congratulations congrats'
  ).split(' '),
);

const WORD = String.raw`\p{Lu}[\p{Ll}'\u2019-]+`;
const NAME = String.raw`${WORD}(?:\s+${WORD})?`;
const LEAD = String.raw`^(?:(?:so|okay|ok|and|right|now|hey|hi|well|oh|alright|also|then)[\s,]+)*`;
const OPENING = new RegExp(String.raw`${LEAD}(${NAME})\s*,\s*\S`, 'u');
const CLOSING = new RegExp(String.raw`,\s*(${NAME})\s*[?.!]*\s*$`, 'u');
const INSIDE = new RegExp(String.raw`,\s*(${NAME})\s*,`, 'gu');
const ALONE = new RegExp(String.raw`${LEAD}(${NAME})\s*[?.!]*\s*$`, 'u');

function usable(name: string): boolean {
  return name.split(/\s+/).every((word) => !NOT_A_NAME.has(word.toLowerCase()));
}

/** The names `sentence` addresses someone by, in order. */
export function spokenVocatives(sentence: string): SpokenName[] {
  const found: SpokenName[] = [];
  const add = (match: RegExpExecArray | null) => {
    if (!match) return;
    const name = match[1]!.replace(/\s+/g, ' ');
    const start = match.index + match[0].indexOf(match[1]!);
    if (usable(name) && !found.some((f) => f.start === start)) found.push({ name, start, end: start + match[1]!.length });
  };
  add(OPENING.exec(sentence));
  add(ALONE.exec(sentence));
  INSIDE.lastIndex = 0;
  for (let match = INSIDE.exec(sentence); match; match = INSIDE.exec(sentence)) add(match);
  add(CLOSING.exec(sentence));
  return found.sort((a, b) => a.start - b.start);
}
