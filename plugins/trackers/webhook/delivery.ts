/**
 * One webhook delivery: a JSON event POSTed to the receiver's URL with the Standard Webhooks headers
 * (webhook-id, webhook-timestamp and, with a secret, webhook-signature), and the receiver's answer read as the
 * item it made or as the TrackerError it stands for. The event types and their payloads are in
 * schemas/webhook-payload.schema.json and docs/webhooks.md.
 */
import { createHash } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  retryAtOf, TrackerError, type TrackerContext, type TrackerHttpResponse, type TrackerItem, type TrackerTicket,
} from '../../sdk/index.ts';
import type { WebhookSettings } from './settings.ts';

export type EventType = 'ticket.created' | 'ticket.dependency' | 'ping';

export interface WebhookEvent {
  type: EventType;
  /** When the event was sent (ISO 8601); the webhook-timestamp header is the same instant in seconds. */
  timestamp: string;
  data: { source: 'tickscribe'; projectIdentifier: string } & Record<string, unknown>;
}

/** The answer a receiver may give, naming the item it made. */
interface ReceiverAnswer {
  id?: unknown;
  key?: unknown;
  url?: unknown;
}

/** What a webhook-id may hold as it is: Standard Webhooks signs `<id>.<timestamp>.<body>`, so never a period. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const RECEIVER_WORDS_LIMIT = 300;
const ITEM_TEXT_LIMIT = 200;
const ITEM_URL_LIMIT = 2000;

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** A ticket's message id: the same for every attempt at delivering it, so receivers can drop repeats. */
export const ticketMessageId = (ticketId: string) => `msg_${SAFE_ID.test(ticketId) ? ticketId : digest(ticketId)}`;

/** A dependency's message id, the same for every attempt at the same pair. */
export const dependencyMessageId = (item: TrackerItem, dependency: TrackerItem) =>
  `msg_dep_${digest(`${item.externalId}\n${dependency.externalId}`)}`;

/** The receiver's host: what a person recognises, without the path (where such URLs keep their secret). */
export const receiverHost = (context: TrackerContext<WebhookSettings>) => new URL(context.settings.credentials.url).host;

/** Every field of the ticket, in the payload's own shape (schemas/webhook-payload.schema.json). */
export function ticketOf(ticket: TrackerTicket) {
  const { id, title, description, context, implementation, notes, effort, quote, priority, status, project, tags, dueDate, assignee, dependsOn } = ticket;
  return {
    id, title, description, context, implementation, notes, effort, quote, priority, status, project, tags, dueDate,
    assignee: assignee && { id: assignee.id, name: assignee.name },
    dependsOn: dependsOn.map((dependency) => ({ title: dependency.title, key: dependency.key, url: dependency.url })),
  };
}

function signer(secret: string): Webhook {
  try {
    return new Webhook(secret);
  } catch {
    throw new TrackerError('validation', 'The webhook signing secret is not a Standard Webhooks secret: write whsec_ followed by the secret in base64.');
  }
}

/** What the receiver said, briefly: a JSON `message` or `error`, else its text unless it is a page of HTML. */
function receiverWords(response: TrackerHttpResponse): string {
  const answer = (response.json ?? {}) as { message?: unknown; error?: unknown };
  const said = [answer.message, answer.error].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const text = said ?? (/^\s*</.test(response.text) ? '' : response.text);
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > RECEIVER_WORDS_LIMIT ? `${flat.slice(0, RECEIVER_WORDS_LIMIT - 1)}…` : flat;
}

/**
 * A refused delivery as a TrackerError: 401 auth, 403 forbidden, 404 and 410 not_found, other 4xx validation
 * (the receiver will refuse the same event again); 429, or 408 and 5xx with Retry-After, rate_limited; 408, 5xx
 * and anything else transient. The push workflow retries the last two with the same webhook-id.
 */
export function failure(response: TrackerHttpResponse, host: string, now = Date.now()): TrackerError {
  const { status } = response;
  const said = receiverWords(response);
  const message = `The webhook receiver at ${host} answered ${status}${said ? `: ${said}` : '.'}`;
  const retryAt = retryAtOf(response, now);
  if (status === 429 || (retryAt && (status === 408 || status >= 500))) {
    return new TrackerError('rate_limited', message, { status, retryAt: retryAt ?? new Date(now + 60_000).toISOString() });
  }
  const kind = status === 401 ? 'auth' : status === 403 ? 'forbidden' : status === 404 || status === 410 ? 'not_found'
    : status >= 400 && status < 500 && status !== 408 ? 'validation' : 'transient';
  return new TrackerError(kind, message, { status });
}

/** Sends one event; resolves with the receiver's 2xx answer, rejects with the TrackerError of any other. */
export async function deliver(context: TrackerContext<WebhookSettings>, id: string, type: EventType, data: Record<string, unknown>): Promise<TrackerHttpResponse> {
  const { credentials } = context.settings;
  const sent = new Date();
  const body = JSON.stringify(eventOf(context, type, data, sent));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(sent.getTime() / 1000)),
  };
  if (credentials.secret) headers['webhook-signature'] = signer(credentials.secret).sign(id, sent, body);
  const { signal } = context;
  signal?.throwIfAborted();
  // Standard Webhooks counts a redirect as a failed delivery: it is not followed, and the receiver is told where it led.
  const request = context.http({ method: 'POST', url: credentials.url, headers, body, followRedirects: false });
  const response = await (signal
    ? Promise.race([request, new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))])
    : request);
  if (response.status >= 200 && response.status < 300) return response;
  if (response.status >= 300 && response.status < 400) {
    const to = response.headers['location'] ? ` to ${hostOf(response.headers['location'], credentials.url)}` : '';
    throw new TrackerError('validation', `The webhook receiver at ${receiverHost(context)} answered ${response.status}, a redirect${to}. `
      + 'Webhook deliveries do not follow redirects (Standard Webhooks counts them as failures): set the address it leads to as the webhook URL.', { status: response.status });
  }
  throw failure(response, receiverHost(context));
}

/** The event a delivery sends, as sent at `sent`. */
export function eventOf(context: TrackerContext<WebhookSettings>, type: EventType, data: Record<string, unknown>, sent: Date): WebhookEvent {
  return { type, timestamp: sent.toISOString(), data: { source: 'tickscribe', projectIdentifier: context.settings.config.projectIdentifier, ...data } };
}

/** The host a redirect led to, for the message: never its path or query, where webhook URLs keep their secrets. */
function hostOf(location: string, base: string): string {
  try {
    const url = new URL(location, base);
    return url.host;
  } catch {
    return 'another address';
  }
}

const text = (value: unknown, limit: number) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' && value.trim() && value.trim().length <= limit ? value.trim() : null;

/**
 * The item a delivery made: the receiver's own `{ id, key, url }` where it answers with them; else the
 * webhook-id, 'Delivered', and the receiver's address without its path.
 */
export function itemOf(response: TrackerHttpResponse, webhookId: string, receiverUrl: string): TrackerItem {
  const answer = (response.json && typeof response.json === 'object' ? response.json : {}) as ReceiverAnswer;
  const id = text(answer.id, ITEM_TEXT_LIMIT);
  return {
    externalId: id ?? webhookId,
    key: text(answer.key, ITEM_TEXT_LIMIT) ?? id ?? 'Delivered',
    url: webAddress(text(answer.url, ITEM_URL_LIMIT)) ?? `${new URL(receiverUrl).origin}/`,
  };
}

/** An http(s) address, written the standard way (so a URL with spaces or non-ASCII characters still validates). */
function webAddress(text: string | null): string | null {
  if (!text || !URL.canParse(text)) return null;
  const url = new URL(text);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.href.length <= ITEM_URL_LIMIT ? url.href : null;
}
