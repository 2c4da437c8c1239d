/**
 * "Same task" matching, pure (no database): does a ticket just extracted from a meeting restate an open ticket of the
 * same workspace? A team that meets every week says the same task again ("the login redirect is still open"); this
 * finds the open ticket it restates, with a score in [0, 1] and the evidence, so the review can offer "Same as …".
 * Nothing here merges anything: it only proposes.
 *
 * How a pair is scored:
 * 1. Text is normalised: lower case, accents and punctuation dropped, function words and fillers dropped, English
 *    plurals and -ing/-ed endings stripped, and a few words put in a canonical form ("bug", "broken" → fix;
 *    "e-mail" → mail; "docs", "documentation" → doc).
 * 2. Each word weighs by its rarity among the open tickets (IDF), and generic work words ("work", "prepare", "task",
 *    "fix") weigh a quarter, so two tickets that share only "fix" or "review" share little.
 * 3. Text similarity is a weighted Dice of the two word sets, taken on the titles, and on title plus description (the
 *    description's words count less); the better of the two counts. Two words of five letters or more that differ
 *    by one edit also match. Sharing a two-word phrase ("login redirect") adds a little.
 * 4. Fields: the same assignee multiplies the text score up a little, the same project likewise; two different
 *    assignees (both set) pull it down hard, as a restated task rarely changes hands without saying so.
 *
 * Candidates: `buildMatchIndex` keeps an inverted index of the open tickets' words, built once per meeting; each new
 * ticket looks up its words (skipping those in more than a fifth of the tickets), adds up their weights per ticket
 * and scores only the best few dozen in full.
 */

/** The fields of a ticket that matching reads; all but the title may be missing. */
export interface MatchableTicket {
  title: string;
  description?: string | null;
  assignee?: string | null;
  project?: string | null;
  /** ISO date (YYYY-MM-DD) or null. */
  dueDate?: string | null;
  tags?: readonly string[] | null;
}

/** An open ticket of the workspace, a candidate to be the same task. */
export interface OpenTicket extends MatchableTicket {
  id: string;
  /** ISO timestamp the ticket was created. */
  createdAt?: string | null;
  /** The meeting the ticket came from, for "Same as <ticket> from <meeting, date>". */
  transcriptTitle?: string | null;
  transcriptDate?: string | null;
}

export interface MatchEvidence {
  /** Words (as written in the new ticket) found in both titles. */
  titleWords: string[];
  /** Words (as written in the new ticket) found in both texts but not both titles. */
  descriptionWords: string[];
  /** Two-word phrases (normalised) shared by the two texts. */
  phrases: string[];
  sameAssignee: boolean;
  /** Both tickets name an assignee and they differ. */
  assigneeConflict: boolean;
  sameProject: boolean;
  sameDueDate: boolean;
  sharedTags: string[];
  /** One title asks to review (or run) what the other asks to make: a follow-on task, not the same one. */
  actionConflict: boolean;
  /** Each title names a thing the other ticket never mentions. */
  distinctObjects: boolean;
  /** The text similarity before the fields' boosts and penalties, in [0, 1]. */
  textScore: number;
}

export interface SameTaskMatch {
  ticket: OpenTicket;
  /** In [0, 1]; "same task" at or above SAME_TASK_THRESHOLD. */
  score: number;
  evidence: MatchEvidence;
}

/** The score at or above which a candidate is proposed as the same task (measured in bench/same-task.ts). */
export const SAME_TASK_THRESHOLD = 0.55;
/**
 * The score at or above which a sentence saying a task is done proposes Done for its best open ticket. Lower than
 * SAME_TASK_THRESHOLD: a sentence is shorter than a ticket and says less (bench/same-task.ts measures both).
 */
export const DONE_MATCH_THRESHOLD = 0.35;
/** How many candidates per new ticket are scored in full after the index's rough pass. */
const CANDIDATES_SCORED = 40;
/** Words found in more than this share of the open tickets are skipped by the index's rough pass. */
const COMMON_SHARE = 0.2;
/** Weight of a generic work word relative to a content word of the same rarity. */
const LIGHT_WEIGHT = 0.25;
/** Weight of a description word relative to a title word. */
const DESCRIPTION_WEIGHT = 0.5;

// Function words, fillers, modals and time words: never evidence of the same task.
const STOP = new Set(
  `a an the and or but nor so yet of to in on at by for from with without into onto about over under after before
  than then as if is are was were be been being am do does did done doing have has had having will would shall
  should can could may might must need needs needed going gonna wanna want wants let lets it its it's this that
  these those there here what which who whom whose when where why how all any each every some no not none more most
  also just still again already yet very really quite too much many lot lots bit i me my mine we us our ours you
  your yours he him his she her hers they them their theirs one ones um uh erm hmm okay ok yeah yes oh well like
  maybe probably actually basically anyway kind sort thing things stuff something anything everything someone
  today tomorrow yesterday week weeks weekly next last this monday tuesday wednesday thursday friday saturday sunday
  morning afternoon evening now soon later time meeting meetings call standup stand-up open item items please
  sure right get got able via per etc dont doesnt didnt isnt arent wasnt werent havent hasnt wont cant couldnt
  shouldnt ive im ill weve theyre youre id itll thats whats theres`.split(/\s+/),
);

// Generic work words (as written; stemmed below): weigh little (a quarter), as they say what kind of work, not
// which task.
const LIGHT_WORDS = `work fix write prepare create build make take look start try continue finish complete keep sort handle add
  update check review investigate research explore find figure think send share post set run put plan follow deal
  task job piece part draft doc issue problem detail idea option rest first new final ready progress status help
  chase ping talk discuss present decide ask`.split(/\s+/);

// Canonical forms, applied after stemming.
const CANONICAL = new Map<string, string>(Object.entries({
  bug: 'fix',
  broken: 'fix',
  break: 'fix',
  repair: 'fix',
  resolv: 'fix',
  patch: 'fix',
  mail: 'mail',
  email: 'mail',
  docu: 'doc',
  documentation: 'doc',
  document: 'doc',
  doc: 'doc',
  writeup: 'writ',
  wrote: 'writ',
  written: 'writ',
  built: 'build',
  sent: 'send',
  made: 'mak',
  // a few spellings teams mix up
  colour: 'color',
  organis: 'organiz',
  analys: 'analyz',
  finalis: 'finaliz',
  customis: 'customiz',
  prioritis: 'prioritiz',
  modelling: 'model',
  modell: 'model',
  label: 'label',
  db: 'databas',
  signin: 'login',
  logon: 'login',
  signon: 'login',
  register: 'signup',
  registration: 'signup',
  translat: 'locali',
  translation: 'locali',
  translator: 'locali',
  localiz: 'locali',
  localis: 'locali',
  localization: 'locali',
  localisation: 'locali',
}));

/** Lower case, accents dropped, punctuation a space ("Zoë Šimić" → "zoe simic"): for names, projects and tags. */
export function foldText(text: string): string {
  return words(text).join(' ');
}

/** Lower case with accents dropped, and every character but letters, digits and - ' . , a space. */
function plainLower(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[‐‑–]/g, '-')
    .replace(/’/g, "'")
    .replace(/[^\p{L}\p{N}\-'.,]+/gu, ' ');
}

const WORD = /[\p{L}\p{N}]+(?:['\-.,][\p{L}\p{N}]+)*/gu;
const ASCII_WORD = /[a-z0-9]+(?:['\-.,][a-z0-9]+)*/g;

/**
 * The words of a text, lower case without accents: "'s" dropped, other apostrophes and hyphens inside a word joined
 * ("don't" → "dont", "e-mail" → "email"), "2.3" kept as "23", "sign in" → "signin", "end-to-end" → "e2e".
 */
function words(text: string): string[] {
  const lower = plainLower(text);
  // eslint-disable-next-line no-control-regex
  const pattern = /[^\x00-\x7f]/.test(lower) ? WORD : ASCII_WORD;
  const raw: string[] = [];
  for (const match of lower.match(pattern) ?? []) {
    let w = match;
    if (w.includes("'")) w = w.replace(/'s$/, '').replace(/'/g, '');
    if (w.includes('.') || w.includes(',')) {
      if (/^\d+(?:[.,]\d+)+$/.test(w)) raw.push(w.replace(/[.,]/g, ''));
      else for (const part of w.split(/[.,]/)) raw.push(part.replace(/-/g, ''));
      continue;
    }
    raw.push(w.includes('-') ? (w === 'end-to-end' ? 'e2e' : w.replace(/-/g, '')) : w);
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const w = raw[i]!;
    const next = raw[i + 1];
    if ((w === 'sign' || w === 'log') && (next === 'in' || next === 'on' || next === 'up')) {
      out.push(w + next);
      i++;
    } else if (w === 'end' && next === 'to' && raw[i + 2] === 'end') {
      out.push('e2e');
      i += 2;
    } else out.push(w);
  }
  return out;
}

const VOWEL = /[aeiouy]/;

/** Simple English stemming: plurals, -ing, -ed, a final -e; a doubled final consonant is undoubled. */
export function stem(word: string): string {
  let w = word;
  const canonical = CANONICAL.get(w);
  if (canonical) return canonical;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|us|is)$/.test(w)) {
    // class, status, analysis: not plurals
  } else if (/(sh|ch|x|z|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.endsWith('ation') && w.length > 7) w = w.slice(0, -3);
  const ending = /(ing|ed)$/.exec(w);
  if (ending && w.length - ending[0].length >= 3 && VOWEL.test(w.slice(0, -ending[0].length))) {
    w = w.slice(0, -ending[0].length);
    if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz|ff)$/.test(w)) w = w.slice(0, -1);
  }
  if (w.length > 3 && w.endsWith('e') && !w.endsWith('ee')) w = w.slice(0, -1);
  return CANONICAL.get(w) ?? w;
}

const LIGHT = new Set(LIGHT_WORDS.map(stem));

/** What kind of work a title's first word asks for, where two kinds are distinct tasks on the same thing. */
const ACTIONS: [string, RegExp][] = [
  ['review', /^(review|proofread|approve|sign off)\b/],
  ['run', /^(run|execute|carry out)\b/],
  ['make', /^(write|draft|create|build|prepare|design|add|implement)\b/],
];
function actionOf(title: string): string {
  const folded = foldText(title).replace(/^(please|let s|we|i|to) /, '');
  return ACTIONS.find(([, pattern]) => pattern.test(folded))?.[0] ?? '';
}
/** Reviewing or running a thing is another task than making it. */
function actionsConflict(a: string, b: string): boolean {
  if (a === b) return false;
  if (a === 'review' || b === 'review') return true;
  return (a === 'run' && b === 'make') || (a === 'make' && b === 'run');
}

interface Token {
  stem: string;
  surface: string;
}

// surface word → its stem, or '' for a word that is dropped (a function word, too short)
const stems = new Map<string, string>();
function stemOf(surface: string): string {
  let s = stems.get(surface);
  if (s === undefined) {
    s = surface.length < 2 || STOP.has(surface) ? '' : stem(surface);
    if (s.length < 2) s = '';
    if (stems.size > 100_000) stems.clear();
    stems.set(surface, s);
  }
  return s;
}

/** The normalised words of a text, in order, with the word each came from. */
export function tokenize(text: string | null | undefined): Token[] {
  if (!text) return [];
  const out: Token[] = [];
  for (const surface of words(text)) {
    const s = stemOf(surface);
    if (s) out.push({ stem: s, surface });
  }
  return out;
}

/** The distinct normalised words of some texts (what the index keeps). */
function stemSet(...texts: (string | null | undefined)[]): Set<string> {
  const out = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const surface of words(text)) {
      const s = stemOf(surface);
      if (s) out.add(s);
    }
  }
  return out;
}

function normaliseName(name: string | null | undefined): string {
  return name ? foldText(name) : '';
}

/** Two assignees are the same person when equal, or when one is the other's first name ("Grace", "Grace Hopper"). */
function samePerson(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return !shorter.includes(' ') && longer.split(' ')[0] === shorter;
}

function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1 || a.length < 5 || b.length < 5) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** A ticket made ready to compare: its words with their weights, phrases and fields. */
interface Prepared {
  title: Map<string, string>;
  /** Title and description words; description-only words weigh DESCRIPTION_WEIGHT. */
  all: Map<string, string>;
  titlePhrases: Set<string>;
  allPhrases: Set<string>;
  assignee: string;
  project: string;
  dueDate: string;
  tags: Set<string>;
  action: string;
}

function phrases(tokens: Token[]): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < tokens.length; i++) {
    const a = tokens[i - 1]!.stem;
    const b = tokens[i]!.stem;
    if (!LIGHT.has(a) && !LIGHT.has(b)) out.add(`${a} ${b}`);
  }
  return out;
}

function prepare(ticket: MatchableTicket): Prepared {
  const titleTokens = tokenize(ticket.title);
  const descriptionTokens = tokenize(ticket.description);
  const title = new Map<string, string>();
  for (const t of titleTokens) if (!title.has(t.stem)) title.set(t.stem, t.surface);
  const all = new Map(title);
  for (const t of descriptionTokens) if (!all.has(t.stem)) all.set(t.stem, t.surface);
  const titlePhrases = phrases(titleTokens);
  return {
    title,
    all,
    titlePhrases,
    allPhrases: new Set([...titlePhrases, ...phrases(descriptionTokens)]),
    assignee: normaliseName(ticket.assignee),
    project: normaliseName(ticket.project),
    dueDate: ticket.dueDate ?? '',
    tags: new Set((ticket.tags ?? []).map((t) => foldText(t)).filter(Boolean)),
    action: actionOf(ticket.title),
  };
}

/** The open tickets of a workspace, ready to be matched against: build once per meeting. */
export interface MatchIndex {
  readonly tickets: readonly OpenTicket[];
  readonly size: number;
  /** @internal each ticket made ready to compare, on first use */
  readonly prepared: (Prepared | undefined)[];
  /** @internal word → indexes of the tickets whose title or description has it */
  readonly postings: ReadonlyMap<string, readonly number[]>;
}

/** Builds the inverted index and word statistics of the open tickets. */
export function buildMatchIndex(tickets: readonly OpenTicket[]): MatchIndex {
  const postings = new Map<string, number[]>();
  tickets.forEach((ticket, i) => {
    for (const word of stemSet(ticket.title, ticket.description)) {
      const list = postings.get(word);
      if (list) list.push(i);
      else postings.set(word, [i]);
    }
  });
  return { tickets, size: tickets.length, prepared: new Array<Prepared | undefined>(tickets.length), postings };
}

function preparedAt(index: MatchIndex, i: number): Prepared {
  let p = index.prepared[i];
  if (!p) {
    p = prepare(index.tickets[i]!);
    index.prepared[i] = p;
  }
  return p;
}

/** A word's weight: rarer among the open tickets weighs more (IDF, in (0, 1]); generic work words a quarter. */
function weightOf(index: MatchIndex, word: string): number {
  const df = index.postings.get(word)?.length ?? 0;
  // Smoothed IDF scaled into (0, 1]: a word in no ticket weighs 1, one in every ticket about 0.3.
  const n = index.size + 1;
  const idf = Math.log((n + 1) / (df + 0.5)) / Math.log((n + 1) / 0.5);
  const rarity = 0.3 + 0.7 * Math.max(0, Math.min(1, idf));
  return LIGHT.has(word) ? rarity * LIGHT_WEIGHT : rarity;
}

interface Overlap {
  score: number;
  shared: Map<string, string>;
}

/** Weighted Dice of two word maps; description-only words (not in the titles) weigh less. */
function weightedDice(
  index: MatchIndex,
  a: Map<string, string>,
  aTitle: Map<string, string>,
  b: Map<string, string>,
  bTitle: Map<string, string>,
): Overlap {
  const shared = new Map<string, string>();
  let sumA = 0;
  let sumB = 0;
  let common = 0;
  const w = (word: string, inTitle: boolean) => weightOf(index, word) * (inTitle ? 1 : DESCRIPTION_WEIGHT);
  const usedB = new Set<string>();
  for (const [word, surface] of a) {
    const wa = w(word, aTitle.has(word));
    sumA += wa;
    let match: string | undefined = b.has(word) ? word : undefined;
    if (!match && word.length >= 5) {
      for (const other of b.keys()) {
        if (!usedB.has(other) && withinOneEdit(word, other)) {
          match = other;
          break;
        }
      }
    }
    if (match && !usedB.has(match)) {
      usedB.add(match);
      common += Math.min(wa, w(match, bTitle.has(match)));
      shared.set(word, surface);
    }
  }
  for (const word of b.keys()) sumB += w(word, bTitle.has(word));
  return { score: sumA + sumB ? (2 * common) / (sumA + sumB) : 0, shared };
}

/** Whether `a`'s title has a content word (not a generic work word) that appears nowhere in `b`, nor within one edit. */
function ownWords(index: MatchIndex, a: Prepared, b: Prepared): boolean {
  for (const word of a.title.keys()) {
    if (LIGHT.has(word) || b.all.has(word) || weightOf(index, word) < 0.5) continue;
    let near = false;
    if (word.length >= 5) for (const other of b.all.keys()) if (withinOneEdit(word, other)) near = true;
    if (!near) return true;
  }
  return false;
}

function scorePair(index: MatchIndex, a: Prepared, b: Prepared): { score: number; evidence: MatchEvidence } {
  const titles = weightedDice(index, a.title, a.title, b.title, b.title);
  const full = weightedDice(index, a.all, a.title, b.all, b.title);
  const sharedPhrases = [...a.allPhrases].filter((p) => b.allPhrases.has(p));
  const titlePhrase = [...a.titlePhrases].some((p) => b.titlePhrases.has(p));
  let text = Math.max(titles.score, full.score);
  if (sharedPhrases.length) text = Math.min(1, text + (titlePhrase ? 0.08 : 0.04));

  const bothAssigned = Boolean(a.assignee && b.assignee);
  const sameAssignee = bothAssigned && samePerson(a.assignee, b.assignee);
  const assigneeConflict = bothAssigned && !sameAssignee;
  const sameProject = Boolean(a.project && b.project && a.project === b.project);
  const sameDueDate = Boolean(a.dueDate && a.dueDate === b.dueDate);
  const sharedTags = [...a.tags].filter((t) => b.tags.has(t));

  let factor = 1;
  if (sameAssignee) factor += 0.15;
  if (sameProject) factor += 0.05;
  if (sameDueDate) factor += 0.03;
  if (sharedTags.length) factor += 0.03;
  if (a.project && b.project && !sameProject) factor *= 0.9;
  if (assigneeConflict) factor *= 0.6;
  const actionConflict = actionsConflict(a.action, b.action);
  if (actionConflict) factor *= 0.6;
  // Each title names a thing of its own that the other ticket never mentions ("App Store screenshots" vs "App Store
  // release notes"): more likely two tasks on one subject.
  const distinctObjects = ownWords(index, a, b) && ownWords(index, b, a);
  if (distinctObjects) factor *= 0.85;
  const score = Math.max(0, Math.min(1, text * factor));

  const titleWords = [...titles.shared.values()];
  const inTitle = new Set(titles.shared.keys());
  const descriptionWords = [...full.shared].filter(([word]) => !inTitle.has(word)).map(([, surface]) => surface);
  return {
    score: Math.round(score * 1000) / 1000,
    evidence: {
      titleWords,
      descriptionWords,
      phrases: sharedPhrases,
      sameAssignee,
      assigneeConflict,
      sameProject,
      sameDueDate,
      sharedTags,
      actionConflict,
      distinctObjects,
      textScore: Math.round(text * 1000) / 1000,
    },
  };
}

export interface FindOptions {
  /** Only candidates scoring at least this (default SAME_TASK_THRESHOLD); 0 returns every scored candidate. */
  threshold?: number;
  /** At most this many, best first (default 5). */
  limit?: number;
}

/**
 * The open tickets that `ticket` likely restates, best first, each with its score and evidence. Uses the index's
 * rough pass to pick candidates, then scores those in full.
 */
export function findSameTask(ticket: MatchableTicket, index: MatchIndex, options: FindOptions = {}): SameTaskMatch[] {
  const threshold = options.threshold ?? SAME_TASK_THRESHOLD;
  const limit = options.limit ?? 5;
  if (!index.size) return [];
  const mine = prepare(ticket);
  const common = Math.max(5, index.size * COMMON_SHARE);
  const rough = new Map<number, number>();
  for (const word of mine.all.keys()) {
    const list = index.postings.get(word);
    if (!list || list.length > common) continue;
    const weight = weightOf(index, word) * (mine.title.has(word) ? 1 : DESCRIPTION_WEIGHT);
    for (const i of list) rough.set(i, (rough.get(i) ?? 0) + weight);
  }
  const candidates = [...rough].sort((x, y) => y[1] - x[1] || x[0] - y[0]).slice(0, CANDIDATES_SCORED);
  const out: SameTaskMatch[] = [];
  for (const [i] of candidates) {
    const { score, evidence } = scorePair(index, mine, preparedAt(index, i));
    if (score >= threshold) out.push({ ticket: index.tickets[i]!, score, evidence });
  }
  out.sort((x, y) => y.score - x.score);
  return out.slice(0, limit);
}

/** The score of one pair, with the word weights taken from `index` (or from the pair alone). */
export function scoreSameTask(a: MatchableTicket, b: MatchableTicket, index?: MatchIndex): { score: number; evidence: MatchEvidence } {
  const stats = index ?? buildMatchIndex([{ id: 'a', ...a }, { id: 'b', ...b }]);
  return scorePair(stats, prepare(a), prepare(b));
}

/** For each of a meeting's new tickets, its likely "same task" open tickets (index built once). */
export function matchMeeting(newTickets: readonly MatchableTicket[], open: readonly OpenTicket[], options: FindOptions = {}): SameTaskMatch[][] {
  const index = buildMatchIndex(open);
  return newTickets.map((t) => findSameTask(t, index, options));
}

// ---- "done" said in a meeting ----

const DONE_VERBS =
  'finished|completed|shipped|merged|deployed|released|launched|fixed|closed|resolved|delivered|published|landed|wrapped up|sorted out|sent out|sent|submitted|rolled out|pushed out|signed off|knocked out|got through|handed in|handed over|uploaded|migrated|implemented|solved|nailed';
const DONE_STATES =
  'done|finished|complete|completed|shipped|merged|deployed|released|live|fixed|closed|resolved|sorted|in production|out the door|wrapped up|taken care of|dealt with|good to go|signed off|published|out';

const NEGATION = /\b(not|n't|never|no longer|yet to|hasn't|haven't|isn't|aren't|wasn't|weren't|didn't|won't|can't|cannot)\b|\bnot yet\b/i;
const NOT_YET = /\b(almost|nearly|partly|partially|half|mostly|about to|soon|close to|by (monday|tuesday|wednesday|thursday|friday|the end|next|tomorrow|eod|end of)|hopefully|once|when|if|until|after|before|should be|will be|would be|might be|could be|gonna be|going to be|need(s)? to be|has to be|have to be|to be done|plan(ning)? to|going to|gonna|will|'ll|want(s)? to|need(s)? to|try(ing)? to|still)\b/i;

const DONE_SUBJECT = new RegExp(
  String.raw`\b(i|we|she|he|they|[a-z]+)\s+(?:just\s+|finally\s+|already\s+|actually\s+)?(?:have\s+|'ve\s+|has\s+|'s\s+|had\s+)?(?:just\s+|finally\s+|already\s+)?(?:${DONE_VERBS})\b`,
  'i',
);
const DONE_STATE = new RegExp(String.raw`\b(?:is|are|was|were|'s|'re|has been|have been|got|is now|are now|now)\s+(?:all\s+|now\s+|finally\s+|fully\s+|already\s+)?(?:${DONE_STATES})\b`, 'i');
const DONE_WITH = /\b(?:done with|finished with|through with|crossed off|ticked off|checked off|off my list|off the list)\b|\bgot (?:it|that|the .+?) (?:done|finished|merged|shipped)\b/i;

/**
 * Whether a sentence reports a task finished: "I finished the login redirect fix", "the onboarding docs are done",
 * "we shipped the export". Questions, plans, conditions and negations are not ("is the redirect done?", "I'll finish
 * it Friday", "once the docs are done", "it isn't merged yet", "almost done").
 */
export function saysDone(quote: string): boolean {
  const sentence = quote.replace(/[’]/g, "'").trim();
  if (!sentence) return false;
  if (/\?\s*$/.test(sentence)) return false;
  const lower = sentence.toLowerCase();
  if (NEGATION.test(lower)) return false;
  if (!(DONE_SUBJECT.test(lower) || DONE_STATE.test(lower) || DONE_WITH.test(lower))) return false;
  return !NOT_YET.test(lower);
}

// ---- words to search a tracker by ----

/**
 * The words of a ticket worth searching a tracker's items by, as written (lower case): its title's words that say
 * something (function words and fillers dropped, as the scorer drops them), then its description's, once each by
 * stem, generic work words ("fix", "update") last; at most `most`.
 */
export function searchWordsOf(ticket: MatchableTicket, most = 12): string[] {
  const seen = new Set<string>();
  const words: { surface: string; light: boolean }[] = [];
  for (const token of [...tokenize(ticket.title), ...tokenize(ticket.description)]) {
    if (seen.has(token.stem) || token.surface.length < 2) continue;
    seen.add(token.stem);
    words.push({ surface: token.surface, light: LIGHT.has(token.stem) });
  }
  return [...words.filter((word) => !word.light), ...words.filter((word) => word.light)].slice(0, most).map((word) => word.surface);
}
