/**
 * Who a sentence is said to: the person a request falls to, and the person "you" stands for in a commitment
 * ("I'll send it to you"). Placeholder speakers are never the answer.
 */
import type { Message, Participant } from '../../sdk/index.ts';
import type { CueMatch } from './cues.ts';
import { type Mention, type Roster, agrees } from './participants.ts';
import type { Sentence } from './text.ts';

/** What the candidate finder knows about the request being read. */
export interface Context {
  messages: readonly Message[];
  roster: Roster;
  meetingDate: string | undefined;
  sentencesOf(index: number): Sentence[];
}

/** A sentence as said: where it is, the people it mentions and who said it. */
export interface Utterance {
  messageIndex: number;
  sentenceIndex: number;
  /** The cleaned sentence. */
  sentence: string;
  mentions: readonly Mention[];
  speaker: Participant | null;
}

const ONLY_A_NAME = /^(?:(?:okay|ok|so|and|right|now|hey|hi)[\s,]+)*$/i;

export function speakerOf(context: Context, message: Message | undefined): Participant | null {
  return message ? (context.roster.byId(message.speaker.id) ?? null) : null;
}

/** "Ada. Can you…": the previous sentence is only a name. */
function namedJustBefore(context: Context, messageIndex: number, sentenceIndex: number, speaker: Participant | null): Participant | null {
  const previous = context.sentencesOf(messageIndex)[sentenceIndex - 1];
  if (!previous) return null;
  const named = context.roster.mentions(previous.clean).filter((m) => m.participant.id !== speaker?.id);
  // Only the name ("Ada."), or the name said first ("Ada, the catalog.").
  if (named.length && ONLY_A_NAME.test(previous.clean.slice(0, named[0]!.start)) && /^(?:[\s,.!?]*$|\s*,)/.test(previous.clean.slice(named[0]!.end))) {
    return named[0]!.participant;
  }
  return null;
}

/** The person a request is addressed to: named in it, named just before it, or the next speaker when they agree. */
export function addressee(context: Context, said: Utterance, cue: CueMatch): Participant | null {
  const { messageIndex, sentenceIndex, mentions, sentence, speaker } = said;
  const others = mentions.filter((m) => m.participant.id !== speaker?.id);
  // "Ada, can you…", "can you, Ada, …"
  const before = others.filter((m) => m.end <= cue.start).at(-1);
  if (before) return before.participant;
  const right = others.find((m) => m.start >= cue.end && /^\s*,?\s*$/.test(sentence.slice(cue.end, m.start)) && /^\s*[,?.!]/.test(sentence.slice(m.end)));
  if (right) return right.participant;
  // "…, Ada?" at the end.
  const last = others.at(-1);
  if (last && /,\s*$/.test(sentence.slice(0, last.start)) && /^\s*[?.!]*\s*$/.test(sentence.slice(last.end))) {
    return last.participant;
  }
  const named = namedJustBefore(context, messageIndex, sentenceIndex, speaker);
  if (named) return named;
  // The next speaker answers yes, sure, okay… (only when the request ends the turn, or nearly).
  if (sentenceIndex < context.sentencesOf(messageIndex).length - 2) return null;
  const messages = context.messages;
  for (let j = messageIndex + 1; j < Math.min(messages.length, messageIndex + 4); j++) {
    const reply = messages[j]!;
    if (reply.speaker.id === messages[messageIndex]!.speaker.id) continue;
    const replier = speakerOf(context, reply);
    return replier && agrees(reply.content) ? replier : null;
  }
  return null;
}

/**
 * Who "you" is in a commitment: the person addressed by name in the sentence or just before it, else, when only
 * two people are in the meeting, the other one. Null when unknown (in a group "you" may be everyone) or a
 * placeholder.
 */
export function listener(context: Context, said: Utterance): Participant | null {
  const { mentions, sentence, speaker } = said;
  const vocative = mentions.find(
    (m) =>
      m.participant.id !== speaker?.id &&
      ((ONLY_A_NAME.test(sentence.slice(0, m.start)) && /^\s*,/.test(sentence.slice(m.end))) ||
        (/,\s*$/.test(sentence.slice(0, m.start)) && /^[\s?.!]*$/.test(sentence.slice(m.end)))),
  );
  const named = vocative?.participant ?? namedJustBefore(context, said.messageIndex, said.sentenceIndex, speaker);
  if (named) return context.roster.isPerson(named) ? named : null;
  const people = context.roster.participants.filter((p) => context.roster.isPerson(p));
  const other = people.length === 2 ? people.find((p) => p.id !== speaker?.id) : undefined;
  return other && people.some((p) => p.id === speaker?.id) ? other : null;
}
