import { ActivityFailure, ApplicationFailure, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities.ts';

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
  status: 'completed' | 'failed';
  tickets: number;
  error?: string;
}

/** Reads an uploaded transcript and turns it into tickets (workflow id `ingest-<transcriptId>`). */
export async function ingestTranscriptWorkflow(transcriptId: string): Promise<IngestResult> {
  try {
    const parsed = await quick.parseTranscript(transcriptId);
    // An offline extractor ran in that step already and saved the tickets.
    if (parsed.saved !== undefined) return { status: 'completed', tickets: parsed.saved };
    const { chunks } = parsed;
    const tickets = [];
    for (let start = 0; start < chunks; start += PARALLEL_CHUNKS) {
      const batch = Array.from({ length: Math.min(PARALLEL_CHUNKS, chunks - start) }, (_, i) =>
        extraction.extractTranscriptChunk(transcriptId, start + i),
      );
      for (const found of await Promise.all(batch)) tickets.push(...found);
    }
    const saved = await quick.saveExtractedTickets(transcriptId, tickets);
    return { status: 'completed', tickets: saved };
  } catch (error) {
    const cause = error instanceof ActivityFailure ? error.cause : error;
    const failure = cause instanceof ApplicationFailure ? cause : undefined;
    const message = failure?.message || 'Processing stopped unexpectedly. Please try again.';
    await quick.markTranscriptFailed(transcriptId, message, failure?.type === 'TokenLimitExceeded');
    return { status: 'failed', tickets: 0, error: message };
  }
}
