/**
 * Recall.ai's bot webhooks. They are sent by Svix and signed the Standard Webhooks way: HMAC-SHA256 with the
 * base64 key of the `whsec_…` secret over `<id>.<timestamp>.<raw body>`, in `webhook-id`, `webhook-timestamp`
 * and `webhook-signature` (workspaces since November 2025) or the same under `svix-*` (older workspaces),
 * refused when the timestamp is more than five minutes off. Verified with the `standardwebhooks` library, the
 * verifier Svix's own `Webhook` class wraps (it only maps the svix-* names, as done here).
 *
 * Bodies: `bot.<code>` events `{ event, data: { data: { code, sub_code, updated_at }, bot: { id, metadata } } }`,
 * the legacy `bot.status_change` `{ event, data: { bot_id, status: { code, sub_code, created_at } } }`, and the
 * artifact events `transcript.done` / `transcript.failed` that say the transcript's fate is settled.
 */
import { Webhook } from 'standardwebhooks';
import type { BotEvent, BotWebhook, BotWebhookDelivery } from '../../sdk/index.ts';
import { stateOf, type RecallStatus } from './states.ts';

const SIGNED = ['id', 'timestamp', 'signature'] as const;

/** True for a genuine, fresh delivery; otherwise throws saying why. */
export function verifyRecallDelivery(delivery: BotWebhookDelivery, secret: string | undefined): true {
  if (!secret) throw new Error('no webhook secret is configured (MEETING_BOT_WEBHOOK_SECRET), so no delivery can be verified');
  const headers = Object.fromEntries(Object.entries(delivery.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const standard = Object.fromEntries(SIGNED.map((part) => [`webhook-${part}`, headers[`svix-${part}`] ?? headers[`webhook-${part}`] ?? '']));
  if (SIGNED.some((part) => !standard[`webhook-${part}`])) throw new Error('the delivery carries no webhook-* (or svix-*) signature headers');
  const body = typeof delivery.rawBody === 'string' ? Buffer.from(delivery.rawBody) : Buffer.from(delivery.rawBody);
  new Webhook(secret).verify(body, standard);
  return true;
}

interface RecallBody {
  event?: unknown;
  data?: {
    data?: RecallStatus;
    bot?: { id?: unknown };
    bot_id?: unknown;
    status?: RecallStatus;
  };
}

const TRANSCRIPT_SETTLED = new Set(['transcript.done', 'transcript.failed']);

function isoOf(...candidates: (string | undefined)[]): string {
  for (const candidate of candidates) {
    const time = candidate === undefined ? NaN : /^\d+$/.test(candidate) ? Number(candidate) * 1000 : Date.parse(candidate);
    if (Number.isFinite(time)) return new Date(time).toISOString();
  }
  throw new Error('the event says nowhere when it happened');
}

/** The event a verified delivery stands for, or null for events that say nothing about a bot's state or transcript. */
export function parseRecallWebhook({ body, headers }: BotWebhook): BotEvent | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('the body is not a JSON object');
  const { event, data } = body as RecallBody;
  if (typeof event !== 'string') throw new Error('the body names no event');
  const legacy = event === 'bot.status_change';
  if (!legacy && !event.startsWith('bot.') && !TRANSCRIPT_SETTLED.has(event)) return null;
  const botId = legacy ? data?.bot_id : data?.bot?.id;
  if (typeof botId !== 'string' || !botId) throw new Error(`the ${event} event names no bot`);
  const header = (name: string) => headers[`webhook-${name}`] ?? headers[`svix-${name}`];
  const said = legacy ? data?.status : data?.data;
  const occurredAt = isoOf(said?.updated_at, said?.created_at, header('timestamp'));
  const dedupeKey = header('id') ?? `${event}:${botId}:${occurredAt}`;
  if (TRANSCRIPT_SETTLED.has(event)) return { botId, transcriptReady: true, dedupeKey, occurredAt };
  // The event's name is its code (bot.in_call_recording); the legacy body names it in status.code.
  const state = stateOf(botId, { ...said, code: legacy ? String(said?.code ?? '') : event.slice('bot.'.length) });
  return state && { botId, state, dedupeKey, occurredAt };
}
