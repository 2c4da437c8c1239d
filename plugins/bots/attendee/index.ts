/**
 * The `attendee` bot: sends a bot of an Attendee server (the open-source meeting-bot API, attendee.dev; your own
 * or the hosted app.attendee.dev) into the meeting. What it relies on, from Attendee's API (bots/bots_api_views.py,
 * docs.attendee.dev):
 * - `Authorization: Token <key>` (an API key of the project);
 * - Create Bot `POST /api/v1/bots` with meeting_url, bot_name, metadata and, when configured, transcription_settings
 *   (otherwise the project's default transcription);
 * - Get Bot `GET /api/v1/bots/{id}`: `state`, `events` ([{ type, sub_type, created_at }]), `transcription_state`
 *   (not_started, in_progress, complete, failed);
 * - Delete Bot `DELETE /api/v1/bots/{id}` for a scheduled bot (400 for any other), else Leave Meeting
 *   `POST /api/v1/bots/{id}/leave` (400 when the bot is past leaving);
 * - Get Bot Transcript `GET /api/v1/bots/{id}/transcript`: [{ speaker_name, speaker_uuid, timestamp_ms,
 *   duration_ms, transcription: { transcript } }] (404 when the bot has no recording). timestamp_ms is taken
 *   as milliseconds from the start of the recording, or, when the values are epoch milliseconds, from the first;
 * - errors: 429 with Retry-After (its request throttling), 401, 404, 400 `{ error }` or field errors.
 */
import { BotError, type BotContext, type BotManifest, type BotPlugin, type BotState } from '../../sdk/index.ts';
import { clientOf, inMs, type ServiceClient } from '../shared/client.ts';
import { baseUrlSchema, credentialsSchema, type BotSettings } from '../shared/settings.ts';
import { transcriptOf } from '../shared/transcript.ts';
import { attendeeState, factsOfBot, type AttendeeBotEvent } from './states.ts';
import { parseAttendeeWebhook, verifyAttendeeDelivery } from './webhooks.ts';

export const ATTENDEE_DEFAULT_URL = 'https://app.attendee.dev';

export const CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    baseUrl: baseUrlSchema(ATTENDEE_DEFAULT_URL, 'The address of your Attendee server, e.g. https://attendee.example.com.'),
    transcriptionSettings: {
      type: 'object', minProperties: 1,
      description: 'transcription_settings of Create Bot, e.g. { "meeting_closed_captions": {} }; the project\'s default when left out.',
    },
  },
} as const;

export type AttendeeSettings = BotSettings<typeof CONFIG_SCHEMA>;

const MANIFEST: BotManifest = {
  apiVersion: 1,
  id: 'attendee',
  kind: 'bot',
  name: 'Attendee',
  version: '1.0.0',
  description: 'Sends a bot of an Attendee server (self-hosted or app.attendee.dev) into Google Meet, Zoom and Teams meetings and fetches its transcript.',
  configSchema: CONFIG_SCHEMA,
  credentialsSchema: credentialsSchema('The project\'s webhook secret (Settings → Webhooks), base64.'),
};

interface AttendeeBot {
  id: string;
  state?: string;
  events?: AttendeeBotEvent[];
  transcription_state?: string | null;
}

interface AttendeeUtterance {
  speaker_name?: string | null;
  speaker_uuid?: string | null;
  timestamp_ms?: number | null;
  transcription?: { transcript?: string | null } | string | null;
}

const attendee = (context: BotContext<AttendeeSettings>) => clientOf(context, 'Attendee');
const botPath = (botId: string) => `/api/v1/bots/${encodeURIComponent(botId)}`;
const getBot = (client: ServiceClient, botId: string) => client.json<AttendeeBot>({ method: 'GET', path: botPath(botId) });
const stateOfBot = (bot: AttendeeBot) => attendeeState(String(bot.id), factsOfBot(bot));
const FINAL = new Set<BotState['status']>(['done', 'failed', 'cancelled']);
/** States in which Attendee may still delete the bot instead of making it leave. */
const NOT_DISPATCHED = new Set(['scheduled', 'staged', 'ready']);
/** Epoch milliseconds from 2001 on, as opposed to milliseconds into a recording. */
const EPOCH_MS = 1e12;

/** Throws the BotError that says why the transcript cannot be fetched yet, or at all. */
function checkReady(bot: AttendeeBot): void {
  const state = stateOfBot(bot);
  if (bot.state === 'post_processing') throw new BotError('not_ready', 'Attendee is still processing the recording.', { retryAt: inMs(30_000) });
  if (!FINAL.has(state.status) || bot.state === 'leaving') throw new BotError('not_ready', 'The meeting is still going on.', { retryAt: inMs(60_000) });
  if (bot.state === 'data_deleted') throw new BotError('no_recording', 'The recording was deleted at Attendee.');
  if (bot.transcription_state === 'failed') throw new BotError('no_recording', 'Attendee could not transcribe the recording.');
  if (bot.transcription_state === 'in_progress') throw new BotError('not_ready', 'Attendee is still transcribing the recording.', { retryAt: inMs(30_000) });
}

function transcriptOfUtterances(utterances: AttendeeUtterance[]) {
  const times = utterances.map((utterance) => utterance.timestamp_ms).filter((ms): ms is number => typeof ms === 'number');
  const origin = times.length && Math.min(...times) >= EPOCH_MS ? Math.min(...times) : 0;
  return transcriptOf(utterances.map((utterance) => ({
    speakerKey: utterance.speaker_uuid ?? null,
    speakerName: utterance.speaker_name ?? null,
    text: typeof utterance.transcription === 'string' ? utterance.transcription : (utterance.transcription?.transcript ?? ''),
    start: typeof utterance.timestamp_ms === 'number' ? (utterance.timestamp_ms - origin) / 1000 : null,
  })), 'Attendee');
}

const plugin: BotPlugin<AttendeeSettings> = {
  manifest: MANIFEST,

  async create({ meetingUrl, botName, metadata }, context) {
    const { transcriptionSettings } = context.settings.config;
    const bot = await attendee(context).json<AttendeeBot>({
      method: 'POST',
      path: '/api/v1/bots',
      body: {
        meeting_url: meetingUrl, bot_name: botName,
        ...(metadata ? { metadata } : {}), ...(transcriptionSettings ? { transcription_settings: transcriptionSettings } : {}),
      },
    });
    return stateOfBot(bot);
  },

  async cancel(botId, context) {
    const client = attendee(context);
    const bot = await getBot(client, botId);
    if (NOT_DISPATCHED.has(bot.state ?? '')) {
      const deleted = await client.send({ method: 'DELETE', path: botPath(botId) });
      if (deleted.status < 300) return { botId, status: 'cancelled', providerStatus: 'deleted' };
      if (deleted.status !== 400) throw client.failure(deleted);
    }
    const left = await client.send({ method: 'POST', path: `${botPath(botId)}/leave` });
    if (left.status < 300) return { botId, status: 'cancelled', providerStatus: 'leave_requested/user_requested' };
    const now = await getBot(client, botId);
    if (FINAL.has(stateOfBot(now).status)) return stateOfBot(now);
    throw client.failure(left);
  },

  async status(botId, context) {
    return stateOfBot(await getBot(attendee(context), botId));
  },

  async transcript(botId, context) {
    const client = attendee(context);
    const bot = await getBot(client, botId);
    checkReady(bot);
    const response = await client.send({ method: 'GET', path: `${botPath(botId)}/transcript` });
    if (response.status === 404) throw new BotError('no_recording', stateOfBot(bot).error ?? 'The bot made no recording.', { status: 404 });
    if (response.status >= 300) throw client.failure(response);
    if (!Array.isArray(response.json)) throw new BotError('transient', 'Attendee\'s transcript was not the list its API describes; trying again.');
    return transcriptOfUtterances(response.json as AttendeeUtterance[]);
  },

  verifyWebhook: (delivery, context) => verifyAttendeeDelivery(delivery, context.settings.credentials.webhookSecret),

  parseWebhook: (webhook) => parseAttendeeWebhook(webhook),
};

/** As the host holds it: the host validates the settings against the manifest's schemas before every call. */
export const attendeeBot: BotPlugin = plugin;
