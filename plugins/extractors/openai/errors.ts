/** The AI service's failures as errors a user can read, marked retryable where waiting may help. */
import type * as OpenAISdk from 'openai';
import type { APIError } from 'openai';
import type { ExtractionUsage } from '../../sdk/index.ts';

/** The error an extractor throws when trying again later may succeed. */
export type ExtractorError = Error & { retryable: boolean; status?: number; retryAfterMs?: number; usage?: ExtractionUsage };

export function failure(
  message: string,
  retryable: boolean,
  extra: { cause?: unknown; status?: number; retryAfterMs?: number } = {},
): ExtractorError {
  const error = new Error(message, extra.cause === undefined ? undefined : { cause: extra.cause }) as ExtractorError;
  error.retryable = retryable;
  if (extra.status !== undefined) error.status = extra.status;
  if (extra.retryAfterMs !== undefined) error.retryAfterMs = extra.retryAfterMs;
  return error;
}

/** The server's own words for an HTTP error: `error.message`, a string `error`, or the SDK's message. */
function serverMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | string | undefined;
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (body && typeof body === 'object' && typeof body.message === 'string' && body.message.trim()) return body.message.trim();
  return error.message.replace(/^\d{3}\s+/, '');
}

const HINTS: Record<number, string> = {
  400: 'The model or the server may not support structured outputs (json_schema response format).',
  401: 'Check the API key (OPENAI_API_KEY).',
  403: 'Check that the API key has access to this model.',
  404: 'Check the base URL (OPENAI_BASE_URL) and the model name (OPENAI_MODEL).',
};

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after-ms') ?? undefined;
  if (value !== undefined && Number.isFinite(Number(value))) return Number(value);
  const seconds = headers?.get('retry-after');
  if (seconds && Number.isFinite(Number(seconds))) return Number(seconds) * 1000;
  return undefined;
}

/** ` (connect ECONNREFUSED 127.0.0.1:9)`: the innermost cause of a connection failure, or ''. */
function rootCause(error: Error): string {
  let inner: unknown = error.cause;
  for (let depth = 0; inner instanceof Error && inner.cause instanceof Error && depth < 5; depth++) inner = inner.cause;
  return inner instanceof Error && inner.message ? ` (${inner.message})` : '';
}

/** An SDK error as an Error a user can read, marked retryable where waiting may help. */
/** The SDK's error classes (the SDK itself loads on the first call: the processes that never call it do without it). */
type SdkErrors = Pick<typeof OpenAISdk, 'APIConnectionError' | 'APIConnectionTimeoutError' | 'APIError' | 'APIUserAbortError'>;

export function translate(error: unknown, context: { baseURL: string; timeoutMs: number; signal?: AbortSignal }, sdk: SdkErrors): unknown {
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  if (context.signal?.aborted) {
    // Cancelled by the caller: surface the signal's reason (an AbortError unless the caller gave one).
    try {
      context.signal.throwIfAborted();
    } catch (reason) {
      return reason;
    }
  }
  if (error instanceof APIUserAbortError) return failure('The request to the AI service was cancelled.', false, { cause: error });
  if (error instanceof APIConnectionTimeoutError) {
    return failure(`The AI service did not answer within ${context.timeoutMs / 1000} seconds.`, true, { cause: error });
  }
  if (error instanceof APIConnectionError) {
    return failure(`Could not reach the AI service at ${context.baseURL}: ${error.message}${rootCause(error)}`, true, { cause: error });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const detail = serverMessage(error);
    if (status === 408 || status === 429 || status >= 500) {
      const what = status === 429 ? 'is rate limiting requests' : status === 408 ? 'timed out' : 'had an error';
      const wait = retryAfterMs(error.headers);
      return failure(`The AI service ${what} (HTTP ${status}): ${detail}`, true, {
        cause: error,
        status,
        ...(wait === undefined ? {} : { retryAfterMs: wait }),
      });
    }
    const hint = HINTS[status];
    return failure(`The AI service refused the request: ${detail.replace(/\.$/, '')} (HTTP ${status}).${hint ? ` ${hint}` : ''}`, false, {
      cause: error,
      status,
    });
  }
  return error;
}
