import { ActivityFailure, ApplicationFailure, isCancellation, patched, proxyActivities, proxyLocalActivities, setCurrentDetails, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities.ts';
import { oneLine, OUTCOME_ATTRIBUTE, type Outcome } from '../shared/labels.ts';

/** Extraction calls running at once for one transcript. */
const PARALLEL_CHUNKS = 4;

const quick = proxyLocalActivities<Activities>({
  // Reading the file, and with an offline extractor the whole ingest: seconds even for a ten-hour meeting. Local
  // activities, run by the worker that runs the workflow, cost the server a marker instead of an activity task's
  // three events and two round trips; a step cut short (the worker stopped) runs again on replay, and each step
  // is safe to run twice (a saved transcript is never saved again).
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 5, nonRetryableErrorTypes: ['ParseFailure'] },
});

const extraction = proxyActivities<Activities>({
  // An LLM call on a long chunk can take a while; rate limits and timeouts are retried with growing pauses.
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '15 seconds',
  retry: {
    initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 6,
    nonRetryableErrorTypes: ['TokenLimitExceeded', 'ExtractionFailed'],
  },
});

export interface IngestResult {
  status: 'completed';
  tickets: number;
}

const outcome = (value: Outcome) => upsertSearchAttributes([{ key: OUTCOME_ATTRIBUTE, value }]);

/**
 * Reads an uploaded transcript and turns it into tickets (workflow id `ingest-<transcriptId>`). An ingest that
 * fails records the user's words on the transcript, then fails itself with the same words, so the Temporal UI shows
 * it as Failed (`ExecutionStatus="Failed"` or `Outcome="failed"` lists it); nothing reads its result.
 */
export async function ingestTranscriptWorkflow(transcriptId: string): Promise<IngestResult> {
  let saved: number;
  try {
    saved = await ingest(transcriptId);
  } catch (error) {
    if (isCancellation(error)) {
      outcome('cancelled');
      throw error;
    }
    const cause = error instanceof ActivityFailure ? error.cause : error;
    const failure = cause instanceof ApplicationFailure ? cause : undefined;
    const message = failure?.message || 'Processing stopped unexpectedly. Please try again.';
    await quick.markTranscriptFailed(transcriptId, message, failure?.type === 'TokenLimitExceeded');
    outcome('failed');
    const failed = ApplicationFailure.create({ type: failure?.type ?? 'IngestFailed', message, nonRetryable: true });
    // The user's words are the whole story: no stack trace (file paths) in the history.
    failed.stack = `${failed.name}: ${message}`;
    throw failed;
  }
  outcome('succeeded');
  return { status: 'completed', tickets: saved };
}

/** The steps of an ingest; how many tickets the transcript has. */
async function ingest(transcriptId: string): Promise<number> {
  const parsed = await quick.parseTranscript(transcriptId);
  // The format is known only now, and a summary is fixed at the start: the current details name it ("Read as Zoom").
  // Runs started before replay without it; a format that cannot be read leaves the details empty.
  if (patched('operator-labels')) {
    const read = await quick.transcriptFormat(transcriptId).catch(() => null);
    if (read) setCurrentDetails(oneLine(`Read as ${read.name}`));
  }
  // An offline extractor ran in that step already and saved the tickets (or an earlier run of this ingest did).
  if (parsed.saved !== undefined) return parsed.saved;
  const { chunks } = parsed;
  // Each chunk's tickets are kept in the database by its step and saved together by the last: the history holds
  // ids and counts, never the meeting's words.
  for (let start = 0; start < chunks; start += PARALLEL_CHUNKS) {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_CHUNKS, chunks - start) }, (_, i) =>
      extraction.extractTranscriptChunk(transcriptId, start + i),
    ));
  }
  return quick.saveExtractedTickets(transcriptId);
}
