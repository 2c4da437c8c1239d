import { ApplicationFailure } from '@temporalio/activity';
import { monthlyReset } from '../core/billing/renewals.ts';
import type { MeetingBot } from '../core/bots/bots.ts';
import { createBotSteps } from '../core/bots/lifecycle.ts';
import { CreditsExhausted, type Credits } from '../core/credits/credits.ts';
import { planMonthlyReset } from '../core/credits/resets.ts';
import type { Orm } from '../core/db/orm.ts';
import type { Logger } from '../core/logger.ts';
import type { Mailer } from '../core/mail/mailer.ts';
import { deliverQueuedEmail } from '../core/mail/outbox.ts';
import { ParseFailure, parseFailureText } from '../core/plugins/errors.ts';
import type { BoundExtractor, PluginHost } from '../core/plugins/host.ts';
import type { Pusher } from '../core/push/pusher.ts';
import { extractAndSaveTickets, extractChunk, markTranscriptFailed, parseStoredTranscript, saveExtractedChunks } from '../core/transcripts/ingest.ts';
import { withHeartbeat } from './heartbeat.ts';
import { createLabelActivities } from './label-activities.ts';
import { createPushActivities } from './push-activities.ts';
import { createTrackerStatusActivities } from './tracker-status-activities.ts';
import type { Connections } from '../core/connections/connections.ts';

export interface ActivityDependencies {
  orm: Orm;
  logger: Logger;
  mailer: Mailer;
  plugins: PluginHost;
  extractor: BoundExtractor;
  credits: Credits;
  /** The steps of the push workflow. */
  pusher: Pusher;
  /** Tracker connections, for the status workflows. */
  connections: Connections;
  /** The meeting bot the settings configure; null or absent when it is off. */
  meetingBot?: MeetingBot | null;
}

/** A failure the user should read, marked so the workflow's retry policy does not repeat it. */
function final(type: string, message: string): ApplicationFailure {
  const failure = ApplicationFailure.create({ type, message, nonRetryable: true });
  // Its words are the whole story: no stack trace (the server's file paths) in the workflow's history.
  failure.stack = `${failure.name}: ${message}`;
  return failure;
}

/** Activities get their dependencies from here, so tests pass real local ones instead of module singletons. */
/**
 * Runs an extraction step with heartbeats (Temporal notices a dead worker within the heartbeat timeout instead of
 * the call's timeout) and its failures in words: used-up credits and a refusal end the ingest, a retryable failure
 * is tried again.
 */
async function extracting<T>(step: (signal: AbortSignal) => Promise<T>): Promise<T> {
  try {
    return await withHeartbeat(step);
  } catch (error) {
    if (error instanceof CreditsExhausted) throw final('TokenLimitExceeded', error.message);
    if ((error as { retryable?: unknown }).retryable === true) throw error;
    throw final('ExtractionFailed', `Tickets could not be extracted: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function createActivities({ orm, logger, mailer, plugins, extractor, credits, pusher, connections, meetingBot }: ActivityDependencies) {
  const ingestSlots = slots(INGEST_SLOTS);
  return {
    ...createPushActivities({ pusher }),

    /** The steps of the status poll and of a status sent to a tracker. */
    ...createTrackerStatusActivities({ orm, plugins, connections, logger }),

    /** What the Temporal UI shows of an e-mail, a bot or an ingest beyond what its start knew. */
    ...createLabelActivities({ orm, plugins }),

    /** The steps of a meeting bot's lifecycle workflow. */
    ...createBotSteps({ orm, credits, meetingBot }),

    /** Sends an outbox e-mail once (core/mail/outbox.ts): 'sent', 'kept' without a mail server, or 'gone'; a failure is rethrown so Temporal retries. */
    deliverEmail: (emailId: string) => deliverQueuedEmail(orm.em.fork(), mailer, emailId),

    /**
     * Reads the file; with an offline extractor (milliseconds a chunk) also extracts the tickets and saves them, so
     * the whole ingest is this one step (`saved` says how many tickets).
     */
    parseTranscript: (transcriptId: string): Promise<{ chunks: number; saved?: number }> => ingestSlots.run(async () => {
      let parsed;
      try {
        parsed = await parseStoredTranscript(orm.em.fork(), plugins, transcriptId, (failures, format) => {
          for (const failure of failures) {
            logger.warn(
              { transcriptId, plugin: failure.format, confidence: failure.confidence, readAs: format },
              `The ${failure.name} parser (${failure.format}) failed on transcript ${transcriptId}, which was read by ${format} instead: ${failure.problem}`,
            );
          }
        });
      } catch (error) {
        if (error instanceof ParseFailure) throw final('ParseFailure', parseFailureText(error));
        throw error;
      }
      // Saved already (a reset or a second run of a finished ingest), or an LLM extracts in steps of its own.
      if (parsed.saved !== undefined || extractor.manifest.offline !== true) return parsed;
      return { ...parsed, saved: await extracting((signal) => extractAndSaveTickets(orm.em.fork(), { extractor, credits }, transcriptId, signal)) };
    }),

    /** Extracts one chunk's tickets and keeps them in the database; returns how many (ids in, counts out: no meeting words in the history). */
    extractTranscriptChunk: (transcriptId: string, index: number): Promise<number> =>
      extracting((signal) => extractChunk(orm.em.fork(), { extractor, credits }, transcriptId, index, signal)),

    /** Saves the tickets the chunks' steps kept; returns how many tickets the transcript has. */
    saveExtractedTickets: (transcriptId: string) => saveExtractedChunks(orm.em.fork(), transcriptId),

    markTranscriptFailed: (transcriptId: string, error: string, tokenLimitExceeded: boolean) =>
      markTranscriptFailed(orm.em.fork(), transcriptId, error, tokenLimitExceeded),

    /** The next monthly credit reset of a workspace after `after` (or now), from the subscription date; null when the workspace is gone. */
    planCreditReset: (workspaceId: string, now: string, after: string | null) =>
      planMonthlyReset(orm.em.fork(), workspaceId, new Date(now), after ? new Date(after) : null),

    /** The monthly credit reset due at `at`, once per workspace and date; none when the subscription date has moved since it was planned. */
    resetMonthlyCredits: (workspaceId: string, at: string) => monthlyReset(orm.em.fork(), workspaceId, new Date(at)),
  };
}

export type Activities = ReturnType<typeof createActivities>;

/**
 * Files read at once by one worker process. Reading the worst 1 MB file (and with the offline extractor, extracting
 * and saving its tickets) takes up to about 100 MiB of heap for a few seconds (`npm run bench:memory`): four at once
 * stay well inside a worker's heap whatever number of uploads arrive together; the others wait their turn.
 */
export const INGEST_SLOTS = 4;

/** At most `size` calls of `run` at once; the others wait in order. */
export function slots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      }
    },
  };
}
