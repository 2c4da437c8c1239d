/**
 * Jira Cloud's REST API v3 as the jira tracker uses it: one connection's site and project, requests with Basic
 * authentication (the Atlassian account's e-mail and an API token) through the host's HTTP client, and Jira's
 * error answers ({ errorMessages, errors }) in the tracker vocabulary.
 */
import {
  errorFromResponse, isTrackerError, TrackerError, type TrackerContext, type TrackerHttpRequest, type TrackerHttpResponse,
} from '../../sdk/index.ts';

export interface JiraConfig {
  /** The project key, e.g. 'PROJ'. */
  projectIdentifier: string;
  /** Whether the ticket's priority is sent; off for projects whose create screen has no Priority field. Default true. */
  includePriority?: boolean;
}

export interface JiraCredentials {
  /** The site, e.g. https://acme.atlassian.net. */
  url: string;
  /** The Atlassian account's e-mail address. */
  username: string;
  apiToken: string;
}

export interface JiraSite {
  /** The site's address without a trailing slash. */
  site: string;
  /** The project key in capitals. */
  projectKey: string;
  includePriority: boolean;
  /** Sends a request to a path below the site; any answer resolves. */
  send(method: TrackerHttpRequest['method'], path: string, body?: unknown): Promise<TrackerHttpResponse>;
  /** Like `send`, but throws Jira's error unless the answer is a success. */
  expect(method: TrackerHttpRequest['method'], path: string, body?: unknown): Promise<TrackerHttpResponse>;
}

/**
 * The site's root: the origin of an Atlassian Cloud address (people paste the address of a board or an issue),
 * else the address as given (a site behind a path) without a trailing slash.
 */
function siteAddress(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  try {
    const parsed = new URL(trimmed);
    return parsed.hostname.endsWith('.atlassian.net') ? parsed.origin : trimmed;
  } catch {
    return trimmed;
  }
}

export function siteOf(context: TrackerContext): JiraSite {
  const config = context.settings.config as Partial<JiraConfig>;
  const credentials = context.settings.credentials as Partial<JiraCredentials>;
  const site = siteAddress(credentials.url ?? '');
  const basic = Buffer.from(`${credentials.username ?? ''}:${credentials.apiToken ?? ''}`, 'utf8').toString('base64');
  const headers = { accept: 'application/json', authorization: `Basic ${basic}` };
  const send = async (method: TrackerHttpRequest['method'], path: string, body?: unknown) => {
    // The host's client stops a request when the call is aborted; this stops the next one from starting.
    context.signal?.throwIfAborted();
    return context.http({ method, url: `${site}${path}`, headers, ...(body === undefined ? {} : { body }) });
  };
  return {
    site,
    projectKey: (config.projectIdentifier ?? '').trim().toUpperCase(),
    includePriority: config.includePriority !== false,
    send,
    async expect(method, path, body) {
      const response = await send(method, path, body);
      if (response.status < 200 || response.status >= 300) throw jiraFailure(response);
      return response;
    },
  };
}

/** An issue as Jira names it: its id, its key and its page. */
export const issueItem = (site: string, issue: { id: string; key: string }) => ({
  externalId: issue.id, key: issue.key, url: `${site}/browse/${encodeURIComponent(issue.key)}`,
});

const CREDENTIALS_REFUSED =
  'Jira refused the credentials: check the Atlassian account e-mail and the API token (made at id.atlassian.com, Security, API tokens), then save them again on the connection.';

/** What Jira says when the project's create screen lacks the Priority field. */
const PRIORITY_OFF_SCREEN = /cannot be set|appropriate screen/i;

interface JiraErrorBody {
  errorMessages?: string[];
  errors?: Record<string, string>;
}

/** Jira's error answer as a TrackerError: its messages, and its `errors` as messages per field. */
export function jiraFailure(response: TrackerHttpResponse): TrackerError {
  if (response.status === 401) return new TrackerError('auth', CREDENTIALS_REFUSED, { status: 401 });
  const body = (typeof response.json === 'object' && response.json !== null ? response.json : {}) as JiraErrorBody;
  const fields = typeof body.errors === 'object' && body.errors !== null ? body.errors : {};
  const messages = Array.isArray(body.errorMessages) ? body.errorMessages.filter((message) => typeof message === 'string') : [];
  const priority = [fields.priority ?? '', ...messages.filter((message) => /priority/i.test(message))].find((words) => PRIORITY_OFF_SCREEN.test(words));
  if (priority) {
    return new TrackerError(
      'validation',
      `Jira refused the priority: ${priority} Turn off 'Include Priority Field' on the connection, or add Priority to the project's create screen.`,
      { status: response.status, fields: { ...fields, priority } },
    );
  }
  return errorFromResponse(response, { ...(messages.length ? { message: `Jira: ${messages.join(' ')}` } : {}), fields });
}

/** An error raised after the issue was created: the same kind and details, saying that the issue exists. */
export const afterCreate = (key: string, what: string, error: unknown): unknown =>
  isTrackerError(error) ? new TrackerError(error.kind, `Created ${key}, but ${what}: ${error.message}`, error) : error;
