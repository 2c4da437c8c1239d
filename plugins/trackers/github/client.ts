/**
 * GitHub's REST API as the github tracker uses it: one connection's repository, requests with the headers of API
 * version 2022-11-28 through the host's HTTP client, and GitHub's error answers in the tracker vocabulary.
 */
import {
  errorFromResponse, isTrackerError, TrackerError, type TrackerContext, type TrackerHttpRequest, type TrackerHttpResponse,
} from '../../sdk/index.ts';
import { CONTENT_METHODS, pacerOf, type ContentPacer } from './pacing.ts';
import type { GitHubSettings } from './settings.ts';

const GITHUB_API = 'https://api.github.com';

/** An issue as the Issues API returns it (the members the plugin reads). */
export interface GitHubIssue {
  id: number;
  number: number;
  html_url: string;
  body?: string | null;
  pull_request?: unknown;
}

export interface GitHubRepository {
  /** 'owner/repo', as the connection names it. */
  fullName: string;
  /** The API's root, e.g. 'https://api.github.com'. */
  root: string;
  /** The repository's API path, e.g. '/repos/acme/web'. */
  path: string;
  /** Sends a request to a path below the API root; any answer resolves. */
  send(method: TrackerHttpRequest['method'], path: string, body?: unknown): Promise<TrackerHttpResponse>;
  /** Like `send`, but throws GitHub's error unless the answer is a success. */
  expect(method: TrackerHttpRequest['method'], path: string, body?: unknown): Promise<TrackerHttpResponse>;
  /**
   * Takes `count` content requests (POST, PATCH, PUT, DELETE) from the token's budget at once, before the first is
   * sent, so that an operation is either paced before it starts or not at all; throws rate_limited when they do not fit.
   */
  reserve(count: number): Promise<void>;
  /** GitHub's error answer as a TrackerError (a secondary limit waits as GitHub says, backing off). */
  failure(response: TrackerHttpResponse): Promise<TrackerError>;
  /**
   * Reads a listing page by page, following GitHub's `link` header (rel="next") to its end, and hands each page to
   * `visit` (which answers true to stop early). 'capped' when `maxPages` pages were read and GitHub named yet another.
   */
  eachPage<T>(path: string, maxPages: number, visit: (items: T[]) => boolean): Promise<'done' | 'stopped' | 'capped'>;
}

export function repositoryOf(context: TrackerContext<GitHubSettings>): GitHubRepository {
  const { config, credentials } = context.settings;
  const [owner = '', repo = ''] = (config.projectIdentifier ?? '').trim().split('/');
  const root = (config.baseUrl || GITHUB_API).replace(/\/+$/, '');
  const headers = {
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    authorization: `Bearer ${credentials.token ?? ''}`,
  };
  const pacer = pacerOf(context, root, credentials.token ?? '');
  let reserved = 0;
  const send = async (method: TrackerHttpRequest['method'], path: string, body?: unknown) => {
    // The host's client stops a request when the call is aborted; this stops the next one from starting.
    context.signal?.throwIfAborted();
    const content = CONTENT_METHODS.has(method);
    if (content && reserved > 0) reserved--;
    else if (content) await pacer.take(1);
    const response = await context.http({ method, url: `${root}${path}`, headers, ...(body === undefined ? {} : { body }) });
    if (content && response.status >= 200 && response.status < 300) await pacer.accepted();
    return response;
  };
  const failure = async (response: TrackerHttpResponse) => gitHubFailure(response, await backoffOf(response, pacer));
  const expect = async (method: TrackerHttpRequest['method'], path: string, body?: unknown) => {
    const response = await send(method, path, body);
    if (response.status < 200 || response.status >= 300) throw await failure(response);
    return response;
  };
  return {
    fullName: `${owner}/${repo}`,
    root,
    path: `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`,
    send,
    expect,
    async reserve(count) {
      if (count <= 0) return;
      await pacer.take(count);
      reserved += count;
    },
    failure,
    async eachPage<T>(first: string, maxPages: number, visit: (items: T[]) => boolean) {
      let path: string | null = first;
      for (let page = 1; path; page++) {
        if (page > maxPages) return 'capped';
        const response = await expect('GET', path);
        if (visit(Array.isArray(response.json) ? (response.json as T[]) : [])) return 'stopped';
        path = nextPage(response, root);
      }
      return 'done';
    },
  };
}

/**
 * The path (below the API root) of the next page a listing names in its `link` header, rel="next" (GitHub's
 * "Using pagination in the REST API": the header is left out when all results fit on one page); null on the last
 * page. A next page outside the API root is not followed: the token is only ever sent to the root.
 */
function nextPage(response: TrackerHttpResponse, root: string): string | null {
  const link = response.headers['link'] ?? '';
  const next = /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1];
  if (!next) return null;
  if (!next.startsWith(`${root}/`)) {
    throw new TrackerError('transient', `GitHub named its next page at ${next}, outside ${root}; Tickscribe does not send the token there.`);
  }
  return next.slice(root.length);
}

export const issueItem = (issue: GitHubIssue) => ({ externalId: String(issue.number), key: `#${issue.number}`, url: issue.html_url });

const TOKEN_REFUSED =
  'GitHub refused the token: check that it has not expired or been revoked and that it was copied whole, then save it again on the connection.';

/** What GitHub's validation codes mean, for errors that come without a message. */
const CODE_WORDS: Record<string, string> = {
  missing: 'does not exist',
  missing_field: 'is required',
  invalid: 'is not valid',
  already_exists: 'already exists',
  unprocessable: 'could not be processed',
};

interface GitHubErrorBody {
  message?: string;
  errors?: { resource?: string; field?: string; code?: string; message?: string }[];
}

/**
 * A secondary rate limit says so in its message (403 or 429); as reported by GitHub's users, e.g. "You have exceeded a
 * secondary rate limit. Please wait a few minutes before you try again." (hisxo/gitGraber#41, app-sre/github-mirror#62)
 * and "You have exceeded a secondary rate limit and have been temporarily blocked from content creation. Please retry
 * your request again later." (hisxo/gitGraber#43).
 */
const SECONDARY_LIMIT = /secondary rate limit/i;

/**
 * A 403 or 429 that is a rate limit naming no wait of its own, as GitHub's REST reference describes ("Rate limits
 * for the REST API", Exceeding the rate limit): no `retry-after`, no `x-ratelimit-remaining: 0` (the primary limit,
 * spent until `x-ratelimit-reset`), and a 429 or a message naming a secondary rate limit.
 */
function isUnnamedSecondaryLimit(response: TrackerHttpResponse): boolean {
  const { status, headers } = response;
  const namesItsWait = 'retry-after' in headers || headers['x-ratelimit-remaining'] === '0';
  return !namesItsWait && (status === 429 || (status === 403 && SECONDARY_LIMIT.test(messageOf(response))));
}

const bodyOf = (response: TrackerHttpResponse) =>
  (typeof response.json === 'object' && response.json !== null ? response.json : {}) as GitHubErrorBody;
const messageOf = (response: TrackerHttpResponse) => {
  const { message } = bodyOf(response);
  return typeof message === 'string' ? message.trim() : '';
};

/** The wait after `response` when it is a secondary limit that names none: the pacer's backoff (else undefined). */
const backoffOf = async (response: TrackerHttpResponse, pacer: ContentPacer) =>
  isUnnamedSecondaryLimit(response) ? pacer.backoffMs() : undefined;

/**
 * GitHub's error answer as a TrackerError: its message, and its `errors[]` as messages per field. A secondary limit
 * that names no wait waits `backoffMs` (at least a minute, then exponentially longer while they keep coming, as the
 * pacer counts them; a minute when not given); the others are read by errorFromResponse.
 */
export function gitHubFailure(response: TrackerHttpResponse, backoffMs = 60_000): TrackerError {
  if (response.status === 401) return new TrackerError('auth', TOKEN_REFUSED, { status: 401 });
  const body = bodyOf(response);
  const fields: Record<string, string> = {};
  for (const error of Array.isArray(body.errors) ? body.errors : []) {
    const field = error.field ?? error.resource ?? 'issue';
    const words = error.message ?? CODE_WORDS[error.code ?? ''] ?? error.code ?? 'is not valid';
    fields[field] = fields[field] ? `${fields[field]}; ${words}` : words;
  }
  const message = messageOf(response);
  const said = message ? `GitHub: ${message}${/[.!?]$/.test(message) ? '' : '.'}` : undefined;
  if (isUnnamedSecondaryLimit(response)) {
    const retryAt = new Date(Date.now() + backoffMs).toISOString();
    return new TrackerError('rate_limited', said ?? 'GitHub is limiting requests; trying again later.', { status: response.status, retryAt });
  }
  return errorFromResponse(response, { ...(said ? { message: said } : {}), fields });
}

/** An error raised after the issue was created: the same kind and details, saying that the issue exists. */
export const afterCreate = (key: string, what: string, error: unknown): unknown =>
  isTrackerError(error) ? new TrackerError(error.kind, `Created issue ${key}, but ${what}: ${error.message}`, error) : error;
