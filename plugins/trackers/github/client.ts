/**
 * GitHub's REST API as the github tracker uses it: one connection's repository, requests with the headers of API
 * version 2022-11-28 through the host's HTTP client, and GitHub's error answers in the tracker vocabulary.
 */
import {
  errorFromResponse, isTrackerError, TrackerError, type TrackerContext, type TrackerHttpRequest, type TrackerHttpResponse,
} from '../../sdk/index.ts';

export interface GitHubConfig {
  /** 'owner/repo'. */
  projectIdentifier: string;
  /** REST API root of a GitHub Enterprise Server, e.g. https://ghe.example.com/api/v3. Unset: api.github.com. */
  baseUrl?: string;
}

export interface GitHubCredentials {
  /** Sent as `Authorization: Bearer`. */
  token: string;
}

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
  /** The repository's API path, e.g. '/repos/acme/web'. */
  path: string;
  /** Sends a request to a path below the API root; any answer resolves. */
  send(method: TrackerHttpRequest['method'], path: string, body?: unknown): Promise<TrackerHttpResponse>;
  /** Like `send`, but throws GitHub's error unless the answer is a success. */
  expect(method: TrackerHttpRequest['method'], path: string, body?: unknown): Promise<TrackerHttpResponse>;
}

export function repositoryOf(context: TrackerContext): GitHubRepository {
  const config = context.settings.config as Partial<GitHubConfig>;
  const credentials = context.settings.credentials as Partial<GitHubCredentials>;
  const [owner = '', repo = ''] = (config.projectIdentifier ?? '').trim().split('/');
  const root = (config.baseUrl || GITHUB_API).replace(/\/+$/, '');
  const headers = {
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    authorization: `Bearer ${credentials.token ?? ''}`,
  };
  const send = async (method: TrackerHttpRequest['method'], path: string, body?: unknown) => {
    // The host's client stops a request when the call is aborted; this stops the next one from starting.
    context.signal?.throwIfAborted();
    return context.http({ method, url: `${root}${path}`, headers, ...(body === undefined ? {} : { body }) });
  };
  return {
    fullName: `${owner}/${repo}`,
    path: `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`,
    send,
    async expect(method, path, body) {
      const response = await send(method, path, body);
      if (response.status < 200 || response.status >= 300) throw gitHubFailure(response);
      return response;
    },
  };
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

/** GitHub's error answer as a TrackerError: its message, and its `errors[]` as messages per field. */
export function gitHubFailure(response: TrackerHttpResponse): TrackerError {
  if (response.status === 401) return new TrackerError('auth', TOKEN_REFUSED, { status: 401 });
  const body = (typeof response.json === 'object' && response.json !== null ? response.json : {}) as GitHubErrorBody;
  const fields: Record<string, string> = {};
  for (const error of Array.isArray(body.errors) ? body.errors : []) {
    const field = error.field ?? error.resource ?? 'issue';
    const words = error.message ?? CODE_WORDS[error.code ?? ''] ?? error.code ?? 'is not valid';
    fields[field] = fields[field] ? `${fields[field]}; ${words}` : words;
  }
  const message = typeof body.message === 'string' ? body.message.trim() : '';
  const said = message ? `GitHub: ${message}${/[.!?]$/.test(message) ? '' : '.'}` : undefined;
  return errorFromResponse(response, { ...(said ? { message: said } : {}), fields });
}

/** An error raised after the issue was created: the same kind and details, saying that the issue exists. */
export const afterCreate = (key: string, what: string, error: unknown): unknown =>
  isTrackerError(error) ? new TrackerError(error.kind, `Created issue ${key}, but ${what}: ${error.message}`, error) : error;
