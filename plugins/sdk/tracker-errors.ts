/**
 * Tracker failures in one vocabulary, whatever the vendor: the push workflow decides from `kind` alone whether to
 * wait (rate_limited, until `retryAt`), retry with backoff (transient) or fail the ticket with the message (the
 * rest). Plain data with a `name`, so a plugin built against another copy of this package is still understood.
 */
import type { TrackerHttpResponse } from './tracker.ts';

export type TrackerErrorKind = 'auth' | 'forbidden' | 'not_found' | 'validation' | 'rate_limited' | 'transient';

export interface TrackerErrorDetails {
  /** The vendor's messages per field, for validation errors (e.g. { priority: "Field 'priority' cannot be set." }). */
  fields?: Record<string, string>;
  /** ISO time at which a rate-limited call may be tried again. */
  retryAt?: string;
  /** The HTTP status that caused it, when there was one. */
  status?: number;
}

export class TrackerError extends Error {
  override name = 'TrackerError' as const;
  readonly kind: TrackerErrorKind;
  readonly fields?: Record<string, string>;
  readonly retryAt?: string;
  readonly status?: number;

  constructor(kind: TrackerErrorKind, message: string, details: TrackerErrorDetails = {}) {
    super(message);
    this.kind = kind;
    if (details.fields) this.fields = details.fields;
    if (details.retryAt) this.retryAt = details.retryAt;
    if (details.status !== undefined) this.status = details.status;
  }
}

const KINDS = new Set<TrackerErrorKind>(['auth', 'forbidden', 'not_found', 'validation', 'rate_limited', 'transient']);

/** Whether a thrown value is a TrackerError, from this copy of the SDK or another. */
export function isTrackerError(error: unknown): error is TrackerError {
  const candidate = error as { name?: unknown; kind?: unknown; message?: unknown } | null;
  return (
    typeof candidate === 'object' && candidate !== null && candidate.name === 'TrackerError' &&
    KINDS.has(candidate.kind as TrackerErrorKind) && typeof candidate.message === 'string'
  );
}

/**
 * When a throttled call may be retried, from the answer's headers: Retry-After (seconds or an HTTP date), then
 * a reset time (X-RateLimit-Reset in epoch seconds, as GitHub sends it). Null when the answer says nothing.
 */
export function retryAtOf(response: Pick<TrackerHttpResponse, 'headers'>, now = Date.now()): string | null {
  const retryAfter = response.headers['retry-after']?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return new Date(now + Number(retryAfter) * 1000).toISOString();
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return new Date(Math.max(date, now)).toISOString();
  }
  const reset = response.headers['x-ratelimit-reset']?.trim();
  if (reset && /^\d+$/.test(reset)) return new Date(Math.max(Number(reset) * 1000, now)).toISOString();
  return null;
}

const THROTTLED = (response: TrackerHttpResponse) =>
  response.status === 429 || (response.status === 403 && (response.headers['x-ratelimit-remaining'] === '0' || 'retry-after' in response.headers));

/**
 * The normalised error for a failed answer, with the vendor's own words as the message when it gave some:
 * 401 auth, 403 forbidden (or rate_limited when the headers say the limit is spent), 404 not_found, 400/409/422
 * validation, 429 rate_limited (retryAt from the headers, else a minute), 408 and 5xx transient.
 */
export function errorFromResponse(
  response: TrackerHttpResponse,
  words: { message?: string; fields?: Record<string, string> } = {},
  now = Date.now(),
): TrackerError {
  const status = response.status;
  const said = words.message?.trim();
  const fields = words.fields && Object.keys(words.fields).length ? words.fields : undefined;
  if (THROTTLED(response)) {
    const retryAt = retryAtOf(response, now) ?? new Date(now + 60_000).toISOString();
    return new TrackerError('rate_limited', said || 'The tracker is limiting requests; trying again later.', { status, retryAt });
  }
  if (status === 401) return new TrackerError('auth', said || 'The tracker refused the credentials.', { status });
  if (status === 403) return new TrackerError('forbidden', said || 'The credentials may not do this.', { status });
  if (status === 404 || status === 410) return new TrackerError('not_found', said || 'The tracker could not find it.', { status });
  if (status === 400 || status === 409 || status === 422) {
    const fieldWords = fields ? Object.entries(fields).map(([field, message]) => `${field}: ${message}`).join('; ') : '';
    return new TrackerError('validation', [said, fieldWords].filter(Boolean).join(' ') || 'The tracker refused the item.', {
      status, ...(fields ? { fields } : {}),
    });
  }
  return new TrackerError('transient', said || `The tracker answered ${status}; trying again later.`, { status });
}

/** The marker a created item carries, so `findByMarker` can find it: `tickscribe-<ticket id>`. */
export const markerOf = (ticketId: string) => `tickscribe-${ticketId}`;
