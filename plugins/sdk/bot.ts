/**
 * The bot contract: a bot plugin sends a recorder into an online meeting through a bot service (Recall.ai, a
 * self-hosted Attendee, …), says where it stands in the product's five states, ends it on request, fetches its
 * transcript, and reads the service's webhooks. The host validates every answer: states against
 * schemas/bot-state.schema.json, events against schemas/bot-event.schema.json, the transcript like a parser's.
 */
import type { PluginManifest, PluginSettings } from './manifest.ts';
import type { ParserOutput } from './parser.ts';
import type { TrackerHttp, TrackerHttpResponse } from './tracker.ts';
import { errorFromResponse, isTrackerError, retryAtOf } from './tracker-errors.ts';
import type { BotEvent, BotState } from './types.ts';

export type { BotEvent, BotState };
export type BotStatus = BotState['status'];
export type BotReason = NonNullable<BotState['reason']>;

export interface BotManifest extends PluginManifest {
  kind: 'bot';
}

/**
 * What each bot call receives: validated settings, the host's HTTP client (the guarded client trackers get, with
 * the call's abort signal bound in) and the signal itself.
 */
export interface BotContext<Settings extends PluginSettings = PluginSettings> {
  settings: Settings;
  http: TrackerHttp;
  signal?: AbortSignal;
}

export interface BotCreateRequest {
  /** The meeting's link as the user pasted it (Google Meet, Zoom, Teams, …). */
  meetingUrl: string;
  /** The name the bot shows in the meeting. */
  botName: string;
  /** Kept by the service with the bot and sent back in its webhooks, where it supports that. */
  metadata?: Record<string, string>;
}

/** A webhook as it arrived: the body's bytes untouched (signatures cover them) and the headers. */
export interface BotWebhookDelivery {
  rawBody: Uint8Array | string;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/** A verified webhook: its body parsed as JSON, and the headers (names in lower case). */
export interface BotWebhook {
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A bot plugin: a side-effect-free definition whose functions reach the service only through `context.http`.
 * Failures are thrown as BotError (or TrackerError, as the host's HTTP client throws them); anything else thrown
 * counts as transient. A provider code the plugin does not know must never throw: it maps to a safe state
 * (usually `pending` with reason `unknown`) with the code kept in `providerStatus`. `Settings` is the shape the
 * manifest's schemas give the settings, as for a TrackerPlugin; without it the functions get plain records.
 */
export interface BotPlugin<Settings extends PluginSettings = PluginSettings> {
  manifest: BotManifest;
  /** Sends a bot into the meeting; its first state (normally pending). */
  create(request: BotCreateRequest, context: BotContext<Settings>): Promise<BotState>;
  /**
   * Ends the bot at the user's request: deletes it while it has not been dispatched, otherwise makes it leave.
   * Resolves with its state afterwards: cancelled, or the final state it had already reached.
   */
  cancel(botId: string, context: BotContext<Settings>): Promise<BotState>;
  /** Where the bot stands now, read from the service (the backup when webhooks are lost). */
  status(botId: string, context: BotContext<Settings>): Promise<BotState>;
  /**
   * The finished meeting's transcript, participants named as the service names them. Throws BotError
   * 'not_ready' (with retryAt) while the service is still making it, 'no_recording' when there is none.
   */
  transcript(botId: string, context: BotContext<Settings>): Promise<ParserOutput['transcript']>;
  /**
   * Whether the delivery is genuine and fresh, checked on the raw bytes with the webhook secret of the settings.
   * Returns false, or throws an Error saying why, for a forged, stale or unsigned one, or when no secret is set.
   */
  verifyWebhook(delivery: BotWebhookDelivery, context: BotContext<Settings>): boolean | Promise<boolean>;
  /**
   * A verified webhook as an event: the bot's state after it and/or that its transcript is ready, with a key
   * that is the same for every delivery of the event. Null for events that do not matter (other kinds, other
   * resources, codes that change nothing); throws an Error only for a body it cannot read at all.
   */
  parseWebhook(webhook: BotWebhook, context: BotContext<Settings>): BotEvent | null;
}

/**
 * What the lifecycle does with a failure: wait until `retryAt` (rate_limited, not_ready), retry with backoff
 * (transient), or end the bot with the message (the rest; no_recording ends it as failed with that reason).
 */
export type BotErrorKind = 'auth' | 'forbidden' | 'not_found' | 'validation' | 'rate_limited' | 'transient' | 'not_ready' | 'no_recording';

const KINDS = new Set<BotErrorKind>(['auth', 'forbidden', 'not_found', 'validation', 'rate_limited', 'transient', 'not_ready', 'no_recording']);

/** A bot failure in one vocabulary, whatever the service. Plain data with a `name`, like TrackerError. */
export class BotError extends Error {
  override name = 'BotError' as const;
  readonly kind: BotErrorKind;
  /** ISO time at which trying again makes sense (rate_limited, not_ready). */
  readonly retryAt?: string;
  /** The HTTP status that caused it, when there was one. */
  readonly status?: number;

  constructor(kind: BotErrorKind, message: string, details: { retryAt?: string; status?: number } = {}) {
    super(message);
    this.kind = kind;
    if (details.retryAt) this.retryAt = details.retryAt;
    if (details.status !== undefined) this.status = details.status;
  }
}

/** Whether a thrown value is a BotError, from this copy of the SDK or another. */
export function isBotError(error: unknown): error is BotError {
  const candidate = error as { name?: unknown; kind?: unknown; message?: unknown } | null;
  return (
    typeof candidate === 'object' && candidate !== null && candidate.name === 'BotError' &&
    KINDS.has(candidate.kind as BotErrorKind) && typeof candidate.message === 'string'
  );
}

/**
 * A failure as a BotError of this copy of the SDK: a BotError keeps its kind, a TrackerError (the host's HTTP
 * client throws those for network failures, timeouts and refused addresses) keeps its kind too, anything else is
 * transient with `fallback` before its message.
 */
export function asBotError(error: unknown, fallback = 'The bot service call failed'): BotError {
  if (error instanceof BotError) return error;
  if (isBotError(error) || isTrackerError(error)) {
    const { kind, message, retryAt, status } = error as { kind: BotErrorKind; message: string; retryAt?: string; status?: number };
    return new BotError(kind, message, { ...(retryAt ? { retryAt } : {}), ...(status !== undefined ? { status } : {}) });
  }
  return new BotError('transient', `${fallback}: ${error instanceof Error ? error.message : String(error)}`);
}

/** How long to wait when a throttled answer does not say: Recall.ai asks 30 s for 507 (no bot free). */
const WAIT_MS: Record<number, number> = { 429: 60_000, 507: 30_000 };

/**
 * The BotError for a failed answer of the service named `service`, with its own words when it gave some:
 * 429 and 507 rate_limited (retryAt from Retry-After, else 60 s / 30 s), 401 auth, 402 forbidden (no credit
 * left), 403 forbidden, 404 and 410 not_found, 400 and 422 validation, 409, 408 and 5xx transient.
 */
export function botErrorFromResponse(response: TrackerHttpResponse, service: string, said?: string, now = Date.now()): BotError {
  const status = response.status;
  const words = said?.trim() ? ` ${service} said: ${said.trim()}` : '';
  if (status === 429 || status === 507) {
    const retryAt = retryAtOf(response, now) ?? new Date(now + WAIT_MS[status]!).toISOString();
    const why = status === 507 ? 'has no bot free just now' : 'is limiting requests';
    return new BotError('rate_limited', `${service} ${why}; trying again later.${words}`, { status, retryAt });
  }
  if (status === 402) return new BotError('forbidden', `${service} has no credit left for another bot.${words}`, { status });
  if (status === 409) return new BotError('transient', `${service} is busy with this bot; trying again.${words}`, { status });
  const { kind } = errorFromResponse(response, {}, now);
  const plain: Record<string, string> = {
    auth: `${service} refused the API key.`,
    forbidden: `${service} refused the request.`,
    not_found: `${service} does not know this bot.`,
    validation: `${service} refused the request.`,
    rate_limited: `${service} is limiting requests; trying again later.`,
    transient: `${service} answered ${status}; trying again later.`,
  };
  const retryAt = kind === 'rate_limited' ? retryAtOf(response, now) ?? new Date(now + 60_000).toISOString() : undefined;
  return new BotError(kind, `${plain[kind]}${words}`, { status, ...(retryAt ? { retryAt } : {}) });
}
