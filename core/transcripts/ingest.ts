import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExtractedTicket, ExtractionRequest, ParsedTranscript } from '../../plugins/sdk/index.ts';
import type { Credits } from '../credits/credits.ts';
import type { BoundExtractor, PluginHost } from '../plugins/host.ts';
import { mergeExtractedTickets } from '../tickets/merge.ts';
import { chunkMessages, extractionRequests } from './chunks.ts';
import { Transcript } from './transcript.entity.ts';

/** Project given to a ticket when the meeting named none. */
const DEFAULT_PROJECT = 'General';

/** The parsed transcript as stored, read in one query (never the uploaded file), for extraction. */
interface StoredTranscript {
  userId: string;
  title: string;
  source: string | null;
  date: string | null;
  participants: ParsedTranscript['participants'];
  messages: ParsedTranscript['messages'];
}

async function readParsed(em: EntityManager, transcriptId: string): Promise<StoredTranscript> {
  const [row] = await em.getConnection().execute<{ user_id: string; title: string; source: string | null; date: string | null; participants: StoredTranscript['participants']; messages: StoredTranscript['messages'] }[]>(
    'select user_id, title, source, date, participants, messages from transcripts where id = ?', [transcriptId],
  );
  if (!row) throw new Error(`Transcript ${transcriptId} not found`);
  return { userId: row.user_id, title: row.title, source: row.source, date: row.date, participants: row.participants, messages: row.messages };
}

function requestsOf(transcript: StoredTranscript): ExtractionRequest[] {
  return extractionRequests({
    title: transcript.title,
    source: transcript.source ?? 'upload',
    participants: transcript.participants,
    messages: transcript.messages,
    ...(transcript.date ? { date: transcript.date } : {}),
  });
}

/** Reads the stored file with the plugin host and keeps the parsed transcript (one update); returns the number of chunks. */
export async function parseStoredTranscript(em: EntityManager, host: PluginHost, transcriptId: string): Promise<{ chunks: number }> {
  const sql = em.getConnection();
  const [stored] = await sql.execute<{ raw_file: Buffer | null; raw_file_name: string | null }[]>(
    'select raw_file, raw_file_name from transcripts where id = ?', [transcriptId],
  );
  if (!stored) throw new Error(`Transcript ${transcriptId} not found`);
  const result = host.parse({ bytes: new Uint8Array(stored.raw_file ?? Buffer.alloc(0)), fileName: stored.raw_file_name ?? 'transcript.txt' });
  const parsed = result.transcript;
  const learned = {
    format: result.format,
    ...(result.variant ? { variant: result.variant } : {}),
    confidence: result.confidence,
    ...(result.warnings.length ? { warnings: result.warnings } : {}),
  };
  await sql.execute(
    `update transcripts set title = ?, date = ?, source = ?, duration = ?, participants = ?::jsonb, messages = ?::jsonb,
       processing_status = 'processing', metadata = metadata || ?::jsonb, updated_at = now() where id = ?`,
    [
      parsed.title.slice(0, 500), parsed.date ?? null, result.format, parsed.duration === undefined ? null : Math.round(parsed.duration),
      JSON.stringify(parsed.participants), JSON.stringify(parsed.messages), JSON.stringify(learned), transcriptId,
    ],
  );
  return { chunks: chunkMessages(parsed.messages).length };
}

/**
 * Runs the extractor on requests under one credit reservation (`reservationId`, so a retried step reserves and
 * records once): reserves the estimate, extracts, then settles with the real usage, or releases it on failure.
 */
async function extractUnderReservation(
  em: EntityManager,
  deps: { extractor: BoundExtractor; credits: Credits },
  transcript: StoredTranscript & { id: string },
  requests: ExtractionRequest[],
  reservationId: string,
  signal?: AbortSignal,
): Promise<ExtractedTicket[]> {
  const estimate = requests.map((request) => deps.extractor.estimate(request))
    .reduce((sum, one) => ({ input: sum.input + one.inputTokens, output: sum.output + one.outputTokens }), { input: 0, output: 0 });
  await deps.credits.reserve(em, transcript.userId, reservationId, estimate);
  const tickets: ExtractedTicket[] = [];
  const usage = { inputTokens: 0, outputTokens: 0, provider: deps.extractor.manifest.id, model: undefined as string | undefined };
  try {
    for (const request of requests) {
      const result = await deps.extractor.extract(request, { signal });
      tickets.push(...result.tickets);
      usage.inputTokens += result.usage.inputTokens;
      usage.outputTokens += result.usage.outputTokens;
      usage.provider = result.usage.provider;
      usage.model = result.usage.model;
    }
  } catch (error) {
    await deps.credits.release(em, reservationId);
    throw error;
  }
  await deps.credits.settle(em, reservationId, {
    userId: transcript.userId,
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
 * retried activity reserves and records once.
 */
export async function extractChunk(
  em: EntityManager,
  deps: { extractor: BoundExtractor; credits: Credits },
  transcriptId: string,
  index: number,
  signal?: AbortSignal,
): Promise<ExtractedTicket[]> {
  const transcript = await readParsed(em, transcriptId);
  const request = requestsOf(transcript)[index];
  if (!request) throw new Error(`Transcript ${transcriptId} has no chunk ${index}`);
  return extractUnderReservation(em, deps, { ...transcript, id: transcriptId }, [request], `${transcriptId}:${index}`, signal);
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
  const tickets = await extractUnderReservation(em, deps, { ...transcript, id: transcriptId }, requestsOf(transcript), `${transcriptId}:all`, signal);
  return saveExtractedTickets(em, transcriptId, tickets);
}

/** The columns of a new ticket, as jsonb_to_recordset reads them. */
const TICKET_RECORD = `id uuid, user_id uuid, transcript_id uuid, title text, description text, context text, implementation text,
  dependencies jsonb, effort text, notes text, project text, priority text, assignee text, tags jsonb, due_date date, created_at timestamptz`;

/**
 * Saves the merged tickets in one statement and marks the transcript completed, in one transaction. Running it
 * again (a worker that died after the commit) changes nothing, so no ticket is saved twice.
 */
export async function saveExtractedTickets(em: EntityManager, transcriptId: string, extracted: ExtractedTicket[]): Promise<number> {
  return em.transactional(async (tx) => {
    const sql = tx.getConnection();
    const context = tx.getTransactionContext();
    const [transcript] = await sql.execute<{ user_id: string; processing_status: string; ticket_count: number }[]>(
      'select user_id, processing_status, ticket_count from transcripts where id = ? for update', [transcriptId], 'all', context,
    );
    if (!transcript) throw new Error(`Transcript ${transcriptId} not found`);
    if (transcript.processing_status === 'completed') return transcript.ticket_count;
    // The user's row is written before the tickets: inserting them takes a key-share lock on it (their foreign key),
    // and raising that to a write afterwards would deadlock with an upload or a credit reservation queued for it.
    await sql.execute('update users set transcripts_processed = transcripts_processed + 1 where id = ?', [transcript.user_id], 'run', context);
    const merged = mergeExtractedTickets(extracted);
    // One millisecond apart, so listing by creation time keeps the order in which the meeting raised them.
    const savedAt = Date.now();
    const ids: string[] = merged.map(() => crypto.randomUUID());
    const idByTitle = new Map(merged.map((item, i) => [item.title.slice(0, 500).toLowerCase(), ids[i]!]));
    const records = merged.map((item, i) => ({
      id: ids[i],
      user_id: transcript.user_id,
      transcript_id: transcriptId,
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
    if (records.length) {
      await sql.execute(
        `insert into tickets (id, user_id, transcript_id, title, description, context, implementation, dependencies, effort, notes, project,
           priority, assignee, tags, due_date, created_at, updated_at)
         select id, user_id, transcript_id, title, description, context, implementation, dependencies, effort, notes, project,
           priority, assignee, tags, due_date, created_at, created_at from jsonb_to_recordset(?::jsonb) as t(${TICKET_RECORD})`,
        [JSON.stringify(records)], 'run', context,
      );
    }
    await sql.execute(
      `update transcripts set processing_status = 'completed', metadata = metadata || jsonb_build_object('ticketCount', ?::int), updated_at = now() where id = ?`,
      [records.length, transcriptId], 'run', context,
    );
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
