/**
 * Requests to Miro's REST API through the host's HTTP client: the access token as a Bearer token, the board's
 * address, the API's error bodies turned into TrackerErrors, and its two ways of paging (a cursor for items,
 * an offset for tags and members), each bounded.
 */
import {
  errorFromResponse, TrackerError, type TrackerContext, type TrackerHttpRequest, type TrackerHttpResponse,
} from '../../sdk/index.ts';
import type { MiroSettings } from './settings.ts';

export const MIRO_API = 'https://api.miro.com';
/** Miro's largest page. */
const PAGE_SIZE = 50;

/** Miro's error body: `{ status, code, message, type: 'error' }`, with the refused fields for a 400. */
interface MiroErrorBody {
  message?: unknown;
  context?: { fields?: { field?: unknown; message?: unknown }[] };
}

interface Call {
  method: TrackerHttpRequest['method'];
  /** The path under the API's address, e.g. `/v2/boards/{id}/cards`. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

interface Words {
  notFound?: string;
  forbidden?: string;
}

export type MiroClient = ReturnType<typeof miroClient>;

function fieldsOf(body: MiroErrorBody | undefined): Record<string, string> {
  const fields = Array.isArray(body?.context?.fields) ? body.context.fields : [];
  return Object.fromEntries(fields.filter((f) => typeof f.field === 'string' && typeof f.message === 'string').map((f) => [f.field as string, f.message as string]));
}

const refusedToken = (status: number) =>
  new TrackerError(
    'auth',
    'Miro refused the access token: it may have expired or been revoked. Create a new one and save it in the connection; tokens of an '
      + 'app with "expire user authorization token" on last one hour (Miro), so use an app whose tokens do not expire.',
    { status },
  );

export function miroClient(context: TrackerContext<MiroSettings>) {
  const { config, credentials } = context.settings;
  const board = `/v2/boards/${encodeURIComponent(config.projectIdentifier)}`;
  const api = (config.baseUrl ?? MIRO_API).replace(/\/+$/, '');
  const { signal } = context;
  const aborted = signal && new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  aborted?.catch(() => {});

  /** The error a failed answer stands for. */
  function failure(response: TrackerHttpResponse, words: Words = {}): TrackerError {
    const body = (response.json ?? undefined) as MiroErrorBody | undefined;
    const said = typeof body?.message === 'string' ? body.message : undefined;
    const status = response.status;
    if (status === 401) return refusedToken(status);
    // A 403 that says the limit is spent is a rate limit (errorFromResponse reads it so), not a refusal.
    const throttled = 'retry-after' in response.headers || response.headers['x-ratelimit-remaining'] === '0';
    const own = status === 404 ? words.notFound : status === 403 && !throttled ? words.forbidden : undefined;
    if (own) return new TrackerError(status === 404 ? 'not_found' : 'forbidden', said ? `${own} (${said})` : own, { status });
    return errorFromResponse(response, { ...(said ? { message: said } : {}), fields: fieldsOf(body) });
  }

  async function send(call: Call): Promise<TrackerHttpResponse> {
    signal?.throwIfAborted();
    const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
    const request: TrackerHttpRequest = {
      method: call.method,
      url: `${api}${call.path}${query}`,
      headers: { accept: 'application/json', authorization: `Bearer ${credentials.accessToken}` },
      ...(call.body === undefined ? {} : { body: call.body }),
    };
    return aborted ? Promise.race([context.http(request), aborted]) : context.http(request);
  }

  /** The answer's JSON, or the TrackerError it stands for. */
  async function json<T>(call: Call, words?: Words): Promise<T> {
    const response = await send(call);
    if (response.status >= 300) throw failure(response, words);
    return (response.json ?? {}) as T;
  }

  /** Every entry of an offset-paged list (tags, members), up to `pages` pages. */
  async function offsetPaged<T>(path: string, pages: number): Promise<T[]> {
    const entries: T[] = [];
    for (let page = 0; page < pages; page += 1) {
      const answer = await json<{ data?: T[]; total?: number }>({ method: 'GET', path, query: { limit: String(PAGE_SIZE), offset: String(entries.length) } }, boardWords);
      entries.push(...(answer.data ?? []));
      if ((answer.data ?? []).length < PAGE_SIZE || entries.length >= (answer.total ?? Infinity)) break;
    }
    return entries;
  }

  /** The board's items of one type, following the cursor, up to `pages` pages. */
  async function items<T>(type: string, pages: number): Promise<T[]> {
    const found: T[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < pages; page += 1) {
      const answer = await json<{ data?: T[]; cursor?: string }>({
        method: 'GET', path: `${board}/items`, query: { type, limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) },
      }, boardWords);
      found.push(...(answer.data ?? []));
      cursor = answer.cursor || undefined;
      if (!cursor) break;
    }
    return found;
  }

  const boardWords: Words = {
    notFound: `Miro has no board with the id '${config.projectIdentifier}', or the token's team cannot see it.`,
    forbidden: `The access token may not change the board '${config.projectIdentifier}': its owner must share it with you as an editor.`,
  };

  return { boardId: config.projectIdentifier, board, boardWords, send, json, failure, refusedToken, offsetPaged, items, address: (path: string) => `${api}${path}` };
}
