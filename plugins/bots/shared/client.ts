/**
 * Requests to a bot service's JSON API through the host's HTTP client: the API key as `Authorization: Token
 * <key>` to the service's own address only (a download link elsewhere gets no key), the call's signal honoured,
 * and every failed answer turned into a BotError in the service's own words.
 */
import { botErrorFromResponse, type BotContext, type BotError, type TrackerHttpRequest, type TrackerHttpResponse } from '../../sdk/index.ts';
import type { ServiceSettings } from './settings.ts';

export interface ServiceCall {
  method: TrackerHttpRequest['method'];
  /** The path under the service's address, e.g. `/api/v1/bot/`. */
  path: string;
  body?: unknown;
}

export interface Service {
  /** The service's name in messages, e.g. 'Recall.ai'. */
  name: string;
  /** Its address without a trailing slash, e.g. https://us-west-2.recall.ai. */
  baseUrl: string;
  apiKey: string;
}

/** What the service said in a failed answer: `detail`, `error` or `message`, else its field messages. */
export function saidIn(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 300) || undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['detail', 'error', 'message']) if (typeof record[key] === 'string') return record[key];
  const fields = Object.entries(record).flatMap(([field, value]) => {
    const messages = Array.isArray(value) ? value.filter((entry) => typeof entry === 'string') : typeof value === 'string' ? [value] : [];
    return messages.length ? [`${field}: ${messages.join(' ')}`] : [];
  });
  return fields.length ? fields.join('; ') : undefined;
}

export type ServiceClient = ReturnType<typeof serviceClient>;

export function serviceClient(context: BotContext, service: Service) {
  const { signal } = context;
  const base = service.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const aborted = signal && new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  aborted?.catch(() => {});

  /** Sends a request to the API (a path) or to an absolute URL; the key goes only to the service's own origin. */
  async function send(call: ServiceCall | { method: 'GET'; url: string }): Promise<TrackerHttpResponse> {
    signal?.throwIfAborted();
    const url = 'url' in call ? call.url : `${base}${call.path}`;
    const ours = new URL(url).origin === origin;
    const request: TrackerHttpRequest = {
      method: call.method,
      url,
      headers: { accept: 'application/json', ...(ours ? { authorization: `Token ${service.apiKey}` } : {}) },
      ...('body' in call && call.body !== undefined ? { body: call.body } : {}),
    };
    return aborted ? Promise.race([context.http(request), aborted]) : context.http(request);
  }

  const failure = (response: TrackerHttpResponse): BotError => botErrorFromResponse(response, service.name, saidIn(response.json ?? response.text));

  /** The answer's JSON, or the BotError a failed answer stands for. */
  async function json<T>(call: ServiceCall): Promise<T> {
    const response = await send(call);
    if (response.status >= 300) throw failure(response);
    return (response.json ?? {}) as T;
  }

  return { name: service.name, send, json, failure };
}

/** The client of the service `name`, at the address and with the API key of the call's settings. */
export function clientOf(context: BotContext<ServiceSettings>, name: string): ServiceClient {
  const { config, credentials } = context.settings;
  return serviceClient(context, { name, baseUrl: config.baseUrl, apiKey: credentials.apiKey });
}

/** A moment `ms` from now, for a BotError's retryAt. */
export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
