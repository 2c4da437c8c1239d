/**
 * Text helpers for the offline extractor: sentence splitting with offsets (quotes stay verbatim), disfluency
 * cleaning (fillers, stutters), content tokens for comparing tasks, and title shaping.
 */

/** One sentence of a message: the verbatim text and where it sits in the message, plus a cleaned copy. */
export interface Sentence {
  /** Verbatim, trimmed. */
  text: string;
  start: number;
  end: number;
  /** Fillers and stutters removed, white space collapsed. */
  clean: string;
}

/** Longer runs without a sentence end (unpunctuated captions) are cut at a comma or a space. */
const MAX_SENTENCE = 400;

/** Splits at `.`, `!` or `?` (runs of them) followed by white space, and at line breaks. */
export function splitSentences(content: string): Sentence[] {
  const sentences: Sentence[] = [];
  const boundary = /[.!?…]+["'”’)]*(?=\s)|\n+/g;
  let from = 0;
  const add = (start: number, end: number) => {
    const raw = content.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text) sentences.push({ text, start: start + lead, end: start + lead + text.length, clean: cleanText(text) });
  };
  const push = (to: number) => {
    let start = from;
    while (to - start > MAX_SENTENCE) {
      const window = content.slice(start, start + MAX_SENTENCE);
      const comma = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '));
      const space = window.lastIndexOf(' ');
      const cut = comma > MAX_SENTENCE / 2 ? comma + 1 : space > MAX_SENTENCE / 2 ? space : MAX_SENTENCE;
      add(start, start + cut);
      start += cut;
    }
    add(start, to);
  };
  for (let match = boundary.exec(content); match; match = boundary.exec(content)) {
    const to = match.index + match[0].length;
    push(to);
    from = to;
  }
  push(content.length);
  return sentences;
}

/** Filler words and phrases that carry nothing in a ticket. `like` only between commas, as a filler. */
const FILLER_PATTERN =
  /(?:^|(?<=[\s,;:(]))(?:u+m+|u+h+m*|e+r+m*|a+h+|hmm+|m+h*m+|mm-hmm|uh-huh|you know(?! (?:what|how|that|which|who|where|when|why|if|whether))|i mean|sort of|kind of|basically|literally)(?=$|[\s,.;:!?)])[,]?/giu;
const COMMA_LIKE = /,\s*like,/giu;

/**
 * Removes fillers ("um", "uh", "you know", "I mean", "sort of"), repeated words ("the the the"), truncated
 * repeats and dangling commas, and collapses white space.
 */
function cleanText(text: string): string {
  let out = text.replace(/[’‘]/g, "'").replace(FILLER_PATTERN, ' ').replace(COMMA_LIKE, ',');
  // Stutters: the same word (or two words) said again right away.
  out = out.replace(/\b([\p{L}'’]+)(?:[\s,]+\1\b)+/giu, '$1');
  out = out.replace(/\b([\p{L}'’]+\s+[\p{L}'’]+)(?:[\s,]+\1\b)+/giu, '$1');
  out = out
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/^[\s,;:.-]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return out;
}

/** Function words, fillers, modals and light verbs: tokens that say nothing about which task is meant. */
const STOP_WORDS = new Set(
  (
    'a an the this that these those some any all both each every either neither no not nor only own same such other ' +
    'another more most much many few less very too so just also then than there here now again once i me my mine ' +
    'myself we us our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it ' +
    'its itself they them their theirs themselves one ones someone somebody something anyone anything everyone ' +
    'everybody everything nothing what which who whom whose when where why how whether if because as until while ' +
    'though although since unless and but or yet of at by for with about against between into through during ' +
    'before after above below to from in on off over under onto upon within without across along around towards ' +
    'toward via per like am is are was were be been being have has had having do does did done doing don doesn ' +
    'didn isn aren wasn weren haven hasn hadn won wouldn shouldn couldn can cannot ll re ve let lets gonna wanna ' +
    'gotta please sure maybe perhaps probably actually really basically quite rather still already even ever never ' +
    'always well um uh erm er ah oh hmm mm okay ok yeah yep yes will would shall should could may might must need ' +
    'needs ought work make take get go come look start try continue up out together next meeting thing things bit ' +
    'lot kind sort guys'
  ).split(' '),
);

function stem(token: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (token.endsWith(suffix) && token.length - suffix.length >= 4) return token.slice(0, -suffix.length);
  }
  return token;
}

/** The content tokens of a text: lower-case, stemmed, without stop words, duplicates removed. */
export function contentTokens(text: string): string[] {
  const tokens = new Set<string>();
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOP_WORDS.has(raw)) continue;
    const stemmed = stem(raw);
    if (!STOP_WORDS.has(stemmed)) tokens.add(stemmed);
  }
  return [...tokens];
}

/** Dice coefficient of two token lists, as sets. */
export function tokenDice(a: readonly string[], b: readonly string[]): number {
  if (!a.length || !b.length) return 0;
  const right = new Set(b);
  const shared = new Set(a.filter((token) => right.has(token))).size;
  return (2 * shared) / (new Set(a).size + right.size);
}

export function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** Words a title should not end on. */
const DANGLING = new Set(
  'a an the and or but of to for with at by in on from into about as so than then that this my your our their its is are be was were will would can could should if when which who uh um'.split(
    ' ',
  ),
);

/** Cuts a phrase to at most `max` characters at a word boundary and drops dangling function words at its end. */
export function trimPhrase(text: string, max: number): string {
  let out = text.replace(/[\s,;:.!?-]+$/u, '').trim();
  if (out.length > max) {
    const cut = out.slice(0, max + 1);
    const space = cut.lastIndexOf(' ');
    out = (space > max / 2 ? cut.slice(0, space) : out.slice(0, max)).trim();
  }
  let words = out.split(' ');
  while (words.length > 1 && DANGLING.has(words.at(-1)!.toLowerCase().replace(/[,;:.!?]+$/u, ''))) words = words.slice(0, -1);
  return words.join(' ').replace(/[\s,;:-]+$/u, '');
}

/** Verbatim text, cut to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.slice(0, max * 2).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

const ING_EXCEPTIONS: Record<string, string> = {
  being: 'be', having: 'have', doing: 'do', going: 'go', coming: 'come', making: 'make', taking: 'take',
  giving: 'give', using: 'use', writing: 'write', sharing: 'share', preparing: 'prepare', changing: 'change',
  leaving: 'leave', saving: 'save', moving: 'move', living: 'live', closing: 'close', choosing: 'choose',
  organising: 'organise', organizing: 'organize', finalising: 'finalise', finalizing: 'finalize', placing: 'place',
};

/** The base form of an `-ing` verb, for turning "will be sending" into "send". Good enough for titles. */
export function baseOfIng(word: string): string {
  const lower = word.toLowerCase();
  if (ING_EXCEPTIONS[lower]) return ING_EXCEPTIONS[lower];
  if (!lower.endsWith('ing') || lower.length < 5) return lower;
  const stemmed = lower.slice(0, -3);
  if (/([bdfgmnprt])\1$/.test(stemmed)) return stemmed.slice(0, -1);
  if (/(?:at|iz|is|ut|ur|ag|ib|ud|ov|rg|ang)$/.test(stemmed)) return `${stemmed}e`;
  return stemmed;
}
