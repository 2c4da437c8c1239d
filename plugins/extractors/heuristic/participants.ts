/**
 * Who is who: finds participants mentioned in a sentence (by full name, by a unique first name, or by their role
 * when the transcript gives one) and checks whether a reply agrees. Only names from transcript.participants are
 * ever returned, exactly as given: the extractor never invents an assignee.
 */
import type { Participant } from '../../sdk/index.ts';

export interface Mention {
  participant: Participant;
  start: number;
  end: number;
}

export interface Roster {
  participants: readonly Participant[];
  /** The participant with this id, if any. */
  byId(id: string): Participant | undefined;
  /** Participants mentioned in `text`, in order, without overlaps. */
  mentions(text: string): Mention[];
}

/** Words that make a name a job title rather than a person's name (no first-name alias then). */
const ROLE_WORDS =
  /\b(?:designer|manager|expert|engineer|developer|lead|leader|specialist|analyst|owner|speaker|participant|guest|host|user|member|team|officer|director|head|chair|admin|administrator|unknown|interviewer|interviewee|moderator|presenter|caller|attendee)\b/i;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Alias {
  text: string;
  participant: Participant;
  caseSensitive: boolean;
}

export function createRoster(participants: readonly Participant[]): Roster {
  const aliases: Alias[] = [];
  const seen = new Map<string, Participant | null>();
  const add = (text: string, participant: Participant, caseSensitive: boolean) => {
    const key = caseSensitive ? text : text.toLowerCase();
    const previous = seen.get(key);
    if (previous === undefined) seen.set(key, participant);
    else if (previous && previous.id !== participant.id) seen.set(key, null); // Two people share it: ambiguous.
    aliases.push({ text, participant, caseSensitive });
  };
  const firstWordCounts = new Map<string, number>();
  for (const p of participants) {
    const first = p.name.trim().split(/\s+/)[0]!;
    firstWordCounts.set(first, (firstWordCounts.get(first) ?? 0) + 1);
  }
  for (const p of participants) {
    const name = p.name.trim().replace(/\s+/g, ' ');
    if (name.length >= 2) add(name, p, !/\s/.test(name) && /^\p{Lu}/u.test(name));
    const words = name.split(' ');
    const personLike = words.length >= 2 && words.every((w) => /^\p{Lu}/u.test(w)) && !ROLE_WORDS.test(name) && !/\d/.test(name);
    if (personLike && words[0]!.length >= 2 && firstWordCounts.get(words[0]!) === 1) add(words[0]!, p, true);
    const role = p.role?.trim();
    if (role && role.length >= 2) add(role, p, role.length <= 4 && role === role.toUpperCase());
  }
  const usable = aliases.filter((a) => seen.get(a.caseSensitive ? a.text : a.text.toLowerCase()));
  usable.sort((a, b) => b.text.length - a.text.length);
  const pattern = usable.length
    ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${usable.map((a) => escape(a.text).replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}])`, 'giu')
    : null;
  const lookup = (found: string): Participant | undefined => {
    const flat = found.replace(/\s+/g, ' ');
    return (
      usable.find((a) => a.caseSensitive && a.text === flat)?.participant ??
      usable.find((a) => !a.caseSensitive && a.text.toLowerCase() === flat.toLowerCase())?.participant
    );
  };
  const byId = new Map(participants.map((p) => [p.id, p]));
  return {
    participants,
    byId: (id) => byId.get(id),
    mentions(text) {
      if (!pattern) return [];
      const found: Mention[] = [];
      pattern.lastIndex = 0;
      for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
        const participant = lookup(match[0]);
        if (participant) found.push({ participant, start: match.index, end: match.index + match[0].length });
      }
      return found;
    },
  };
}

const AGREEMENT =
  /^(?:[\s,.!-]*(?:oh|well|so|right|alright|all right|um|uh|mm|hmm)\b)*[\s,.!-]*(?:yes|yeah|yep|yup|sure|okay|ok|o\.k\.|will do|no problem|of course|absolutely|certainly|definitely|fine|sounds good|got it|on it|i can|i will|i'll|i could|can do)\b/i;

/** Whether a reply starts by agreeing: yes, sure, okay, will do, I can… */
export function agrees(reply: string): boolean {
  return AGREEMENT.test(reply);
}
