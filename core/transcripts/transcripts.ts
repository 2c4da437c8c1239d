import type { EntityManager } from '@mikro-orm/postgresql';
import { creditCycle, CreditsExhausted, planOf, type Credits } from '../credits/credits.ts';
import { HttpError } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { Ticket } from '../tickets/ticket.entity.ts';
import type { User } from '../users/user.entity.ts';
import { Transcript } from './transcript.entity.ts';

export function viewTranscript(transcript: Transcript) {
  return {
    id: transcript.id,
    title: transcript.title,
    date: transcript.date ?? null,
    source: transcript.source ?? null,
    duration: transcript.duration ?? null,
    participants: transcript.participants,
    messages: transcript.messages,
    processingStatus: transcript.processingStatus,
    metadata: transcript.metadata,
    fileName: transcript.rawFileName ?? null,
    createdAt: transcript.createdAt.toISOString(),
    updatedAt: transcript.updatedAt.toISOString(),
  };
}

/** Refuses a new upload when the month's transcript allowance or token credits are used up. */
export async function assertCanUpload(em: EntityManager, user: User, credits: Credits): Promise<void> {
  const plan = await planOf(em, user);
  const { start } = creditCycle(user.creditCycleAnchor);
  const thisMonth = await em.count(Transcript, { user, createdAt: { $gte: start } });
  if (thisMonth >= plan.transcriptLimit) {
    throw new HttpError(
      402,
      `You have reached the ${plan.name} plan's limit of ${plan.transcriptLimit} transcripts this month. Upgrade your subscription to process more transcripts.`,
    );
  }
  const stats = await credits.stats(em, user);
  if (stats.used.input >= stats.limit.input || stats.used.output >= stats.limit.output) throw new CreditsExhausted();
}

/** The user's transcript, or 404: another user's id answers exactly like a missing one. */
export async function ownTranscript(em: EntityManager, user: User, id: string): Promise<Transcript> {
  const transcript = isUuid(id) ? await em.findOne(Transcript, { id, user }) : null;
  if (!transcript) throw new HttpError(404, 'Transcript not found');
  return transcript;
}

export async function transcriptTickets(em: EntityManager, transcript: Transcript): Promise<Ticket[]> {
  return em.find(Ticket, { transcript }, { orderBy: { createdAt: 'asc', id: 'asc' } });
}
