/**
 * Attendee's webhooks. Each delivery is a POST of `{ idempotency_key, bot_id, bot_metadata, trigger, data }` with
 * `X-Webhook-Signature`: base64 of HMAC-SHA256, keyed with the base64-decoded secret of the project (Settings →
 * Webhooks), over the payload as canonical JSON — keys sorted, no spaces, non-ASCII as is (Python's
 * `json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))`, Attendee's `sign_payload`).
 * So the raw body is parsed, keeping every number exactly as written, and re-serialised that way before the
 * HMAC; a body that is not JSON is refused. The signature covers no delivery time: a delivery is refused as
 * stale when the event it reports (`data.created_at`, signed) is over an hour old, and its idempotency key
 * (the same on every retry) is the event's de-duplication key.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BotEvent, BotWebhook, BotWebhookDelivery } from '../../sdk/index.ts';
import { attendeeState, BEFORE_JOINING } from './states.ts';

/** How old a reported event may be: Attendee retries a failed delivery three times, within minutes. */
export const ATTENDEE_MAX_AGE_MS = 60 * 60 * 1000;

type RawJson = typeof JSON & { rawJSON(text: string): unknown; isRawJSON(value: unknown): boolean };
const RAW = JSON as RawJson;

/** Python's sort_keys order: by code point, not by UTF-16 unit as Array.prototype.sort. */
function byCodePoint(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const delta = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!;
    if (delta) return delta;
  }
  return left.length - right.length;
}

function serialise(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(serialise).join(',')}]`;
  if (value !== null && typeof value === 'object' && !RAW.isRawJSON(value)) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort(byCodePoint).map((key) => `${JSON.stringify(key)}:${serialise(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The text Attendee signs for a body: its JSON with sorted keys and no spaces, numbers as written. */
export function canonicalJson(text: string): string {
  const keepNumbers = (_key: string, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' && context?.source !== undefined ? RAW.rawJSON(context.source) : value;
  return serialise(JSON.parse(text, keepNumbers as Parameters<typeof JSON.parse>[1]));
}

/** The signature Attendee sends for `payloadText` with `secret` (as the dashboard shows it, base64). */
export function attendeeSignature(payloadText: string, secret: string): string {
  return createHmac('sha256', Buffer.from(secret, 'base64')).update(canonicalJson(payloadText), 'utf8').digest('base64');
}

/** True for a genuine, fresh delivery; otherwise throws saying why. */
export function verifyAttendeeDelivery(delivery: BotWebhookDelivery, secret: string | undefined, now = Date.now()): true {
  if (!secret) throw new Error('no webhook secret is configured (MEETING_BOT_WEBHOOK_SECRET), so no delivery can be verified');
  const header = Object.entries(delivery.headers).find(([name]) => name.toLowerCase() === 'x-webhook-signature')?.[1];
  if (!header) throw new Error('the delivery carries no X-Webhook-Signature header');
  if (!Buffer.from(secret, 'base64').length) throw new Error('the webhook secret is not the base64 secret Attendee shows');
  const text = typeof delivery.rawBody === 'string' ? delivery.rawBody : new TextDecoder('utf-8', { fatal: true }).decode(delivery.rawBody);
  let expected: Buffer;
  try {
    expected = Buffer.from(attendeeSignature(text, secret), 'base64');
  } catch {
    throw new Error('the body is not JSON, so it cannot carry a valid signature');
  }
  const given = Buffer.from(header.trim(), 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('the signature does not match the body');
  const createdAt = Date.parse((JSON.parse(text) as { data?: { created_at?: string } }).data?.created_at ?? '');
  if (Number.isFinite(createdAt) && now - createdAt > ATTENDEE_MAX_AGE_MS) {
    throw new Error(`the event is ${Math.round((now - createdAt) / 60_000)} minutes old: a replayed delivery`);
  }
  return true;
}

interface AttendeePayload {
  idempotency_key?: unknown;
  bot_id?: unknown;
  trigger?: unknown;
  data?: {
    new_state?: unknown;
    old_state?: unknown;
    created_at?: unknown;
    event_type?: unknown;
    event_sub_type?: unknown;
    event_metadata?: { bot_removed_by?: unknown } | null;
  };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The event of a verified delivery; null for triggers other than bot.state_change. */
export function parseAttendeeWebhook({ body }: BotWebhook): BotEvent | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('the body is not a JSON object');
  const payload = body as AttendeePayload;
  if (payload.trigger !== 'bot.state_change') return null;
  const botId = text(payload.bot_id);
  const data = payload.data ?? {};
  const state = text(data.new_state);
  const createdAt = Date.parse(text(data.created_at) ?? '');
  if (!botId || !state || !Number.isFinite(createdAt)) throw new Error('the bot.state_change names no bot, new state or time');
  const occurredAt = new Date(createdAt).toISOString();
  const oldState = text(data.old_state);
  const eventType = text(data.event_type);
  const subType = text(data.event_sub_type);
  const mapped = attendeeState(botId, {
    state, eventType, subType,
    joined: !(oldState && BEFORE_JOINING.has(oldState)),
    waited: oldState === 'waiting_room',
    removed: !!data.event_metadata?.bot_removed_by,
    userLeft: eventType === 'leave_requested' && subType === 'user_requested',
  });
  return {
    botId, state: mapped, dedupeKey: text(payload.idempotency_key) ?? `${botId}:${state}:${occurredAt}`, occurredAt,
    ...(eventType === 'post_processing_completed' ? { transcriptReady: true as const } : {}),
  };
}
