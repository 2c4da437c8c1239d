/**
 * Scoring of extracted tickets against gold action items, exactly as the evaluation set's SCORING.md describes
 * it. Pure: no I/O, no clock. Used by bench/extraction-quality.ts and unit-tested in tests/extractors/scoring.test.ts.
 *
 * Where the description leaves room, the choices are:
 * - The leading assignee phrase is at most eight words at the very start of the text, followed by a modal
 *   ("will", "'ll", "shall", "should", "must", "is/are going to", "is/are gonna", "has/have to", "need(s) to",
 *   "is/are supposed to") or by a colon ("UI designer: …"). So that a ticket's own words are not dropped, the phrase
 *   may not contain clause words ("make sure the demo will run" keeps everything), and a phrase of more than three
 *   words must start like a subject ("the …", "all …", "they …"): "Prepare the slides Ada will present" is kept.
 * - A token is dropped when it, or its stem, is a function word, filler, modal or light verb; inflected forms of
 *   the light verbs ("working", "does", "made") are dropped too.
 * - The stem strips the first of `ing`, `ed`, `es`, `s` that the token ends with, when at least 4 characters remain.
 * - Fuzzy token matches (one insertion, deletion or substitution, both tokens ≥ 5 characters) are counted one-to-one
 *   after the exact matches, greedily in sorted token order.
 * - The first sentence of a description ends at the first `.`, `!` or `?` followed by white space (or the end).
 */

/** Articles, pronouns, prepositions, conjunctions, auxiliaries and other words that carry no task content. */
const FUNCTION_WORDS = [
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'some', 'any', 'all', 'both', 'each', 'every', 'either',
  'neither', 'no', 'not', 'nor', 'only', 'own', 'same', 'such', 'other', 'another', 'more', 'most', 'much', 'many',
  'few', 'less', 'very', 'too', 'so', 'just', 'also', 'then', 'than', 'there', 'here', 'now', 'again', 'once',
  'i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves', 'you', 'your', 'yours', 'yourself',
  'yourselves', 'he', 'him', 'his', 'himself', 'she', 'her', 'hers', 'herself', 'it', 'its', 'itself', 'they',
  'them', 'their', 'theirs', 'themselves', 'one', 'ones', 'someone', 'somebody', 'something', 'anyone', 'anything',
  'everyone', 'everybody', 'everything', 'nothing',
  'what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how', 'whether', 'if', 'because', 'as',
  'until', 'while', 'though', 'although', 'since', 'unless', 'and', 'but', 'or', 'yet',
  'of', 'at', 'by', 'for', 'with', 'about', 'against', 'between', 'into', 'through', 'during', 'before', 'after',
  'above', 'below', 'to', 'from', 'in', 'on', 'off', 'over', 'under', 'onto', 'upon', 'within', 'without',
  'across', 'along', 'around', 'towards', 'toward', 'via', 'per', 'like',
  'am', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'have', 'has', 'had', 'having', 'does', 'did', 'done',
  'doing', 'don', 'doesn', 'didn', 'isn', 'aren', 'wasn', 'weren', 'haven', 'hasn', 'hadn', 'won', 'wouldn',
  'shouldn', 'couldn', 'mustn', 'can', 'cannot', 'll', 're', 've', 'let', 'lets', 'gonna', 'wanna', 'gotta',
  'please', 'sure', 'maybe', 'perhaps', 'probably', 'actually', 'really', 'basically', 'quite', 'rather',
  'still', 'already', 'even', 'ever', 'never', 'always', 'well',
];
const FILLERS = ['um', 'uh', 'umm', 'uhm', 'erm', 'er', 'ah', 'oh', 'hmm', 'mm', 'mhm', 'okay', 'ok', 'yeah', 'yep', 'yes'];
const MODALS = ['will', 'would', 'shall', 'should', 'could', 'may', 'might', 'must', 'need', 'needs', 'ought'];
const LIGHT_VERBS = [
  'work', 'do', 'make', 'take', 'get', 'go', 'come', 'look', 'start', 'try', 'continue', 'up', 'out', 'together',
  'next', 'meeting',
  // Their inflected forms (the stemmer does not reach irregular ones).
  'works', 'worked', 'working', 'does', 'did', 'done', 'doing', 'makes', 'made', 'making', 'takes', 'took', 'taken',
  'taking', 'gets', 'got', 'gotten', 'getting', 'goes', 'went', 'gone', 'going', 'comes', 'came', 'coming', 'looks',
  'looked', 'looking', 'starts', 'started', 'starting', 'tries', 'tried', 'trying', 'continues', 'continued',
  'continuing', 'meetings',
];
const DROPPED = new Set([...FUNCTION_WORDS, ...FILLERS, ...MODALS, ...LIGHT_VERBS]);

const MODAL_AFTER_SUBJECT =
  /^\s*((?:[\p{L}'’.-]+[\s,]+){0,7}?[\p{L}'’.-]+)\s*(?:'ll\b|’ll\b|\s(?:will|shall|should|must)\b|\s(?:is|are)\s+(?:going\s+to|gonna|supposed\s+to)\b|\s(?:has|have|need|needs)\s+to\b)/iu;
const COLON_AFTER_SUBJECT = /^\s*((?:[\p{L}'’.-]+\s+){0,4}[\p{L}'’.-]+)\s*:\s+/u;
/** Words that show the text before a modal is a clause of the task, not its assignee. */
const CLAUSE_WORDS = new Set([
  'that', 'if', 'when', 'whether', 'to', 'sure', 'make', 'check', 'ensure', 'verify', 'confirm', 'test', 'so',
  'because', 'which', 'who', 'what', 'how', 'why', 'where', 'not', 'is', 'are', 'be', 'it', 'this', 'there',
]);

/** Words a longer subject starts with ("the industrial designer and …", "all members"). */
const SUBJECT_STARTERS = new Set([
  'the', 'a', 'an', 'all', 'both', 'each', 'every', 'everyone', 'everybody', 'they', 'we', 'i', 'you', 'he', 'she',
  'someone', 'somebody', 'our', 'their', 'his', 'her', 'my', 'your', 'team', 'group',
]);

/** Removes a leading assignee phrase: "Marcus will …", "The industrial designer and the UI designer are going to …", "UI designer: …". */
export function dropAssigneePhrase(text: string): string {
  for (const pattern of [MODAL_AFTER_SUBJECT, COLON_AFTER_SUBJECT]) {
    const match = pattern.exec(text);
    if (!match) continue;
    const words = match[1]!.toLowerCase().split(/[\s,]+/).filter(Boolean);
    if (words.some((w) => CLAUSE_WORDS.has(w))) continue;
    if (words.length > 3 && !SUBJECT_STARTERS.has(words[0]!)) continue;
    return text.slice(match[0].length).trimStart();
  }
  return text;
}

/** Strips the first of `ing`, `ed`, `es`, `s` the token ends with, when at least 4 characters remain. */
export function stem(token: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (token.endsWith(suffix) && token.length - suffix.length >= 4) return token.slice(0, -suffix.length);
  }
  return token;
}

/** The normalised tokens of a text (step 1), in order of first appearance, without duplicates. */
export function normalise(text: string): string[] {
  const tokens: string[] = [];
  for (const raw of dropAssigneePhrase(text).toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || DROPPED.has(raw)) continue;
    const stemmed = stem(raw);
    if (DROPPED.has(stemmed) || tokens.includes(stemmed)) continue;
    tokens.push(stemmed);
  }
  return tokens;
}

/** Whether two tokens differ by at most one insertion, deletion or substitution. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length === long.length) return short.slice(i + 1) === long.slice(i + 1);
  return short.slice(i) === long.slice(i + 1);
}

/** Token-set Dice with the one-edit rule for tokens of at least 5 characters (step 2). */
export function dice(a: readonly string[], b: readonly string[]): number {
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  if (!left.length && !right.length) return 0;
  const rightSet = new Set(right);
  let matched = 0;
  const leftRest: string[] = [];
  for (const token of left) {
    if (rightSet.has(token)) {
      matched++;
      rightSet.delete(token);
    } else leftRest.push(token);
  }
  const rightRest = right.filter((token) => rightSet.has(token));
  const used = new Set<number>();
  for (const token of leftRest) {
    if (token.length < 5) continue;
    const j = rightRest.findIndex((other, k) => !used.has(k) && other.length >= 5 && withinOneEdit(token, other));
    if (j !== -1) {
      used.add(j);
      matched++;
    }
  }
  return (2 * matched) / (left.length + right.length);
}

/** The first sentence of a text: up to the first `.`, `!` or `?` followed by white space or the end. */
export function firstSentence(text: string): string {
  const match = /[.!?](?=\s|$)/.exec(text);
  return match ? text.slice(0, match.index + 1) : text;
}

export interface ScoredTicket {
  title: string;
  description: string;
  assignee: string | null;
}

/** Similarity of a ticket and a gold text: the better of the title alone and the title plus the description's first sentence. */
export function ticketSimilarity(ticket: Pick<ScoredTicket, 'title' | 'description'>, goldText: string): number {
  const gold = normalise(goldText);
  const titleOnly = dice(normalise(ticket.title), gold);
  const withDescription = dice(normalise(`${ticket.title} ${firstSentence(ticket.description)}`), gold);
  return Math.max(titleOnly, withDescription);
}

export interface MatchedPair {
  ticket: number;
  gold: number;
  similarity: number;
}

/** Greedy one-to-one matching (step 3): pairs at or above the threshold, best first; ties by ticket index, then gold index. */
export function matchGreedy(similarities: readonly (readonly number[])[], threshold: number): MatchedPair[] {
  const pairs: MatchedPair[] = [];
  similarities.forEach((row, ticket) =>
    row.forEach((similarity, gold) => {
      if (similarity >= threshold) pairs.push({ ticket, gold, similarity });
    }),
  );
  pairs.sort((a, b) => b.similarity - a.similarity || a.ticket - b.ticket || a.gold - b.gold);
  const ticketsTaken = new Set<number>();
  const goldTaken = new Set<number>();
  const matched: MatchedPair[] = [];
  for (const pair of pairs) {
    if (ticketsTaken.has(pair.ticket) || goldTaken.has(pair.gold)) continue;
    ticketsTaken.add(pair.ticket);
    goldTaken.add(pair.gold);
    matched.push(pair);
  }
  return matched;
}

export interface GoldParticipant {
  id: string;
  name: string;
  role?: string;
}

export interface GoldAction {
  text: string;
  /** Speaker letters (participant ids) of the people the action names; empty when it names no one in the meeting. */
  assignee_speakers: string[];
}

export interface ScoredMeeting {
  id: string;
  participants: GoldParticipant[];
  tickets: ScoredTicket[];
  gold: GoldAction[];
}

/**
 * The participant id a ticket's assignee stands for: matched, case-insensitively, against participant names,
 * ids (AMI speaker letters) and roles. Null when it names no participant.
 */
export function resolveAssignee(assignee: string | null, participants: readonly GoldParticipant[]): string | null {
  if (!assignee) return null;
  const wanted = assignee.trim().toLowerCase();
  for (const key of ['name', 'id', 'role'] as const) {
    const found = participants.find((p) => p[key]?.trim().toLowerCase() === wanted);
    if (found) return found.id;
  }
  return null;
}

export interface MeetingScore {
  id: string;
  tickets: number;
  gold: number;
  matched: MatchedPair[];
  /** Matched pairs whose gold names people, and how many of them have the right assignee. */
  assigneeChecked: number;
  assigneeCorrect: number;
}

export function scoreMeeting(meeting: ScoredMeeting, threshold: number): MeetingScore {
  const goldTokens = meeting.gold.map((g) => normalise(g.text));
  const similarities = meeting.tickets.map((ticket) => {
    const titleOnly = normalise(ticket.title);
    const withDescription = normalise(`${ticket.title} ${firstSentence(ticket.description)}`);
    return goldTokens.map((gold) => Math.max(dice(titleOnly, gold), dice(withDescription, gold)));
  });
  const matched = matchGreedy(similarities, threshold);
  let assigneeChecked = 0;
  let assigneeCorrect = 0;
  for (const pair of matched) {
    const gold = meeting.gold[pair.gold]!;
    if (!gold.assignee_speakers.length) continue;
    assigneeChecked++;
    const id = resolveAssignee(meeting.tickets[pair.ticket]!.assignee, meeting.participants);
    if (id !== null && gold.assignee_speakers.includes(id)) assigneeCorrect++;
  }
  return { id: meeting.id, tickets: meeting.tickets.length, gold: meeting.gold.length, matched, assigneeChecked, assigneeCorrect };
}

export interface Summary {
  threshold: number;
  meetings: number;
  tickets: number;
  gold: number;
  matched: number;
  precision: number;
  recall: number;
  f1: number;
  /** Null when no matched pair names people. */
  assigneeAccuracy: number | null;
  assigneeChecked: number;
  ticketsPerMeeting: number;
}

/** Micro-averaged scores over all meetings (step 4). */
export function summarise(meetings: readonly ScoredMeeting[], threshold: number): Summary & { perMeeting: MeetingScore[] } {
  const perMeeting = meetings.map((meeting) => scoreMeeting(meeting, threshold));
  const sum = (pick: (m: MeetingScore) => number) => perMeeting.reduce((total, m) => total + pick(m), 0);
  const tickets = sum((m) => m.tickets);
  const gold = sum((m) => m.gold);
  const matched = sum((m) => m.matched.length);
  const assigneeChecked = sum((m) => m.assigneeChecked);
  const precision = tickets ? matched / tickets : 0;
  const recall = gold ? matched / gold : 0;
  return {
    threshold,
    meetings: meetings.length,
    tickets,
    gold,
    matched,
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    assigneeAccuracy: assigneeChecked ? sum((m) => m.assigneeCorrect) / assigneeChecked : null,
    assigneeChecked,
    ticketsPerMeeting: meetings.length ? tickets / meetings.length : 0,
    perMeeting,
  };
}
