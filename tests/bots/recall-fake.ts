/**
 * A stand-in of Recall.ai's bot API (v1) as its documentation describes it: Token auth, Create / Retrieve /
 * Delete Bot (405 once dispatched), Leave Call, status_changes with sub-codes, recordings whose media_shortcuts
 * carry the transcript, downloaded from a second server (another origin, like Recall's storage). Tests move a
 * bot along with `advance` and give it a recording with `record`; Svix-style webhooks are signed with the
 * standardwebhooks library's own signer.
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { startJsonServer, type JsonReply, type JsonRequest, type JsonServer } from './json-server.ts';

export const RECALL_KEY = 'recall-test-key';
export const RECALL_SECRET = `whsec_${Buffer.from('recall webhook signing secret 32b').toString('base64')}`;

export interface Segment {
  participant: { id: number; name: string | null } | null;
  words: { text: string; start_timestamp: { relative: number; absolute?: string } | null }[];
}

interface FakeBot {
  id: string;
  meeting_url: string;
  bot_name: string;
  metadata: Record<string, string>;
  recording_config: unknown;
  status_changes: { code: string; sub_code: string | null; message: string | null; created_at: string }[];
  transcript?: { status: string; segments: Segment[] } | null;
}

export interface RecallFake {
  api: JsonServer;
  media: JsonServer;
  bots: Map<string, FakeBot>;
  /** Appends status changes: a code, or [code, sub_code]. */
  advance(botId: string, ...changes: (string | [string, string])[]): void;
  /** Gives the bot a recording; its transcript in `status` (done unless said) with these segments, or none. */
  record(botId: string, transcript: { status?: string; segments?: Segment[] } | null): void;
  close(): Promise<void>;
}

const json = (status: number, body?: unknown): JsonReply => ({ status, ...(body === undefined ? {} : { body }) });
const final = (bot: FakeBot) => bot.status_changes.some((change) => ['done', 'fatal'].includes(change.code));

export async function startRecallFake(): Promise<RecallFake> {
  const bots = new Map<string, FakeBot>();
  const media = await startJsonServer((request) => {
    const bot = bots.get(request.path.match(/^\/transcripts\/([^/]+)\.json$/)?.[1] ?? '');
    return bot?.transcript ? json(200, bot.transcript.segments) : json(404, { message: 'NoSuchKey' });
  });
  const view = (bot: FakeBot) => ({
    id: bot.id,
    meeting_url: { meeting_id: bot.meeting_url.split('/').pop(), platform: 'google_meet' },
    bot_name: bot.bot_name,
    join_at: null,
    metadata: bot.metadata,
    status_changes: bot.status_changes,
    recordings: bot.transcript === undefined ? [] : [{
      id: `rec-${bot.id}`,
      status: { code: 'done', sub_code: null, updated_at: new Date().toISOString() },
      media_shortcuts: {
        video_mixed: null,
        transcript: bot.transcript && {
          id: `tr-${bot.id}`,
          status: { code: bot.transcript.status, sub_code: bot.transcript.status === 'failed' ? 'provider_error' : null },
          data: bot.transcript.status === 'done' ? { download_url: `${media.url}/transcripts/${bot.id}.json?X-Amz-Signature=abc` } : { download_url: null },
        },
      },
    }],
  });
  const routes = (request: JsonRequest): JsonReply => {
    if (request.headers.authorization !== `Token ${RECALL_KEY}`) return json(401, { detail: 'Invalid token.' });
    if (request.method === 'POST' && request.path === '/api/v1/bot/') {
      const body = request.body as Record<string, unknown> | undefined;
      if (typeof body?.meeting_url !== 'string' || !/^https:\/\//.test(body.meeting_url)) return json(400, { meeting_url: ['Enter a valid URL.'] });
      const provider = (body.recording_config as { transcript?: { provider?: object } } | undefined)?.transcript?.provider;
      if (!provider || typeof body.bot_name !== 'string') return json(400, { recording_config: ['A transcript provider is required.'] });
      const bot: FakeBot = {
        id: randomUUID(), meeting_url: body.meeting_url, bot_name: body.bot_name, metadata: (body.metadata as Record<string, string>) ?? {},
        recording_config: body.recording_config, status_changes: [],
      };
      bots.set(bot.id, bot);
      return json(201, view(bot));
    }
    const [, id, action] = request.path.match(/^\/api\/v1\/bot\/([^/]+)\/(?:(leave_call)\/)?$/) ?? [];
    const bot = bots.get(id ?? '');
    if (!bot) return json(404, { detail: 'Not found.' });
    if (request.method === 'GET' && !action) return json(200, view(bot));
    if (request.method === 'DELETE' && !action) {
      if (bot.status_changes.length) return json(405, { detail: 'Method "DELETE" not allowed.' });
      bots.delete(bot.id);
      return json(204);
    }
    if (request.method === 'POST' && action) {
      if (final(bot)) return json(400, { detail: 'Bot is not in a call.' });
      fake.advance(bot.id, ['call_ended', 'bot_received_leave_call']);
      return json(200, view(bot));
    }
    return json(405, { detail: `Method "${request.method}" not allowed.` });
  };
  const api = await startJsonServer(routes);
  const fake: RecallFake = {
    api, media, bots,
    advance(botId, ...changes) {
      for (const change of changes) {
        const [code, sub_code] = typeof change === 'string' ? [change, null] : change;
        bots.get(botId)!.status_changes.push({ code, sub_code, message: null, created_at: new Date().toISOString() });
      }
    },
    record(botId, transcript) {
      bots.get(botId)!.transcript = transcript && { status: transcript.status ?? 'done', segments: transcript.segments ?? [] };
    },
    close: async () => {
      await api.close();
      await media.close();
    },
  };
  return fake;
}

/** Two turns of a meeting, as Recall's transcript download gives them. */
export const SEGMENTS: Segment[] = [
  { participant: { id: 100, name: 'Ada Lovelace' }, words: [{ text: 'We', start_timestamp: { relative: 3.2 } }, { text: 'ship', start_timestamp: { relative: 3.5 } }, { text: 'Friday.', start_timestamp: { relative: 3.9 } }] },
  { participant: { id: 200, name: 'Grace Hopper' }, words: [{ text: "I'll", start_timestamp: { relative: 7 } }, { text: 'write', start_timestamp: { relative: 7.3 } }, { text: 'the notes.', start_timestamp: { relative: 7.6 } }] },
];

/** A bot.<code> webhook body as Recall sends it now. */
export const botEvent = (botId: string, code: string, subCode: string | null = null, updatedAt = new Date().toISOString()) => ({
  event: `bot.${code}`,
  data: { data: { code, sub_code: subCode, updated_at: updatedAt }, bot: { id: botId, metadata: {} } },
});

/** A delivery signed with the secret: webhook-* headers, or the svix-* names of older workspaces. */
export function signedDelivery(body: unknown, options: { at?: Date; svix?: boolean; id?: string; secret?: string } = {}) {
  const rawBody = JSON.stringify(body);
  const id = options.id ?? `msg_${randomUUID()}`;
  const at = options.at ?? new Date();
  const signature = new Webhook(options.secret ?? RECALL_SECRET).sign(id, at, rawBody);
  const prefix = options.svix ? 'svix' : 'webhook';
  const headers = { [`${prefix}-id`]: id, [`${prefix}-timestamp`]: String(Math.floor(at.getTime() / 1000)), [`${prefix}-signature`]: signature };
  return { rawBody, headers };
}
