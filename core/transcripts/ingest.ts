import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExtractedTicket } from '../../plugins/sdk/index.ts';
import type { Credits } from '../credits/credits.ts';
import type { BoundExtractor, PluginHost } from '../plugins/host.ts';
import { mergeExtractedTickets } from '../tickets/merge.ts';
import { Ticket } from '../tickets/ticket.entity.ts';
import { chunkMessages, extractionRequests } from './chunks.ts';
import { Transcript } from './transcript.entity.ts';

/** Project given to a ticket when the meeting named none. */
const DEFAULT_PROJECT = 'General';

/** Reads the stored file with the plugin host and keeps the parsed transcript; returns the number of chunks. */
export async function parseStoredTranscript(em: EntityManager, host: PluginHost, transcriptId: string): Promise<{ chunks: number }> {
  const transcript = await em.findOneOrFail(Transcript, transcriptId, { populate: ['rawFile'] });
  const result = host.parse({ bytes: new Uint8Array(transcript.rawFile ?? Buffer.alloc(0)), fileName: transcript.rawFileName ?? 'transcript.txt' });
  const parsed = result.transcript;
  transcript.title = parsed.title.slice(0, 500);
  transcript.date = parsed.date ?? null;
  transcript.source = result.format;
  transcript.duration = parsed.duration === undefined ? null : Math.round(parsed.duration);
  transcript.participants = parsed.participants;
  transcript.messages = parsed.messages;
  transcript.processingStatus = 'processing';
  transcript.metadata = {
    ...transcript.metadata,
    format: result.format,
    ...(result.variant ? { variant: result.variant } : {}),
    confidence: result.confidence,
    ...(result.warnings.length ? { warnings: result.warnings } : {}),
  };
  await em.flush();
  return { chunks: chunkMessages(parsed.messages).length };
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
  const transcript = await em.findOneOrFail(Transcript, transcriptId, { populate: ['user'] });
  const request = extractionRequests({
    title: transcript.title,
    source: transcript.source ?? 'upload',
    participants: transcript.participants,
    messages: transcript.messages,
    ...(transcript.date ? { date: transcript.date } : {}),
  })[index];
  if (!request) throw new Error(`Transcript ${transcriptId} has no chunk ${index}`);
  const estimate = deps.extractor.estimate(request);
  const reservationId = `${transcriptId}:${index}`;
  await deps.credits.reserve(em, transcript.user.id, reservationId, { input: estimate.inputTokens, output: estimate.outputTokens });
  let result;
  try {
    result = await deps.extractor.extract(request, { signal });
  } catch (error) {
    await deps.credits.release(em, reservationId);
    throw error;
  }
  await deps.credits.settle(em, reservationId, {
    userId: transcript.user.id,
    transcriptId,
    operationType: 'ticket_extraction',
    aiProvider: result.usage.provider,
    model: result.usage.model,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
  });
  return result.tickets;
}

/**
 * Saves the merged tickets and marks the transcript completed, in one transaction. Running it again (a worker
 * that died after the commit) changes nothing, so no ticket is saved twice.
 */
export async function saveExtractedTickets(em: EntityManager, transcriptId: string, extracted: ExtractedTicket[]): Promise<number> {
  return em.transactional(async (tx) => {
    const transcript = await tx.findOneOrFail(Transcript, transcriptId, { populate: ['user'], lockMode: LockMode.PESSIMISTIC_WRITE });
    if (transcript.processingStatus === 'completed') return tx.count(Ticket, { transcript });
    const merged = mergeExtractedTickets(extracted);
    // One millisecond apart, so listing by creation time keeps the order in which the meeting raised them.
    const savedAt = Date.now();
    const tickets = merged.map((item, index) =>
      tx.create(Ticket, {
        createdAt: new Date(savedAt + index),
        updatedAt: new Date(savedAt + index),
        user: transcript.user,
        transcript,
        title: item.title.slice(0, 500),
        description: item.description || item.title,
        context: item.context,
        implementation: item.implementation,
        effort: item.effort ?? null,
        notes: item.notes,
        project: (item.project?.trim() || DEFAULT_PROJECT).slice(0, 200),
        priority: item.priority,
        assignee: item.assignee?.slice(0, 200) ?? null,
        tags: item.tags,
        dueDate: item.dueDate,
      }),
    );
    const idByTitle = new Map(tickets.map((ticket) => [ticket.title.toLowerCase(), ticket.id]));
    merged.forEach((item, i) => {
      tickets[i]!.dependencies = item.dependsOn
        .map((title) => idByTitle.get(title.toLowerCase()))
        .filter((id): id is string => id !== undefined && id !== tickets[i]!.id);
    });
    transcript.processingStatus = 'completed';
    transcript.metadata = { ...transcript.metadata, ticketCount: tickets.length };
    await tx.getConnection().execute('update users set transcripts_processed = transcripts_processed + 1 where id = ?', [transcript.user.id], 'run', tx.getTransactionContext());
    return tickets.length;
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
