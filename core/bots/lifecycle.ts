/**
 * The steps of a bot's lifecycle workflow (workflows/definitions/bot.ts), each run as an activity: record where the
 * bot stands, read it from the service (the backup poll), end it at the user's request, fetch and store its
 * transcript. A bot service's failure comes back as a value the workflow decides on; only transient failures
 * (and the database's) are thrown, so that the activity's retry policy repeats them.
 */
import { isBotError, type BotErrorKind, type BotState } from '../../plugins/sdk/index.ts';
import type { Credits } from '../credits/credits.ts';
import type { Orm } from '../db/orm.ts';
import { PluginOutputError } from '../plugins/boundary.ts';
import { Bot, type BotStatus } from './bot.entity.ts';
import { isNews, type MeetingBot } from './bots.ts';
import { restoreBotSource, storeBotTranscript, storedTranscriptOf } from './transcript.ts';

/** Where a bot stands, as the lifecycle keeps it. */
export interface ObservedState {
  status: BotStatus;
  reason?: string;
  error?: string;
  providerStatus?: string;
}

/** The service's answer, or why there is none: the kind of its failure and its words. */
export type ServiceAnswer<T> = { ok: true; value: T } | { ok: false; kind: BotErrorKind | 'plugin'; message: string; retryAt?: string };

export type TranscriptOutcome =
  | { kind: 'stored'; transcriptId: string }
  | { kind: 'refused'; transcriptId: string; reason: 'limit_reached' | 'too_large'; message: string }
  /** Not there yet (not_ready) or the service asks to wait (rate_limited): try again at retryAt. */
  | { kind: 'wait'; why: 'not_ready' | 'rate_limited'; retryAt: string; message: string }
  | { kind: 'failed'; reason: 'no_recording' | 'transcript_failed'; message: string };

const WORKER_NOT_CONFIGURED = 'The meeting bot is not configured on this worker (MEETING_BOT_PROVIDER); configure it and the step is retried.';
const DEFAULT_WAIT_MS = 30_000;

/** The parts of a state the lifecycle keeps: a state without news (the service said nothing yet) is none. */
export function observedOf(state: BotState): ObservedState | null {
  if (!isNews(state)) return null;
  return {
    status: state.status,
    ...(state.reason ? { reason: state.reason } : {}),
    ...(state.error ? { error: state.error } : {}),
    ...(state.providerStatus ? { providerStatus: state.providerStatus } : {}),
  };
}

/** A call to the bot service: its answer, or its BotError as a value; transient failures are thrown unless `keepTransient`. */
async function answerOf<T>(run: () => Promise<T>, keepTransient: boolean): Promise<ServiceAnswer<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof PluginOutputError) return { ok: false, kind: 'plugin', message: error.message };
    if (!isBotError(error) || (error.kind === 'transient' && !keepTransient)) throw error;
    return { ok: false, kind: error.kind, message: error.message, ...(error.retryAt ? { retryAt: error.retryAt } : {}) };
  }
}

export function createBotSteps(deps: { orm: Orm; credits: Credits; meetingBot?: MeetingBot | null }) {
  const plugin = () => {
    if (!deps.meetingBot) throw new Error(WORKER_NOT_CONFIGURED);
    return deps.meetingBot.bot;
  };
  return {
    /** Records the bot's state as the lifecycle decided it. */
    async saveBotState(botId: string, state: ObservedState): Promise<void> {
      await deps.orm.em.fork().nativeUpdate(Bot, { id: botId }, {
        status: state.status, reason: state.reason ?? null, error: state.error ?? null, updatedAt: new Date(),
      });
    },

    /** The bot's state at the service; any failure is an answer (the next poll is the retry). */
    async pollBotStatus(providerBotId: string): Promise<ServiceAnswer<ObservedState | null>> {
      return answerOf(async () => observedOf(await plugin().status(providerBotId)), true);
    },

    /** Ends the bot at the service: its state afterwards (cancelled, or the final state it had reached). */
    async cancelMeetingBot(providerBotId: string): Promise<ServiceAnswer<ObservedState | null>> {
      return answerOf(async () => observedOf(await plugin().cancel(providerBotId)), false);
    },

    /** Fetches the finished meeting's transcript and stores it for the bot's user (once). */
    async collectBotTranscript(botId: string): Promise<TranscriptOutcome> {
      const em = deps.orm.em.fork();
      const stored = await storedTranscriptOf(em, botId);
      if (stored) return stored;
      const bot = await em.findOneOrFail(Bot, botId);
      const answer = await answerOf(() => plugin().transcript(bot.providerBotId), false);
      if (answer.ok) return storeBotTranscript(em, deps.credits, botId, answer.value);
      if (answer.kind === 'not_ready' || answer.kind === 'rate_limited') {
        return { kind: 'wait', why: answer.kind, retryAt: retryAtOf(answer), message: answer.message };
      }
      if (answer.kind === 'no_recording') return { kind: 'failed', reason: 'no_recording', message: answer.message };
      return { kind: 'failed', reason: 'transcript_failed', message: `The meeting's transcript could not be fetched: ${answer.message}` };
    },

    /** After the ingest of the bot's transcript: its source names the bot service again. */
    async finishBotTranscript(transcriptId: string, provider: string): Promise<void> {
      await restoreBotSource(deps.orm.em.fork(), transcriptId, provider);
    },
  };
}

function retryAtOf(answer: { retryAt?: string }): string {
  return answer.retryAt && Number.isFinite(Date.parse(answer.retryAt)) ? answer.retryAt : new Date(Date.now() + DEFAULT_WAIT_MS).toISOString();
}

export type BotSteps = ReturnType<typeof createBotSteps>;
