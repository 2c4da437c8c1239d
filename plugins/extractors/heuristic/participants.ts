/**
 * Who is who: finds participants mentioned in a sentence (by full name, by a unique first name, by their role
 * when the transcript gives one, or by the initials of a job title: "UID" for "User Interface Designer") and
 * checks whether a reply agrees. Placeholder speakers ("Speaker 1", "Unknown") are never mentioned and never
 * assignees. A name that is not a participant's is only taken where someone is addressed by it ("Nina, could
 * you…") in a meeting whose speakers are not all known by name; it is returned exactly as spoken.
 */
import { isPlaceholderName, type Participant } from '../../sdk/index.ts';
import { spokenVocatives } from './vocatives.ts';

export interface Mention {
  participant: Participant;
  start: number;
  end: number;
}

export interface Roster {
  participants: readonly Participant[];
  /** The participant with this id, if any. */
  byId(id: string): Participant | undefined;
  /** Participants mentioned in `text`, in order, without overlaps (and people addressed by a spoken name). */
  mentions(text: string): Mention[];
  /** Whether a participant can be an assignee: a person, not a placeholder speaker. */
  isPerson(participant: Participant | null | undefined): participant is Participant;
}

/** Words that make a name a job title rather than a person's name (no first-name alias then). */
const ROLE_WORDS =
  /\b(?:designer|manager|expert|engineer|developer|lead|leader|specialist|analyst|owner|speaker|participant|guest|host|user|member|team|officer|director|head|chair|admin|administrator|unknown|interviewer|interviewee|moderator|presenter|caller|attendee)\b/i;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Alias {
  text: string;
  /** The participant's index in the list the aliases were made from. */
  index: number;
  caseSensitive: boolean;
}

/** What a list of participants compiles to: their names and aliases, the pattern that finds them, the way back. */
interface Compiled {
  pattern: RegExp | null;
  /** Alias text (flattened spaces) to the participant's index: case-sensitive ones exactly, the others lower-cased. */
  exact: Map<string, number>;
  folded: Map<string, number>;
  people: number;
}

function compile(participants: readonly Participant[]): Compiled {
  const aliases: Alias[] = [];
  const seen = new Map<string, Participant | null>();
  const add = (text: string, index: number, caseSensitive: boolean) => {
    const participant = participants[index]!;
    const key = caseSensitive ? text : text.toLowerCase();
    const previous = seen.get(key);
    if (previous === undefined) seen.set(key, participant);
    else if (previous && previous.id !== participant.id) seen.set(key, null); // Two people share it: ambiguous.
    aliases.push({ text, index, caseSensitive });
  };
  const firstWordCounts = new Map<string, number>();
  for (const p of participants) {
    const first = p.name.trim().split(/\s+/)[0]!;
    firstWordCounts.set(first, (firstWordCounts.get(first) ?? 0) + 1);
  }
  let people = 0;
  participants.forEach((p, index) => {
    if (isPlaceholderName(p.name)) return;
    people++;
    const name = p.name.trim().replace(/\s+/g, ' ');
    if (name.length >= 2) add(name, index, !/\s/.test(name) && /^\p{Lu}/u.test(name));
    const words = name.split(' ');
    const capitalised = words.length >= 2 && words.every((w) => /^\p{Lu}/u.test(w)) && !/\d/.test(name);
    if (capitalised && !ROLE_WORDS.test(name) && words[0]!.length >= 2 && firstWordCounts.get(words[0]!) === 1) add(words[0]!, index, true);
    // "UID" for "User Interface Designer": job titles are often said by their initials.
    if (capitalised && ROLE_WORDS.test(name) && words.length <= 4) add(words.map((w) => w[0]!.toUpperCase()).join(''), index, true);
    const role = p.role?.trim();
    if (role && role.length >= 2) add(role, index, role.length <= 4 && role === role.toUpperCase());
  });
  const usable = aliases.filter((a) => seen.get(a.caseSensitive ? a.text : a.text.toLowerCase()));
  usable.sort((a, b) => b.text.length - a.text.length);
  const pattern = usable.length
    ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${usable.map((a) => escape(a.text).replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}])`, 'giu')
    : null;
  // The first alias in `usable` order wins, as a search of the list would find it.
  const exact = new Map<string, number>();
  const folded = new Map<string, number>();
  for (const alias of usable) {
    const [map, key] = alias.caseSensitive ? [exact, alias.text] : [folded, alias.text.toLowerCase()];
    if (!map.has(key)) map.set(key, alias.index);
  }
  return { pattern, exact, folded, people };
}

/**
 * The last list compiled, by content: every chunk of a meeting comes with the same participants, and a pattern of
 * a thousand names costs more to compile than a chunk to read.
 */
let last: { key: string; compiled: Compiled } | undefined;

function compiled(participants: readonly Participant[]): Compiled {
  const key = participants.map((p) => `${p.id}\u0000${p.name}\u0000${p.role ?? ''}`).join('\u0001');
  if (last?.key !== key) last = { key, compiled: compile(participants) };
  return last.compiled;
}

export function createRoster(participants: readonly Participant[]): Roster {
  const { pattern, exact, folded, people } = compiled(participants);
  const lookup = (found: string): Participant | undefined => {
    const flat = found.replace(/\s+/g, ' ');
    const index = exact.get(flat) ?? folded.get(flat.toLowerCase());
    return index === undefined ? undefined : participants[index];
  };
  const byId = new Map(participants.map((p) => [p.id, p]));
  // Someone in the room is known only as a placeholder (or no one is listed): a name they are addressed by is
  // the best name there is for them.
  const spokenNames = participants.length === 0 || people < participants.length;
  const spoken = new Map<string, Participant>();
  return {
    participants,
    byId: (id) => byId.get(id),
    isPerson: (participant): participant is Participant => !!participant && !isPlaceholderName(participant.name),
    mentions(text) {
      const found: Mention[] = [];
      if (pattern) {
        pattern.lastIndex = 0;
        for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
          const participant = lookup(match[0]);
          if (participant) found.push({ participant, start: match.index, end: match.index + match[0].length });
        }
      }
      if (!spokenNames) return found;
      for (const vocative of spokenVocatives(text)) {
        if (found.some((m) => m.start < vocative.end && vocative.start < m.end) || lookup(vocative.name) || isPlaceholderName(vocative.name)) continue;
        let participant = spoken.get(vocative.name);
        if (!participant) spoken.set(vocative.name, (participant = { id: `spoken:${vocative.name}`, name: vocative.name }));
        found.push({ participant, start: vocative.start, end: vocative.end });
      }
      return found.sort((a, b) => a.start - b.start);
    },
  };
}

const AGREEMENT =
  /^(?:[\s,.!-]*(?:oh|well|so|right|alright|all right|um|uh|mm|hmm)\b)*[\s,.!-]*(?:yes|yeah|yep|yup|sure|okay|ok|o\.k\.|will do|no problem|of course|absolutely|certainly|definitely|fine|sounds good|got it|on it|i can|i will|i'll|i could|can do)\b/i;

/** Whether a reply starts by agreeing: yes, sure, okay, will do, I can… */
export function agrees(reply: string): boolean {
  return AGREEMENT.test(reply);
}
