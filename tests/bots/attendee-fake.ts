/**
 * A stand-in of an Attendee server's bot API as its source describes it (bots/bots_api_views.py, models.py):
 * Token auth, Create Bot (joining, or scheduled with join_at), Get Bot with its state and events, Delete Bot for
 * scheduled bots only (400 otherwise), Leave (400 from states that cannot leave), the transcript (404 without
 * a recording). Tests move a bot along with `happen` (an event and the state it leads to) and give it utterances
 * with `say`; webhooks are signed by Attendee's documented algorithm.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { startJsonServer, type JsonReply, type JsonRequest, type JsonServer } from './json-server.ts';

export const ATTENDEE_KEY = 'attendee-test-key';
export const ATTENDEE_SECRET = Buffer.from('attendee project webhook secret!').toString('base64');

interface FakeBot {
  id: string;
  meeting_url: string;
  body: Record<string, unknown>;
  state: string;
  events: { type: string; sub_type: string | null; created_at: string }[];
  transcription_state: string;
  recorded: boolean;
  utterances: unknown[];
}

export interface AttendeeFake {
  api: JsonServer;
  bots: Map<string, FakeBot>;
  /** Records an event (type, sub_type) that brought the bot to `state`. */
  happen(botId: string, type: string, state: string, subType?: string | null): void;
  /** Gives the bot a recording with these utterances, transcribed (complete unless said). */
  say(botId: string, utterances: unknown[], transcriptionState?: string): void;
  close(): Promise<void>;
}

const json = (status: number, body?: unknown): JsonReply => ({ status, ...(body === undefined ? {} : { body }) });
const CAN_LEAVE = new Set(['joined_recording_paused', 'joined_recording', 'joined_not_recording', 'joined_recording_permission_denied', 'waiting_room', 'joining']);

export async function startAttendeeFake(): Promise<AttendeeFake> {
  const bots = new Map<string, FakeBot>();
  const view = (bot: FakeBot) => ({
    id: bot.id, metadata: bot.body.metadata ?? null, meeting_url: bot.meeting_url, state: bot.state, events: bot.events,
    transcription_state: bot.transcription_state, recording_state: bot.recorded ? 'complete' : 'not_started', join_at: bot.body.join_at ?? null,
  });
  const happen = (botId: string, type: string, state: string, subType: string | null = null) => {
    const bot = bots.get(botId)!;
    bot.events.push({ type, sub_type: subType, created_at: new Date().toISOString() });
    bot.state = state;
  };
  const routes = (request: JsonRequest): JsonReply => {
    if (request.headers.authorization !== `Token ${ATTENDEE_KEY}`) return json(401, { detail: 'Invalid token.' });
    if (request.method === 'POST' && request.path === '/api/v1/bots') {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body.meeting_url !== 'string' || !/^https:\/\//.test(body.meeting_url)) return json(400, { meeting_url: ['Enter a valid URL.'] });
      const scheduled = typeof body.join_at === 'string';
      const bot: FakeBot = {
        id: `bot_${randomUUID().replace(/-/g, '').slice(0, 16)}`, meeting_url: body.meeting_url, body, state: scheduled ? 'scheduled' : 'joining',
        events: scheduled ? [] : [{ type: 'join_requested', sub_type: null, created_at: new Date().toISOString() }],
        transcription_state: 'not_started', recorded: false, utterances: [],
      };
      bots.set(bot.id, bot);
      return json(201, view(bot));
    }
    const [, id, action] = request.path.match(/^\/api\/v1\/bots\/([^/]+)(?:\/(leave|transcript))?$/) ?? [];
    const bot = bots.get(id ?? '');
    if (!bot) return json(404, { error: 'Bot not found' });
    if (request.method === 'GET' && !action) return json(200, view(bot));
    if (request.method === 'DELETE' && !action) {
      if (bot.state !== 'scheduled') return json(400, { error: `Bot is in state ${bot.state} and cannot be deleted` });
      bots.delete(bot.id);
      return json(200);
    }
    if (request.method === 'POST' && action === 'leave') {
      if (!CAN_LEAVE.has(bot.state)) return json(400, { error: `Invalid state transition. From state ${bot.state} a leave is not allowed.` });
      happen(bot.id, 'leave_requested', 'leaving', 'user_requested');
      return json(200, view(bot));
    }
    if (request.method === 'GET' && action === 'transcript') {
      return bot.recorded ? json(200, bot.utterances) : json(404, { error: 'No recording found for bot' });
    }
    return json(405, { detail: `Method "${request.method}" not allowed.` });
  };
  const api = await startJsonServer(routes);
  return {
    api, bots, happen,
    say(botId, utterances, transcriptionState = 'complete') {
      Object.assign(bots.get(botId)!, { recorded: true, utterances, transcription_state: transcriptionState });
    },
    close: () => api.close(),
  };
}

/** An utterance as Attendee's transcript endpoint gives it. */
export const utterance = (name: string, uuid: string, timestampMs: number, transcript: string) => ({
  speaker_name: name, speaker_uuid: uuid, speaker_user_uuid: null, speaker_is_host: false, timestamp_ms: timestampMs, duration_ms: 1800,
  transcription: { transcript, words: null },
});

/** A bot.state_change delivery as Attendee sends it. */
export function stateChange(botId: string, data: { new_state: string; old_state: string; event_type: string; event_sub_type?: string | null; created_at?: string; event_metadata?: unknown }) {
  return {
    idempotency_key: randomUUID(), bot_id: botId, bot_metadata: null, trigger: 'bot.state_change',
    data: { event_sub_type: null, created_at: new Date().toISOString(), ...data },
  };
}

/** Sorts keys the way Attendee's Node.js example does before signing. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
  }
  return value;
}

/** A delivery signed by Attendee's documented algorithm: base64 HMAC-SHA256 of the sorted, compact JSON. */
export function signedAttendeeDelivery(payload: unknown, secret = ATTENDEE_SECRET) {
  const signature = createHmac('sha256', Buffer.from(secret, 'base64')).update(JSON.stringify(sortKeys(payload)), 'utf8').digest('base64');
  return { rawBody: JSON.stringify(payload, null, 1), headers: { 'content-type': 'application/json', 'x-webhook-signature': signature } };
}
