/**
 * Whom a request that names no one was said to ("you'll be working on the look and feel"): each other participant
 * who is a person is scored by a second logistic regression over how they took part around it (the next to speak,
 * agreeing or not, the one spoken to just before, a word of their name or role said nearby), and the likeliest
 * gets the task. Placeholder speakers are never candidates.
 */
import type { ExtractionRequest, Participant } from '../../../sdk/index.ts';
import type { Candidate } from '../candidates.ts';
import { agrees } from '../participants.ts';
import { type LogisticModel, probability } from './logistic.ts';

/** Words of a name or role too common to point at anyone. */
const COMMON = new Set(['the', 'and', 'of', 'user', 'team', 'member', 'speaker', 'lead', 'manager']);

function nameWords(person: Participant): string[] {
  const words = `${person.name} ${person.role ?? ''}`.toLowerCase().split(/[^\p{L}]+/u);
  return words.filter((w) => w.length >= 4 && !COMMON.has(w));
}

/** The features that hold for `person` as the one `candidate` was said to. */
export function addresseeFeatures(request: ExtractionRequest, candidate: Candidate, person: Participant): string[] {
  const messages = request.transcript.messages;
  const i = candidate.messageIndex;
  const own = messages[i]?.speaker.id;
  const features: string[] = [];
  const nextOthers = messages.slice(i + 1, i + 4).filter((m) => m.speaker.id !== own);
  const next = nextOthers[0];
  if (next?.speaker.id === person.id) {
    features.push('next');
    if (agrees(next.content)) features.push('next-agrees');
  } else if (nextOthers.some((m) => m.speaker.id === person.id)) features.push('answers-later');
  const previous = messages.slice(Math.max(0, i - 3), i).reverse().find((m) => m.speaker.id !== own);
  if (previous?.speaker.id === person.id) features.push('previous');
  if (messages.slice(Math.max(0, i - 6), i).some((m) => m.speaker.id === person.id)) features.push('spoke-recently');
  const words = nameWords(person);
  const said = candidate.sentence.clean.toLowerCase();
  const before = messages.slice(Math.max(0, i - 1), i + 1).map((m) => m.content.toLowerCase()).join(' ');
  if (words.some((w) => said.includes(w))) features.push('named-in-sentence');
  else if (words.some((w) => before.includes(w))) features.push('named-nearby');
  return features;
}

/** The others who may have been spoken to: people, not the speaker. */
export function addresseeChoices(request: ExtractionRequest, candidate: Candidate, isPerson: (p: Participant) => boolean): Participant[] {
  const own = request.transcript.messages[candidate.messageIndex]?.speaker.id;
  return request.transcript.participants.filter((p) => p.id !== own && isPerson(p));
}

/**
 * The likeliest addressee; ties go to the first in the participants' order. Null when there is no one else. (Only
 * taking one more likely than not was tried: on the training split's cross-validation it left more tickets without
 * their right assignee than it saved from a wrong one.)
 */
export function chooseAddressee(request: ExtractionRequest, candidate: Candidate, choices: readonly Participant[], model: LogisticModel): Participant | null {
  let best: Participant | null = null;
  let bestP = -1;
  for (const person of choices) {
    const p = probability(model, addresseeFeatures(request, candidate, person));
    if (p > bestP) {
      best = person;
      bestP = p;
    }
  }
  return best;
}
