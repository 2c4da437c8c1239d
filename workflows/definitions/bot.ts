import { condition, defineQuery, defineSignal, executeChild, patched, proxyActivities, proxyLocalActivities, setCurrentDetails, setHandler, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import type { BotStatus } from '../../core/bots/bot.entity.ts';
import type { ObservedState, TranscriptOutcome } from '../../core/bots/lifecycle.ts';
import type { Activities } from '../activities.ts';
import { oneLine, TRANSCRIPT_ATTRIBUTE, USER_ATTRIBUTE } from '../shared/labels.ts';
import { ingestTranscriptWorkflow } from './ingest.ts';

export interface BotLifecycleInput {
  /** The bot's row. */
  botId: string;
  /** The bot service's id of the bot (the workflow is `bot-<providerBotId>`). */
  providerBotId: string;
  /** The bot plugin that sent it: the source of its transcript. */
  provider: string;
  /** How long to wait for news before asking the service where the bot stands (the backup for lost webhooks). */
  pollIntervalMs: number;
}

/** A verified, de-duplicated webhook: the bot's state after the event and/or that its transcript is ready. */
export interface BotSignal {
  state?: ObservedState;
  transcriptReady?: boolean;
  /** When it happened at the service (ISO 8601): of two states of one rank, the later one stays. */
  occurredAt?: string;
}

export interface BotLifecycleResult {
  status: BotStatus;
  transcriptId?: string;
  /** Tickets the ingest of the meeting's transcript saved. */
  tickets?: number;
}

export const botEventSignal = defineSignal<[BotSignal]>('botEvent');
/** The user cancelled the bot. */
export const cancelBotSignal = defineSignal('cancelBot');
/** Where the lifecycle has the bot now (null until the service has reported on it). */
export const botStateQuery = defineQuery<ObservedState | null>('botState');

/** Calls to the bot service: transient failures are retried with growing pauses, the rest come back as answers. */
const service = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 6 },
});

/** Database writes: retried until they succeed, so an outage delays a state but never loses it. */
const records = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/** What the Temporal UI shows of the bot beyond its start: whose it is and its meeting. Never stops the bot. */
const labels = proxyLocalActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 3 } });

/** pending < recording < the final states; the first final state stays. */
const RANK: Record<BotStatus, number> = { pending: 1, recording: 2, done: 3, failed: 3, cancelled: 3 };
const isFinal = (state: ObservedState | null) => state !== null && RANK[state.status] === 3;

/** Past this a bot that never ended is given up (bot services end theirs well before). */
const LONGEST_MEETING_MS = 12 * 3_600_000;
/** How long after the meeting the transcript may take to arrive. */
const TRANSCRIPT_DEADLINE_MS = 3 * 3_600_000;
/** The longest single wait for the transcript, so a lost transcriptReady webhook costs at most this. */
const LONGEST_TRANSCRIPT_WAIT_MS = 10 * 60_000;

function messageOf(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error && cause.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The life of one meeting bot (workflow id `bot-<providerBotId>`). Its states come as signals from the service's
 * webhooks, verified and de-duplicated by the API, or from a status poll when none came for `pollIntervalMs`; they
 * never go backwards and the first final state stays. Cancel from the user ends the bot at the service. When the
 * meeting is done, the transcript is fetched (waiting while the service makes it), stored for the user with the
 * monthly limits checked again, and ingested by the ingest workflow as a child.
 */
export async function botLifecycleWorkflow(input: BotLifecycleInput): Promise<BotLifecycleResult> {
  let current: ObservedState | null = null;
  let currentAt = 0;
  let saved: ObservedState | null = null;
  let cancelRequested = false;
  let transcriptReady = false;

  const observe = (state: ObservedState, at: number) => {
    if (isFinal(current)) return;
    if (current && RANK[state.status] < RANK[current.status]) return;
    if (current && RANK[state.status] === RANK[current.status] && at < currentAt) return;
    current = state;
    currentAt = at;
  };
  const end = (state: ObservedState) => {
    current = state;
    currentAt = Date.now();
  };
  const save = async () => {
    while (current !== saved) {
      const state = current;
      if (state) await records.saveBotState(input.botId, state);
      saved = state;
    }
  };
  setHandler(botEventSignal, (event) => {
    if (event.state) observe(event.state, Date.parse(event.occurredAt ?? '') || Date.now());
    if (event.transcriptReady) transcriptReady = true;
  });
  setHandler(cancelBotSignal, () => void (cancelRequested = !isFinal(current)));
  setHandler(botStateQuery, () => current);

  // Runs started before the labels replay without them.
  const labelled = patched('operator-labels');
  if (labelled) {
    const label = await labels.botLabel(input.botId).catch(() => null);
    if (label) {
      upsertSearchAttributes([{ key: USER_ATTRIBUTE, value: label.userId }]);
      setCurrentDetails(oneLine(`Meeting bot (${input.provider})${label.meetingTitle ? ` for ${label.meetingTitle}` : ''}`));
    }
  }

  const giveUpAt = Date.now() + LONGEST_MEETING_MS;
  for (;;) {
    await save();
    if (isFinal(current)) break;
    if (cancelRequested) {
      cancelRequested = false;
      const answer = await service.cancelMeetingBot(input.providerBotId).catch(() => null);
      if (answer?.ok && answer.value) observe(answer.value, Date.now());
      continue;
    }
    if (Date.now() >= giveUpAt) {
      await service.cancelMeetingBot(input.providerBotId).catch(() => null);
      end({ status: 'failed', reason: 'fatal', error: 'The bot service stopped reporting on this bot, so it was given up after 12 hours.' });
      continue;
    }
    const woken = await condition(() => cancelRequested || current !== saved, Math.max(1, Math.min(input.pollIntervalMs, giveUpAt - Date.now())));
    if (woken) continue;
    // A poll that fails is only a backup missed: the next one, or a webhook, brings the news.
    const answer = await service.pollBotStatus(input.providerBotId).catch(() => null);
    if (answer?.ok && answer.value) observe(answer.value, Date.now());
    if (answer && !answer.ok && answer.kind === 'not_found') end({ status: 'failed', reason: 'fatal', error: `The bot service no longer knows this bot: ${answer.message}` });
  }

  const ended = current as ObservedState | null;
  if (ended?.status !== 'done') return { status: ended?.status ?? 'failed' };
  const outcome = await transcriptOf(input, () => transcriptReady, () => void (transcriptReady = false));
  if (outcome.kind === 'failed' || outcome.kind === 'refused') {
    if (labelled && outcome.kind === 'refused') upsertSearchAttributes([{ key: TRANSCRIPT_ATTRIBUTE, value: outcome.transcriptId }]);
    end({ status: 'failed', reason: outcome.reason, error: outcome.message });
    await save();
    return { status: 'failed', ...(outcome.kind === 'refused' ? { transcriptId: outcome.transcriptId } : {}) };
  }
  const { transcriptId } = outcome;
  if (labelled) upsertSearchAttributes([{ key: TRANSCRIPT_ATTRIBUTE, value: transcriptId }]);
  let tickets: number | undefined;
  try {
    // The ingest's own workflow id, as an upload's ingest has it: the transcript is ingested once whoever asks.
    tickets = (await executeChild(ingestTranscriptWorkflow, { workflowId: `ingest-${transcriptId}`, args: [transcriptId] })).tickets;
  } catch {
    // Cancelled with its transcript (deleted by the user): the bot's meeting is still done.
  }
  await records.finishBotTranscript(transcriptId, input.provider);
  return { status: 'done', transcriptId, ...(tickets !== undefined ? { tickets } : {}) };
}

/**
 * The finished meeting's transcript, stored: fetched again at the service's retryAt (sooner when a webhook says it
 * is ready) while it is being made, after durable timers while the service limits requests, for at most 3 hours.
 */
async function transcriptOf(input: BotLifecycleInput, ready: () => boolean, unready: () => void): Promise<Exclude<TranscriptOutcome, { kind: 'wait' }>> {
  const deadline = Date.now() + TRANSCRIPT_DEADLINE_MS;
  for (;;) {
    unready();
    let outcome: TranscriptOutcome;
    try {
      outcome = await service.collectBotTranscript(input.botId);
    } catch (error) {
      return { kind: 'failed', reason: 'transcript_failed', message: `The meeting's transcript could not be fetched: ${messageOf(error)}` };
    }
    if (outcome.kind !== 'wait') return outcome;
    const left = deadline - Date.now();
    if (left <= 0) {
      return { kind: 'failed', reason: 'transcript_failed', message: `The bot service did not deliver the meeting's transcript within 3 hours: ${outcome.message}` };
    }
    const wait = Math.max(1_000, Math.min(Date.parse(outcome.retryAt) - Date.now(), LONGEST_TRANSCRIPT_WAIT_MS, left));
    if (outcome.why === 'rate_limited') await sleep(wait);
    else await condition(ready, wait);
  }
}
