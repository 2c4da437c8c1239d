import type { EntityManager } from '@mikro-orm/postgresql';
import type { TranscriptList, TranscriptListQuery, TranscriptStatus } from '../../schemas/types.ts';
import { SIGNED_IN_USER, type SessionRead } from '../users/session-lookup.ts';
import { containing } from '../db/like.ts';
import { creditCycle, CreditsExhausted, planOf, type Credits } from '../credits/credits.ts';
import { LimitReached, NotFound } from '../errors.ts';
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

/** How long a bot's place taken while its service is asked still counts, should the process die meanwhile. */
const RESERVATION_MINUTES = 10;

/**
 * Refuses a new upload (or bot) when the month's transcript allowance or token credits are used up. Transcripts
 * of the month count, uploads in flight included, except those that failed before extraction (unreadable, binary,
 * no messages); and bots in flight count too (sent, not yet failed or cancelled, their transcript not yet stored),
 * except `exceptBotId`, whose own transcript is being stored.
 */
/**
 * The words of a full month. Where this installation sells paid plans, upgrading (the Billing page offers them);
 * elsewhere Billing says paid plans are not available, so the message says when the count starts again and whom to
 * ask instead of sending the user there.
 */
export function transcriptLimitMessage(plan: { name: string; transcriptLimit: number }, cycleEnd: Date, paidPlansAvailable: boolean): string {
  const reached = `You have reached the ${plan.name} plan's limit of ${plan.transcriptLimit} transcripts this month.`;
  if (paidPlansAvailable) return `${reached} Upgrade your subscription to process more transcripts.`;
  const from = cycleEnd.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return `${reached} You can add transcripts again from ${from}. Paid plans are not available on this installation: ask its administrator if you need more.`;
}

export async function assertCanUpload(em: EntityManager, user: User, credits: Credits, options: { exceptBotId?: string } = {}): Promise<void> {
  const plan = await planOf(em, user);
  const { start } = creditCycle(user.creditCycleAnchor);
  const [counted] = await em.getConnection().execute<{ n: number }[]>(
    `select (select count(*)::int from transcripts
              where user_id = ? and created_at >= ? and not (processing_status = 'failed' and metadata->>'failedStage' = 'parse'))
          + (select count(*)::int from bots
              where user_id = ? and created_at >= ? and transcript_id is null and id <> ?::uuid
                and (status is null or status not in ('failed', 'cancelled'))
                and not (provider_bot_id like 'reserving:%' and created_at < now() - make_interval(mins => ?))) as n`,
    [user.id, start, user.id, start, options.exceptBotId ?? '00000000-0000-0000-0000-000000000000', RESERVATION_MINUTES],
    'all',
    em.getTransactionContext(),
  );
  const thisMonth = counted?.n ?? 0;
  if (thisMonth >= plan.transcriptLimit) {
    throw new LimitReached(transcriptLimitMessage(plan, creditCycle(user.creditCycleAnchor).end, credits.paidPlansAvailable));
  }
  const stats = await credits.stats(em, user);
  if (stats.used.input >= stats.limit.input || stats.used.output >= stats.limit.output) throw new CreditsExhausted();
}

/** The user's transcript, or 404: another user's id answers exactly like a missing one. */
export async function ownTranscript(em: EntityManager, user: User, id: string): Promise<Transcript> {
  const transcript = isUuid(id) ? await em.findOne(Transcript, { id, user }) : null;
  if (!transcript) throw new NotFound('Transcript not found');
  return transcript;
}

/**
 * The status poll's read, made in the session lookup's round trip: one row's status columns and its ticket count
 * (kept by the database), so the poll every open transcript sends costs the same for a one-minute and a ten-hour
 * meeting. Undefined when the id cannot be one.
 */
export function transcriptStatusRead(id: string): SessionRead | undefined {
  if (!isUuid(id)) return undefined;
  return { sql: `select id, processing_status, metadata, ticket_count from transcripts where id = ? and user_id = ${SIGNED_IN_USER}`, values: [id] };
}

/** Where processing of one of the user's transcripts stands, from the row of transcriptStatusRead. */
export function transcriptStatusOf(row: Record<string, unknown> | undefined): TranscriptStatus {
  if (!row?.['id']) throw new NotFound('Transcript not found');
  const status = row['processing_status'] as TranscriptStatus['status'];
  return {
    id: row['id'] as string, status, processingStatus: status, metadata: row['metadata'] as TranscriptStatus['metadata'],
    ticketCount: status === 'completed' ? (row['ticket_count'] as number) : 0,
  };
}

export async function transcriptTickets(em: EntityManager, transcript: Transcript): Promise<Ticket[]> {
  return em.find(Ticket, { transcript }, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

/**
 * A page of the user's transcripts: searched (title or source, ignoring case), sorted (upload time or title, ties
 * broken by upload time) and counted in PostgreSQL. Only the columns the list shows are read, never the file.
 */
export async function listTranscripts(em: EntityManager, user: User, query: Required<TranscriptListQuery>): Promise<TranscriptList> {
  const search = query.search.trim();
  const where = `user_id = ?${search ? ' and (title ilike ? or source ilike ?)' : ''}`;
  const params: unknown[] = [user.id, ...(search ? [containing(search), containing(search)] : [])];
  const direction = query.order === 'newest' ? 'desc' : 'asc';
  const orderBy = `${query.sort === 'title' ? `lower(title) ${direction}, ` : ''}created_at ${direction}, id ${direction}`;
  const connection = em.getConnection();
  const [rows, [count]] = await Promise.all([
    connection.execute<TranscriptRow[]>(
      `select id, title, date, source, duration, processing_status, metadata, created_at,
              jsonb_array_length(participants) as participant_count, jsonb_array_length(messages) as message_count
         from transcripts where ${where} order by ${orderBy} limit ? offset ?`,
      [...params, query.limit, (query.page - 1) * query.limit],
    ),
    connection.execute<{ n: number }[]>(`select count(*)::int as n from transcripts where ${where}`, params),
  ]);
  const total = count?.n ?? 0;
  return {
    data: rows.map((row) => ({
      id: row.id, title: row.title, date: row.date, source: row.source, duration: row.duration,
      processingStatus: row.processing_status, metadata: row.metadata, participantCount: row.participant_count,
      messageCount: row.message_count, createdAt: new Date(row.created_at).toISOString(),
    })),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

interface TranscriptRow {
  id: string;
  title: string;
  date: string | null;
  source: string | null;
  duration: number | null;
  processing_status: Transcript['processingStatus'];
  metadata: Transcript['metadata'];
  created_at: string | Date;
  participant_count: number;
  message_count: number;
}
