import type { EntityManager } from '@mikro-orm/postgresql';
import { db, sql } from '../db/sql.ts';
import type { ExtractedTicket, ExtractionRequest, ParsedTranscript } from '../../plugins/sdk/index.ts';
import type { Credits } from '../credits/credits.ts';
import type { BoundExtractor, ParseResult, ParserFailure, PluginHost } from '../plugins/host.ts';
import { recordExtracted } from '../tickets/events.ts';
import { proposeFollowThrough } from '../tickets/proposals.ts';
import { mergeExtractedTickets, TicketMerger } from '../tickets/merge.ts';
import { chunkMessages, extractionRequests } from './chunks.ts';
import { Transcript } from './transcript.entity.ts';

/** Project given to a ticket when the meeting named none. */
const DEFAULT_PROJECT = 'General';

/** Tickets kept per transcript: a meeting that gives more is a file of something else, or a list to split. */
export const MAX_TICKETS_PER_TRANSCRIPT = 500;

/** The warning a transcript's metadata carries when it gave more tickets than are kept. */
export const TOO_MANY_TICKETS = `This meeting gave more than ${MAX_TICKETS_PER_TRANSCRIPT} tickets; Tickscribe keeps the first ${MAX_TICKETS_PER_TRANSCRIPT} of a meeting.`;

/** The parsed transcript as stored, read in one query (never the uploaded file), for extraction. */
interface StoredTranscript {
  /** Who uploaded it (or sent its bot): the token usage of its extraction is recorded as theirs. */
  userId: string;
  /** The transcript's workspace, whose token credits its extraction spends. */
  workspaceId: string;
  title: string;
  source: string | null;
  date: string | null;
  participants: ParsedTranscript['participants'];
  messages: ParsedTranscript['messages'];
}

async function readParsed(em: EntityManager, transcriptId: string): Promise<StoredTranscript> {
  const row = await db(em).selectFrom('transcripts')
    .select(['user_id', 'workspace_id', 'title', 'source', 'date', 'participants', 'messages'])
    .where('id', '=', transcriptId).executeTakeFirst();
  if (!row) throw new Error(`Transcript ${transcriptId} not found`);
  return { userId: row.user_id, workspaceId: row.workspace_id, title: row.title, source: row.source, date: row.date, participants: row.participants, messages: row.messages };
}

/** The extraction requests of a stored transcript, one per chunk. */
export function requestsOf(transcript: Omit<StoredTranscript, 'userId' | 'workspaceId'>): ExtractionRequest[] {
  return extractionRequests({
    title: transcript.title,
    source: transcript.source ?? 'upload',
    participants: transcript.participants,
    messages: transcript.messages,
    ...(transcript.date ? { date: transcript.date } : {}),
  });
}

/**
 * Reads the stored file with the plugin host and keeps the parsed transcript (one update); returns the number of
 * chunks. A transcript whose tickets are saved already is left as it is and its ticket count returned as `saved`:
 * a reset of a finished ingest (the Temporal UI's Reset), a second start or a replayed step never reads it again,
 * so its tickets are never saved twice. `passedOver` hears of the parsers that failed before the one that read the
 * file (for the log).
 */
export async function parseStoredTranscript(
  em: EntityManager, host: PluginHost, transcriptId: string, passedOver?: (failures: ParserFailure[], format: string) => void,
): Promise<{ chunks: number; saved?: number }> {
  const [stored] = await db(em).selectFrom('transcripts').select(['raw_file', 'raw_file_name', 'processing_status', 'ticket_count']).where('id', '=', transcriptId).execute();
  if (!stored) throw new Error(`Transcript ${transcriptId} not found`);
  if (stored.processing_status === 'completed') return { chunks: 0, saved: stored.ticket_count };
  const result = host.parse({ bytes: new Uint8Array(stored.raw_file ?? Buffer.alloc(0)), fileName: stored.raw_file_name ?? 'transcript.txt' });
  if (result.parserFailures?.length) passedOver?.(result.parserFailures, result.format);
  const columns = parsedColumns(result);
  // Never over a completed transcript: its tickets may have been saved meanwhile by another run of the ingest.
  const [updated] = await db(em).updateTable('transcripts').set({
    title: columns.title, date: columns.date, source: columns.source, duration: columns.duration,
    participants: sql`${columns.participants}::jsonb`, messages: sql`${columns.messages}::jsonb`, processing_status: 'processing',
    metadata: sql`metadata || ${columns.metadata}::jsonb`, updated_at: sql<Date>`now()`,
  }).where('id', '=', transcriptId).where('processing_status', '<>', 'completed').returning('ticket_count').execute();
  if (!updated) {
    const [now] = await db(em).selectFrom('transcripts').select('ticket_count').where('id', '=', transcriptId).execute();
    if (!now) throw new Error(`Transcript ${transcriptId} not found`);
    return { chunks: 0, saved: now.ticket_count };
  }
  return { chunks: chunkMessages(result.transcript.messages).length };
}

/** The columns the parse step writes: the transcript, its participants and messages as JSON, and what was learned (metadata). */
export function parsedColumns(result: ParseResult) {
  const parsed = result.transcript;
  const learned = {
    format: result.format,
    ...(result.variant ? { variant: result.variant } : {}),
    confidence: result.confidence,
    ...(result.warnings.length ? { warnings: result.warnings } : {}),
    ...(result.parserFailures?.length ? { parserFailures: result.parserFailures } : {}),
  };
  return {
    title: parsed.title.slice(0, 500),
    date: parsed.date ?? null,
    source: result.format,
    duration: parsed.duration === undefined ? null : Math.round(parsed.duration),
    participants: JSON.stringify(parsed.participants),
    messages: JSON.stringify(parsed.messages),
    metadata: JSON.stringify(learned),
  };
}

/**
 * Runs the extractor on requests, one after the other. With a `merger` the tickets are merged as they come and the
 * merged ones returned, and no further request is made once there are more than MAX_TICKETS_PER_TRANSCRIPT (their
 * tickets could not be kept).
 */
export async function extractTickets(extractor: BoundExtractor, requests: readonly ExtractionRequest[], signal?: AbortSignal, merger?: TicketMerger) {
  const tickets: ExtractedTicket[] = [];
  const usage = { inputTokens: 0, outputTokens: 0, provider: extractor.manifest.id, model: undefined as string | undefined };
  for (const request of requests) {
    if (merger && merger.size > MAX_TICKETS_PER_TRANSCRIPT) break;
    const result = await extractor.extract(request, { signal });
    for (const ticket of result.tickets) {
      if (merger) merger.add(ticket);
      else tickets.push(ticket);
    }
    usage.inputTokens += result.usage.inputTokens;
    usage.outputTokens += result.usage.outputTokens;
    usage.provider = result.usage.provider;
    usage.model = result.usage.model;
  }
  return { tickets: merger ? merger.tickets : tickets, usage };
}

/**
 * Runs the extractor on requests under one credit reservation (`reservationId`, so a retried step reserves and
 * records once): reserves the estimate, extracts (extractTickets), then settles with the real usage, or releases
 * it on failure.
 */
async function extractUnderReservation(
  em: EntityManager,
  deps: { extractor: BoundExtractor; credits: Credits },
  transcript: StoredTranscript & { id: string },
  requests: ExtractionRequest[],
  reservationId: string,
  signal?: AbortSignal,
  merger?: TicketMerger,
): Promise<ExtractedTicket[]> {
  const estimate = requests.map((request) => deps.extractor.estimate(request))
    .reduce((sum, one) => ({ input: sum.input + one.inputTokens, output: sum.output + one.outputTokens }), { input: 0, output: 0 });
  await deps.credits.reserve(em, transcript.workspaceId, reservationId, estimate);
  let extracted;
  try {
    extracted = await extractTickets(deps.extractor, requests, signal, merger);
  } catch (error) {
    await deps.credits.release(em, reservationId);
    throw error;
  }
  const { tickets, usage } = extracted;
  await deps.credits.settle(em, reservationId, {
    userId: transcript.userId,
    workspaceId: transcript.workspaceId,
    transcriptId: transcript.id,
    operationType: 'ticket_extraction',
    aiProvider: usage.provider,
    model: usage.model,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
  });
  return tickets;
}

/**
 * Extracts tickets from one chunk: reserves credits for the estimate, calls the extractor, then settles the
 * reservation with the real usage (or releases it when the call failed). The reservation id is per chunk, so a
 * retried activity reserves and records once. The tickets are kept in extracted_chunks until saveExtractedChunks
 * saves them; the step returns only how many, so the meeting's words stay out of the workflow's history.
 */
export async function extractChunk(
  em: EntityManager,
  deps: { extractor: BoundExtractor; credits: Credits },
  transcriptId: string,
  index: number,
  signal?: AbortSignal,
): Promise<number> {
  const transcript = await readParsed(em, transcriptId);
  const request = requestsOf(transcript)[index];
  if (!request) throw new Error(`Transcript ${transcriptId} has no chunk ${index}`);
  const tickets = await extractUnderReservation(em, deps, { ...transcript, id: transcriptId }, [request], `${transcriptId}:${index}`, signal);
  await db(em).insertInto('extracted_chunks')
    .values({ id: `${transcriptId}:${index}`, transcript_id: transcriptId, tickets: sql`${JSON.stringify(tickets)}::jsonb`, created_at: sql<Date>`now()` })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ tickets: (row) => row.ref('excluded.tickets') }))
    .execute();
  return tickets.length;
}

/** Saves the tickets the chunks' steps kept (extractChunk), in the meeting's order, like saveExtractedTickets. */
export async function saveExtractedChunks(em: EntityManager, transcriptId: string): Promise<number> {
  const chunks = await db(em).selectFrom('extracted_chunks').select('tickets').where('transcript_id', '=', transcriptId)
    .orderBy(sql`split_part(id, ':', 2)::int`).execute();
  return saveExtractedTickets(em, transcriptId, chunks.flatMap((chunk) => chunk.tickets as ExtractedTicket[]));
}

/**
 * An offline extractor's work: every chunk extracted from one read of the transcript, under one credit
 * reservation, and the tickets saved, so they never travel through the workflow. Safe to run again.
 */
export async function extractAndSaveTickets(
  em: EntityManager,
  deps: { extractor: BoundExtractor; credits: Credits },
  transcriptId: string,
  signal?: AbortSignal,
): Promise<number> {
  const transcript = await readParsed(em, transcriptId);
  const tickets = await extractUnderReservation(em, deps, { ...transcript, id: transcriptId }, requestsOf(transcript), `${transcriptId}:all`, signal, new TicketMerger());
  return saveExtractedTickets(em, transcriptId, tickets);
}

/**
 * The rows of the tickets extracted from a transcript: restatements merged, the first MAX_TICKETS_PER_TRANSCRIPT
 * kept, dependencies resolved to the new ids, creation times one millisecond apart, so listing by creation time
 * keeps the order in which the meeting raised them. `warnings` says when tickets were left out; `quotes` holds each
 * record's quote, as its extractor gave it, for its history (core/tickets/events.ts).
 */
export function ticketRecords(extracted: ExtractedTicket[], owner: { userId: string; transcriptId: string }, savedAt = Date.now()) {
  const all = mergeExtractedTickets(extracted);
  const merged = all.slice(0, MAX_TICKETS_PER_TRANSCRIPT);
  const warnings = all.length > merged.length ? [TOO_MANY_TICKETS] : [];
  const ids: string[] = merged.map(() => crypto.randomUUID());
  const idByTitle = new Map(merged.map((item, i) => [item.title.slice(0, 500).toLowerCase(), ids[i]!]));
  const records = merged.map((item, i) => ({
    id: ids[i],
    user_id: owner.userId,
    transcript_id: owner.transcriptId,
    title: item.title.slice(0, 500),
    description: item.description || item.title,
    context: item.context ?? null,
    implementation: item.implementation ?? null,
    dependencies: item.dependsOn.map((title) => idByTitle.get(title.toLowerCase())).filter((id): id is string => id !== undefined && id !== ids[i]),
    effort: item.effort ?? null,
    notes: item.notes ?? null,
    project: (item.project?.trim() || DEFAULT_PROJECT).slice(0, 200),
    priority: item.priority,
    assignee: item.assignee?.slice(0, 200) ?? null,
    tags: item.tags,
    due_date: item.dueDate ?? null,
    created_at: new Date(savedAt + i).toISOString(),
  }));
  return { records, warnings, quotes: merged.map((item) => item.quote?.trim() || null) };
}

/** The columns of a new ticket, as jsonb_to_recordset reads them. */
const TICKET_RECORD = sql`id uuid, user_id uuid, transcript_id uuid, title text, description text, context text, implementation text,
  dependencies jsonb, effort text, notes text, project text, priority text, assignee text, tags jsonb, due_date date, created_at timestamptz`;

/**
 * Saves the merged tickets in one statement and marks the transcript completed, in one transaction. Running it
 * again (a worker that died after the commit) changes nothing, so no ticket is saved twice.
 */
export async function saveExtractedTickets(em: EntityManager, transcriptId: string, extracted: ExtractedTicket[]): Promise<number> {
  return em.transactional(async (tx) => {
    const d = db(tx);
    // Locked, so a worker saving the tickets again waits for the first and then finds them saved.
    const transcript = await d.selectFrom('transcripts').select(['user_id', 'workspace_id', 'processing_status', 'ticket_count', 'messages', 'participants'])
      .where('id', '=', transcriptId).forUpdate().executeTakeFirst();
    if (!transcript) throw new Error(`Transcript ${transcriptId} not found`);
    if (transcript.processing_status === 'completed') return transcript.ticket_count;
    // The user's row is written before the tickets: inserting them takes a key-share lock on it (their foreign key),
    // and raising that to a write afterwards would deadlock with another save of the same user's queued for it.
    await d.updateTable('users').set({ transcripts_processed: sql<number>`transcripts_processed + 1` }).where('id', '=', transcript.user_id).execute();
    const { records, warnings, quotes } = ticketRecords(extracted, { userId: transcript.user_id, transcriptId });
    if (records.length) {
      await d.insertInto('tickets').columns([
        'id', 'user_id', 'transcript_id', 'title', 'description', 'context', 'implementation', 'dependencies', 'effort', 'notes', 'project',
        'priority', 'assignee', 'tags', 'due_date', 'created_at', 'updated_at', 'created_by_id', 'workspace_id',
      ]).expression(sql`select id, user_id, transcript_id, title, description, context, implementation, dependencies, effort, notes, project,
           priority, assignee, tags, due_date, created_at, created_at, user_id, ${transcript.workspace_id}::uuid from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as t(${TICKET_RECORD})`)
        .execute();
      // Each ticket's history begins: extracted from this meeting by the uploader's (or bot's) ingest.
      await recordExtracted(d, {
        transcriptId, workspaceId: transcript.workspace_id, actorId: transcript.user_id,
        tickets: records.map((record, i) => ({ id: record.id!, quote: quotes[i] ?? null })),
      });
    }
    // What the meeting says about the tickets already open: restated ones ("same as") and finished ones ("done"),
    // proposed for a person to decide (core/tickets/proposals.ts).
    const { messages, participants } = transcript;
    await proposeFollowThrough(d, {
      transcriptId, workspaceId: transcript.workspace_id,
      messages: Array.isArray(messages) ? messages : [], participants: Array.isArray(participants) ? participants : [],
      newTickets: records.map((record, i) => ({
        id: record.id!, title: record.title, description: record.description, assignee: record.assignee, project: record.project,
        dueDate: record.due_date, priority: record.priority, quote: quotes[i] ?? null,
      })),
    });
    // Warnings join those of the parse (metadata.warnings), which the transcript's page shows.
    const warned = JSON.stringify(warnings);
    await d.updateTable('transcripts').set({
      processing_status: 'completed',
      metadata: sql`metadata || jsonb_build_object('ticketCount', ${records.length}::int)
         || case when jsonb_array_length(${warned}::jsonb) = 0 then '{}'::jsonb
            else jsonb_build_object('warnings', coalesce(metadata->'warnings', '[]'::jsonb) || ${warned}::jsonb) end`,
      updated_at: sql<Date>`now()`,
    }).where('id', '=', transcriptId).execute();
    await d.deleteFrom('extracted_chunks').where('transcript_id', '=', transcriptId).execute();
    return records.length;
  });
}

export async function markTranscriptFailed(em: EntityManager, transcriptId: string, error: string, tokenLimitExceeded: boolean): Promise<void> {
  const transcript = await em.findOne(Transcript, transcriptId);
  if (!transcript || transcript.processingStatus === 'completed') return;
  // Still pending: the file could not be read, so no extraction ran; such a transcript does not use up the month.
  const beforeExtraction = transcript.processingStatus === 'pending';
  transcript.processingStatus = 'failed';
  transcript.metadata = {
    ...transcript.metadata,
    error,
    ...(tokenLimitExceeded ? { tokenLimitExceeded: true } : {}),
    ...(beforeExtraction ? { failedStage: 'parse' } : {}),
  };
  await em.flush();
}
