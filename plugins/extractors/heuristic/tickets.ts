/**
 * Turns candidates into tickets: merges restatements of one task, writes title, description, context and notes,
 * and links "once X is done" / "after X" to the ticket X names.
 */
import type { ExtractedTicket, ExtractionRequest, Participant } from '../../sdk/index.ts';
import { PRIORITY_PHRASE, findEffort, findPriority, findTags } from './attributes.ts';
import type { Candidate } from './candidates.ts';
import { firstWord } from './cues.ts';
import { capitalise, clip, contentTokens, tokenDice, trimPhrase } from './text.ts';

export const NOTES = 'Suggested by the offline extractor; review before pushing.';
const TITLE_MAX = 80;

/** Verbs that say little of the work: "I'll do the minutes" restates "I'll write up the minutes". */
const LIGHT_VERBS = new Set(['do', 'get', 'handle', 'take', 'make', 'sort', 'work', 'have']);

/**
 * Whether two candidates word one task: mostly the same object. With the same verb, or a light one, one shared
 * object word can be enough ("send the deck" / "send the deck to Ada", "get the deck sent out"); with different
 * verbs two are needed ("fix the Safari login bug" / "look into the login bug on Safari").
 */
function sameTask(a: Candidate, b: Candidate): boolean {
  const left = objectTokens(a);
  const right = objectTokens(b);
  const shared = left.filter((t) => right.includes(t)).length;
  const smaller = Math.min(left.length, right.length);
  if (!shared) return false;
  const similar = shared === smaller || tokenDice(left, right) >= 0.6;
  const [verbA, verbB] = [firstWord(a.clause), firstWord(b.clause)];
  // A light verb says nothing of the task, so both objects must open with the same word.
  const sameHead = left[0] === right[0] && shared === smaller;
  return similar && (shared >= 2 || verbA === verbB || (sameHead && (LIGHT_VERBS.has(verbA) || LIGHT_VERBS.has(verbB))));
}

/** The person a group of statements gives the task to: its lead's assignee, else the first one named. */
function owner(group: TaskGroup): Candidate {
  if (group.lead.assignee) return group.lead;
  return [...group.members].sort((a, b) => a.order - b.order).find((m) => m.assignee) ?? group.lead;
}

const objects = new WeakMap<Candidate, string[]>();

/** The content words of a candidate's clause after its verb. */
function objectTokens(candidate: Candidate): string[] {
  let tokens = objects.get(candidate);
  if (!tokens) {
    tokens = contentTokens(candidate.clause.replace(/^\S+\s*/, ''));
    objects.set(candidate, tokens);
  }
  return tokens;
}

export interface TaskGroup {
  /** The candidate whose words make the ticket: the strongest, the earliest on a tie. */
  lead: Candidate;
  members: Candidate[];
}

export function mergeCandidates(candidates: readonly Candidate[]): TaskGroup[] {
  const groups: TaskGroup[] = [];
  for (const candidate of candidates) {
    // Compared with the first, the strongest and the latest statements of each task: restatements echo one of
    // them, and a long meeting stays linear. An unassigned restatement joins an assigned task and the other way
    // round; two different people never share one.
    const group = groups.find((g) => {
      const assigned = owner(g).assignee?.id;
      if (assigned && candidate.assignee && assigned !== candidate.assignee.id) return false;
      return [g.lead, ...g.members.slice(0, 3), ...g.members.slice(-3)].some((m) => sameTask(m, candidate));
    });
    if (!group) {
      groups.push({ lead: candidate, members: [candidate] });
      continue;
    }
    group.members.push(candidate);
    if (candidate.score > group.lead.score) group.lead = candidate;
  }
  return groups;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The clause as a title: without its due date and priority words (they have their own fields), "my" made "the". */
function titleText(candidate: Candidate): string {
  let text = candidate.clause;
  if (candidate.dueDate) {
    const phrase = escape(candidate.dueDate.text).replace(/\s+/g, '\\s+');
    text = text.replace(new RegExp(`,?\\s*(?:\\b(?:by|before|on|until|till|due|for|no later than)\\s+)?(?:the\\s+)?${phrase}`, 'i'), '');
  }
  const cleaned = text
    .replace(PRIORITY_PHRASE, '')
    .replace(DEPENDENCY_DONE, ' ')
    .replace(/\bmy (?!own\b)/gi, 'the ')
    .replace(/[\s,]+(?:maybe|then|now|please|as well|too|again|or so|first|later|today|afterwards|though)\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.split(' ').length >= 2 ? cleaned : candidate.clause;
}

function names(people: readonly Participant[]): string {
  const list = people.map((p) => p.name);
  return list.length <= 2 ? list.join(' and ') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

function whoAsked(candidate: Candidate): string {
  const speaker = candidate.speaker?.name ?? 'an unknown speaker';
  switch (candidate.cue.kind) {
    case 'commitment':
      return `${speaker} offered to do it.`;
    case 'request':
      return candidate.assignee ? `Asked of ${candidate.assignee.name} by ${speaker}.` : `Asked by ${speaker}; no one was named.`;
    case 'assignment':
      return `Assigned to ${names(candidate.named)} by ${speaker}.`;
    case 'group':
      return candidate.assignee ? `Raised by ${speaker} for ${candidate.assignee.name}.` : `Raised by ${speaker} for the team; no one was named.`;
    case 'item':
      return candidate.assignee ? `Noted as an action item for ${candidate.assignee.name} by ${speaker}.` : `Noted as an action item by ${speaker}.`;
  }
}

function context(request: ExtractionRequest, index: number): string | null {
  const { messages, participants } = request.transcript;
  const line = (i: number) => {
    const message = messages[i];
    if (!message) return null;
    const name = participants.find((p) => p.id === message.speaker.id)?.name ?? message.speaker.id;
    return `${name}: ${clip(message.content, 240)}`;
  };
  const lines = [line(index - 1), line(index), line(index + 1)].filter((l): l is string => l !== null);
  return lines.length ? lines.join('\n') : null;
}

const DEPENDENCY_DONE =
  /,?\s*\b(?:once|after|when)\s+(.{3,80}?)\s+(?:is|are|has been|have been|gets|get|'s)\s+(?:done|finished|ready|complete|completed|merged|fixed|in place|deployed|approved|live|sorted|over|out|published|released|shipped|signed(?: off)?|agreed|available|set up|built|written|tested|reviewed)\b,?/iu;
const DEPENDENCY_AFTER = /,?\s*\bafter\s+(?:(?:we|you|I|they|he|she)\s+(?:have\s+|'ve\s+)?)?([\p{L}][^,.;?!]{2,60})/iu;

/** Words of one family: the same, or sharing their first five letters ("migration", "migrate"). */
function related(a: string, b: string): boolean {
  return a === b || (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5));
}

/** The share of `wanted` words that `tokens` has (or has a relative of). */
function coverage(wanted: readonly string[], tokens: readonly string[]): number {
  if (!wanted.length) return 0;
  return wanted.filter((w) => tokens.some((t) => related(w, t))).length / wanted.length;
}

interface Draft {
  ticket: ExtractedTicket;
  group: TaskGroup;
  tokens: string[];
}

export function buildTickets(request: ExtractionRequest, groups: readonly TaskGroup[], project: string | null): ExtractedTicket[] {
  const drafts: Draft[] = groups.map((group) => {
    const lead = group.lead;
    const members = [...group.members].sort((a, b) => a.order - b.order);
    const title = capitalise(trimPhrase(titleText(lead), TITLE_MAX));
    const description = `${capitalise(trimPhrase(lead.clause, 300))}. ${whoAsked(owner(group))}`;
    const wording = [...new Set(members.map((m) => m.sentence.clean))].join(' ');
    const said = members.flatMap((m) => [m.sentence.clean, ...m.followUps]);
    const priorities = said.map((text) => findPriority(text));
    const priority = priorities.includes('High') ? 'High' : priorities.includes('Low') ? 'Low' : 'Medium';
    const restated = members.length > 1 ? ` Said ${members.length} times in the meeting.` : '';
    const ticket: ExtractedTicket = {
      title,
      description,
      context: context(request, lead.messageIndex),
      implementation: null,
      dependsOn: [],
      effort: said.map((text) => findEffort(text)).find((e) => e !== null) ?? null,
      priority,
      assignee: owner(group).assignee?.name ?? null,
      dueDate: members.map((m) => m.dueDate?.date).find((d) => d !== undefined) ?? null,
      tags: findTags(wording),
      notes: NOTES + restated,
      project,
      quote: lead.sentence.text,
    };
    return { ticket, group, tokens: contentTokens(title) };
  });

  // "once the API is done", "after the migration": a dependency when it names another ticket (never both ways).
  const links: ({ target: Draft; phrase: string } | null)[] = [];
  drafts.forEach((draft) => links.push(findLink(draft)));
  function findLink(draft: Draft): { target: Draft; phrase: string } | null {
    const sentence = draft.group.lead.sentence.clean;
    for (const pattern of [DEPENDENCY_DONE, DEPENDENCY_AFTER]) {
      const match = pattern.exec(sentence);
      if (!match) continue;
      const wanted = contentTokens(match[1]!);
      let best: Draft | null = null;
      let bestScore = 0;
      for (const [k, other] of drafts.entries()) {
        if (other === draft || links[k]?.target === draft) continue;
        const score = coverage(wanted, other.tokens);
        if (score >= 0.6 && score > bestScore) {
          best = other;
          bestScore = score;
        }
      }
      if (best) return { target: best, phrase: match[0] };
    }
    return null;
  }
  links.forEach((link, i) => {
    if (!link) return;
    const draft = drafts[i]!;
    const stripped = draft.ticket.title.replace(link.phrase.trim().replace(/^,\s*/, ''), '').replace(/\s+/g, ' ').trim();
    if (stripped.length >= 8 && contentTokens(stripped).length >= 1) draft.ticket.title = capitalise(trimPhrase(stripped, TITLE_MAX));
  });
  links.forEach((link, i) => {
    if (link) drafts[i]!.ticket.dependsOn = [link.target.ticket.title];
  });
  return drafts.map((d) => d.ticket);
}
