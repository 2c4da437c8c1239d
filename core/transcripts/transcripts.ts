import type { EntityManager } from '@mikro-orm/postgresql';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { TranscriptList, TranscriptListQuery, TranscriptStatus, TranscriptSummary } from '../../schemas/types.ts';
import { db, isoTime, pageJson, sql, type Database } from '../db/sql.ts';
import { JsonText } from '../json-text.ts';
import type { SessionRead } from '../users/session-lookup.ts';
import { alphabetical, containsText } from '../db/like.ts';
import { creditCycle, CreditsExhausted, planOf, type Billed, type Credits } from '../credits/credits.ts';
import { LimitReached, NotFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { Ticket } from '../tickets/ticket.entity.ts';
import type { WorkspaceScope } from '../users/scope.ts';
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

/**
 * Refuses a new upload (or bot) when the month's transcript allowance or token credits of the workspace's plan are
 * used up: what counts is done in the workspace, by any of its members.
 * Transcripts of the month count, uploads in flight included, except those that failed before extraction
 * (unreadable, binary, no messages); and bots in flight count too (sent, not yet failed or cancelled, their
 * transcript not yet stored), except `exceptBotId`, whose own transcript is being stored.
 */
export async function assertCanUpload(em: EntityManager, workspace: Billed, credits: Credits, options: { exceptBotId?: string } = {}): Promise<void> {
  const plan = await planOf(em, workspace);
  const { start } = creditCycle(workspace.creditCycleAnchor);
  const d = db(em);
  const transcripts = d.selectFrom('transcripts').select(sql<number>`count(*)::int`.as('n'))
    .where('workspace_id', '=', workspace.id).where('created_at', '>=', start)
    .where(sql<SqlBool>`not (processing_status = 'failed' and metadata->>'failedStage' = 'parse')`);
  const bots = d.selectFrom('bots').select(sql<number>`count(*)::int`.as('n'))
    .where('workspace_id', '=', workspace.id).where('created_at', '>=', start).where('transcript_id', 'is', null)
    .$if(options.exceptBotId !== undefined, (qb) => qb.where('id', '<>', options.exceptBotId!))
    .where((eb) => eb.or([eb('status', 'is', null), eb('status', 'not in', ['failed', 'cancelled'])]))
    .where(sql<SqlBool>`not (provider_bot_id like 'reserving:%' and created_at < now() - make_interval(mins => ${RESERVATION_MINUTES}))`);
  const counted = await d.selectNoFrom(sql<number>`${transcripts} + ${bots}`.as('n')).executeTakeFirst();
  const thisMonth = counted?.n ?? 0;
  if (thisMonth >= plan.transcriptLimit) {
    throw new LimitReached(transcriptLimitMessage(plan, creditCycle(workspace.creditCycleAnchor).end, credits.paidPlansAvailable));
  }
  const stats = await credits.stats(em, workspace);
  if (stats.used.input >= stats.limit.input || stats.used.output >= stats.limit.output) throw new CreditsExhausted();
}

/** The workspace's transcript, or 404: another workspace's id answers exactly like a missing one. */
export async function ownTranscript(em: EntityManager, scope: WorkspaceScope, id: string): Promise<Transcript> {
  const transcript = isUuid(id) ? await em.findOne(Transcript, { id, workspace: scope.workspace }) : null;
  if (!transcript) throw new NotFound('Transcript not found');
  return transcript;
}

/**
 * The status poll's read, made in the session lookup's round trip: one row's status columns and its ticket count
 * (kept by the database), so the poll every open transcript sends costs the same for a one-minute and a ten-hour
 * meeting. Undefined when the id cannot be one.
 */
export function transcriptStatusRead(id: string): SessionRead<{ id: string }> | undefined {
  if (!isUuid(id)) return undefined;
  return {
    shape: 'transcript-status',
    values: { id },
    query: (db, workspace, values) => db.selectFrom('transcripts').select(['id', 'processing_status', 'metadata', 'ticket_count'])
      .where('id', '=', values.id).where('workspace_id', '=', workspace),
  };
}

/** Where processing of one of the workspace's transcripts stands, from the row of transcriptStatusRead. */
export function transcriptStatusOf(row: Record<string, unknown> | undefined): TranscriptStatus {
  if (!row?.['id']) throw new NotFound('Transcript not found');
  const status = row['processing_status'] as TranscriptStatus['status'];
  return {
    id: row['id'] as string, status, processingStatus: status, metadata: row['metadata'] as TranscriptStatus['metadata'],
    ticketCount: status === 'completed' ? (row['ticket_count'] as number) : 0,
  };
}

export async function transcriptTickets(em: EntityManager, transcript: Transcript): Promise<Ticket[]> {
  // With who made and who edited each, as the ticket's view names them.
  return em.find(Ticket, { transcript }, { orderBy: { createdAt: 'asc', id: 'asc' }, populate: ['createdBy', 'editedBy'] });
}

/** A transcript as the list shows it (TranscriptSummary), field by field from its columns; never the file. */
function transcriptSummaryJson(): Expression<TranscriptSummary> {
  return jsonBuildObject({
    id: sql.ref('id'), title: sql.ref('title'), date: sql.ref('date'), source: sql.ref('source'), duration: sql.ref('duration'),
    processingStatus: sql.ref('processing_status'), metadata: sql.ref('metadata'),
    participantCount: sql`jsonb_array_length(participants)`, messageCount: sql`jsonb_array_length(messages)`,
    createdAt: isoTime(sql.ref('created_at')),
  }) as unknown as Expression<TranscriptSummary>;
}

/**
 * A page of the workspace's transcripts: searched (title or source, ignoring case), sorted (upload time or title, ties
 * broken by upload time) and counted in PostgreSQL, and written as JSON by it, as the ticket list is.
 */
export async function listTranscripts(em: EntityManager, scope: WorkspaceScope, query: Required<TranscriptListQuery>): Promise<JsonText<TranscriptList>> {
  const d = db(em);
  const search = query.search.trim();
  const where = (eb: ExpressionBuilder<Database, 'transcripts'>) => eb.and([
    eb('workspace_id', '=', scope.workspace),
    ...(search ? [eb.or([containsText(sql.ref('title'), search), containsText(sql.ref('source'), search)])] : []),
  ]);
  const desc = query.order === 'newest';
  const order = query.sort === 'title'
    ? (desc ? sql`${alphabetical(sql.ref('title'))} desc, created_at desc, id desc` : sql`${alphabetical(sql.ref('title'))} asc, created_at asc, id asc`)
    : (desc ? sql`created_at desc, id desc` : sql`created_at asc, id asc`);
  const page = d.selectFrom('transcripts').selectAll().where(where).orderBy(order).limit(query.limit).offset((query.page - 1) * query.limit);
  const row = await d.selectNoFrom([
    d.selectFrom('transcripts').select(sql<number>`count(*)::int`.as('n')).where(where).as('total'),
    pageJson(d, page.as('page'), transcriptSummaryJson(), order).as('data'),
  ]).executeTakeFirstOrThrow();
  const total = row.total ?? 0;
  const pagination = { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
  return JsonText.object('data', row.data ?? '[]', { pagination });
}
