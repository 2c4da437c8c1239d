/**
 * The `recall` bot: sends a Recall.ai bot (API v1) into the meeting. What it relies on, from docs.recall.ai:
 * - `Authorization: Token <key>` against the region's address (https://us-west-2.recall.ai by default; us-east-1,
 *   eu-central-1 and ap-northeast-1 are the others);
 * - Create Bot `POST /api/v1/bot/` with meeting_url, bot_name, metadata and `recording_config.transcript.provider`
 *   (Recall.ai's own transcription, `recallai_streaming` in `prioritize_accuracy` mode, unless configured
 *   otherwise), so that a transcript is made of every recording;
 * - Retrieve Bot `GET /api/v1/bot/{id}/`: `status_changes` (code, sub_code, created_at) and `recordings`, whose
 *   `media_shortcuts.transcript` carries `status.code` (processing, done, failed, deleted) and, once done,
 *   `data.download_url`, a short-lived link to the transcript as JSON: `[{ participant: { id, name }, words:
 *   [{ text, start_timestamp: { relative } }] }]` (the "Download Schemas" page). The link is fetched without the
 *   API key, which belongs to Recall's API only;
 * - Delete Bot `DELETE /api/v1/bot/{id}/` for a bot not yet dispatched (405 once it has been), else Leave Call
 *   `POST /api/v1/bot/{id}/leave_call/`;
 * - errors: 429 and 507 (no bot free) with Retry-After, 402 (no credit), 409 (retry), 5xx.
 */
import { BotError, type BotContext, type BotManifest, type BotPlugin, type BotState } from '../../sdk/index.ts';
import { clientOf, inMs, type ServiceClient } from '../shared/client.ts';
import { baseUrlSchema, credentialsSchema, type BotSettings } from '../shared/settings.ts';
import { transcriptOf, type Utterance } from '../shared/transcript.ts';
import { currentState, type RecallStatus } from './states.ts';
import { parseRecallWebhook, verifyRecallDelivery } from './webhooks.ts';

export const RECALL_DEFAULT_URL = 'https://us-west-2.recall.ai';

export const CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    baseUrl: baseUrlSchema(RECALL_DEFAULT_URL, 'The address of your Recall.ai region, e.g. https://us-west-2.recall.ai or https://eu-central-1.recall.ai.'),
    transcriptProvider: {
      type: 'object', minProperties: 1, default: { recallai_streaming: { mode: 'prioritize_accuracy' } },
      description: 'recording_config.transcript.provider of Create Bot, e.g. { "meeting_captions": {} }.',
    },
  },
} as const;

export type RecallSettings = BotSettings<typeof CONFIG_SCHEMA>;

const MANIFEST: BotManifest = {
  apiVersion: 1,
  id: 'recall',
  kind: 'bot',
  name: 'Recall.ai',
  version: '1.0.0',
  description: 'Sends a Recall.ai bot into Google Meet, Zoom, Teams and Webex meetings and fetches its transcript.',
  configSchema: CONFIG_SCHEMA,
  credentialsSchema: credentialsSchema('The whsec_… secret of your Recall.ai webhook endpoint.'),
};

interface MediaShortcut {
  status?: { code?: string; sub_code?: string | null };
  data?: { download_url?: string | null } | null;
}

interface RecallBot {
  id: string;
  status_changes?: RecallStatus[];
  recordings?: { id?: string; media_shortcuts?: { transcript?: MediaShortcut | null } | null }[];
}

interface Segment {
  participant?: { id?: number | string | null; name?: string | null } | null;
  words?: { text?: string; start_timestamp?: { relative?: number } | null }[];
}

const recall = (context: BotContext<RecallSettings>) => clientOf(context, 'Recall.ai');
const botPath = (botId: string) => `/api/v1/bot/${encodeURIComponent(botId)}/`;
const getBot = (client: ServiceClient, botId: string) => client.json<RecallBot>({ method: 'GET', path: botPath(botId) });
const stateOfBot = (bot: RecallBot) => currentState(String(bot.id), bot.status_changes ?? []);
const FINAL = new Set<BotState['status']>(['done', 'failed', 'cancelled']);

/** The transcript media of a finished bot, or the BotError saying why there is none (yet). */
function transcriptsOf(bot: RecallBot): MediaShortcut[] {
  const state = stateOfBot(bot);
  const ended = (bot.status_changes ?? []).some((change) => ['done', 'fatal', 'media_expired'].includes(change.code));
  if (!FINAL.has(state.status)) throw new BotError('not_ready', 'The meeting is still going on.', { retryAt: inMs(60_000) });
  if (state.status !== 'done' && !(bot.recordings ?? []).length) {
    throw new BotError('no_recording', state.error ?? 'The bot made no recording.');
  }
  const media = (bot.recordings ?? []).map((recording) => recording.media_shortcuts?.transcript).filter((shortcut) => !!shortcut);
  if (!media.length) {
    if (!ended) throw new BotError('not_ready', 'Recall.ai is still saving the recording.', { retryAt: inMs(30_000) });
    const none = (bot.recordings ?? []).length ? 'The recording has no transcript: transcription was not set up for it.' : 'The bot made no recording.';
    throw new BotError('no_recording', none);
  }
  for (const shortcut of media) {
    const code = shortcut.status?.code;
    if (code === 'failed') throw new BotError('no_recording', `Recall.ai could not transcribe the recording${shortcut.status?.sub_code ? ` (${shortcut.status.sub_code})` : ''}.`);
    if (code === 'deleted') throw new BotError('no_recording', 'The transcript was deleted at Recall.ai.');
    if (code !== 'done' || !shortcut.data?.download_url) throw new BotError('not_ready', 'Recall.ai is still transcribing the recording.', { retryAt: inMs(30_000) });
  }
  return media;
}

/** One transcript download: a fresh link comes with every Retrieve Bot, so any failure is worth another try. */
async function download(client: ServiceClient, url: string): Promise<Segment[]> {
  const response = await client.send({ method: 'GET', url });
  if (response.status >= 300) {
    const error = client.failure(response);
    throw error.kind === 'rate_limited' ? error : new BotError('transient', `The transcript download answered ${response.status}; trying again.`, { status: response.status });
  }
  if (!Array.isArray(response.json)) throw new BotError('transient', 'The transcript download was not the JSON list Recall.ai describes; trying again.');
  return response.json as Segment[];
}

const utterancesOf = (segments: Segment[]): Utterance[] =>
  segments.map((segment) => {
    const words = Array.isArray(segment.words) ? segment.words : [];
    const id = segment.participant?.id;
    return {
      speakerKey: id === null || id === undefined ? null : String(id),
      speakerName: segment.participant?.name ?? null,
      text: words.map((word) => (typeof word.text === 'string' ? word.text : '')).join(' '),
      start: typeof words[0]?.start_timestamp?.relative === 'number' ? words[0].start_timestamp.relative : null,
    };
  });

const plugin: BotPlugin<RecallSettings> = {
  manifest: MANIFEST,

  async create({ meetingUrl, botName, metadata }, context) {
    const bot = await recall(context).json<RecallBot>({
      method: 'POST',
      path: '/api/v1/bot/',
      body: {
        meeting_url: meetingUrl, bot_name: botName,
        recording_config: { transcript: { provider: context.settings.config.transcriptProvider } },
        ...(metadata ? { metadata } : {}),
      },
    });
    return stateOfBot(bot);
  },

  async cancel(botId, context) {
    const client = recall(context);
    const deleted = await client.send({ method: 'DELETE', path: botPath(botId) });
    if (deleted.status < 300) return { botId, status: 'cancelled', providerStatus: 'deleted' };
    if (deleted.status !== 405 && deleted.status !== 400) throw client.failure(deleted);
    const left = await client.send({ method: 'POST', path: `${botPath(botId)}leave_call/` });
    if (left.status < 300) return { botId, status: 'cancelled', providerStatus: 'leave_call' };
    const now = await getBot(client, botId).catch(() => null);
    if (now && FINAL.has(stateOfBot(now).status)) return stateOfBot(now);
    throw client.failure(left);
  },

  async status(botId, context) {
    return stateOfBot(await getBot(recall(context), botId));
  },

  async transcript(botId, context) {
    const client = recall(context);
    const segments: Segment[] = [];
    for (const shortcut of transcriptsOf(await getBot(client, botId))) segments.push(...(await download(client, shortcut.data!.download_url!)));
    return transcriptOf(utterancesOf(segments), 'Recall.ai');
  },

  verifyWebhook: (delivery, context) => verifyRecallDelivery(delivery, context.settings.credentials.webhookSecret),

  parseWebhook: (webhook) => parseRecallWebhook(webhook),
};

/** As the host holds it: the host validates the settings against the manifest's schemas before every call. */
export const recallBot: BotPlugin = plugin;
