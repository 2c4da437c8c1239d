/**
 * Jira Cloud's REST API v3 as the jira tracker uses it: one connection's site and project, requests with Basic
 * authentication (the Atlassian account's e-mail and an API token) through the host's HTTP client, and Jira's
 * error answers ({ errorMessages, errors }) in the tracker vocabulary.
 *
 * Atlassian has two kinds of API token. A classic token works against the site's own address; a scoped token
 * (the only kind a service account can make) is refused there with 401 and works only through Atlassian's API
 * gateway, https://api.atlassian.com/ex/jira/{cloudId}, the cloudId being what the site's /_edge/tenant_info
 * answers (support.atlassian.com/atlassian-cloud/kb/401-unauthorized-error-when-service-account-accesses-jira-or-confluence-api,
 * support.atlassian.com/jira/kb/retrieve-my-atlassian-sites-cloud-id). Nothing in the token tells them apart, so
 * the site is tried first and, when it refuses the credentials, the gateway; the answer is remembered per site
 * and credentials. Links to issues always name the site.
 */
import { createHash } from 'node:crypto';
import {
  errorFromResponse, isTrackerError, TrackerError, type TrackerContext, type TrackerHttpRequest, type TrackerHttpResponse,
} from '../../sdk/index.ts';
import type { JiraSettings, JiraSignedInCredentials } from './settings.ts';

/** Atlassian's API gateway, through which scoped API tokens reach a site. */
export const GATEWAY = 'https://api.atlassian.com/ex/jira';

/** How the credentials reach the site: a classic token at the site, a scoped one through the gateway. */
export type JiraRoute = { kind: 'site' } | { kind: 'gateway'; cloudId: string } | { kind: 'signed-in'; cloudId: string };

export interface JiraSite {
  /** The site's address without a trailing slash; issue links name it. */
  site: string;
  /** The project key in capitals. */
  projectKey: string;
  includePriority: boolean;
  /** Sends a request to a path of the REST API (through the gateway for a scoped token); any answer resolves. */
  send(method: TrackerHttpRequest['method'], path: string, body?: unknown): Promise<TrackerHttpResponse>;
  /** Like `send`, but throws Jira's error unless the answer is a success. */
  expect(method: TrackerHttpRequest['method'], path: string, body?: unknown): Promise<TrackerHttpResponse>;
  /** How the last request went: at the site or through the gateway (null before the first). */
  route(): JiraRoute | null;
  /** The full address `send` sends a path of the REST API to, the way the last request went. */
  address(path: string): string;
}

/**
 * The site's root: the origin of an Atlassian Cloud address (people paste the address of a board or an issue),
 * else the address as given (a site behind a path) without a trailing slash.
 */
export function siteAddress(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  try {
    const parsed = new URL(trimmed);
    return parsed.hostname.endsWith('.atlassian.net') ? parsed.origin : trimmed;
  } catch {
    return trimmed;
  }
}

/** Routes found so far, by site and credentials (hashed): a scoped token is sent to the gateway straight away. */
const routes = new Map<string, JiraRoute>();

export function siteOf(context: TrackerContext<JiraSettings>): JiraSite {
  const { credentials } = context.settings;
  const site = siteAddress(credentials.url ?? '');
  // The sign-in's credentials carry a token (the host checked them against SIGNED_IN_CREDENTIALS_SCHEMA).
  if ('accessToken' in credentials) return signedInSite(context, site, credentials);
  const basic = Buffer.from(`${credentials.username ?? ''}:${credentials.apiToken ?? ''}`, 'utf8').toString('base64');
  const remembered = createHash('sha256').update(`${site}\n${basic}`).digest('hex');
  const headers = { accept: 'application/json', authorization: `Basic ${basic}` };
  let used: JiraRoute | null = null;
  const base = (route: JiraRoute) => (route.kind === 'site' ? site : `${GATEWAY}/${encodeURIComponent(route.cloudId)}`);
  const request = (route: JiraRoute, method: TrackerHttpRequest['method'], path: string, body?: unknown) => {
    // The host's client stops a request when the call is aborted; this stops the next one from starting.
    context.signal?.throwIfAborted();
    used = route;
    return context.http({ method, url: `${base(route)}${path}`, headers, ...(body === undefined ? {} : { body }) });
  };
  /** The site's cloudId, from the address Atlassian documents for it; null when the site does not say. */
  const cloudId = async (): Promise<string | null> => {
    context.signal?.throwIfAborted();
    const answer = await context.http({ method: 'GET', url: `${site}/_edge/tenant_info`, headers: { accept: 'application/json' } });
    const id = (answer.json as { cloudId?: unknown } | undefined)?.cloudId;
    return answer.status === 200 && typeof id === 'string' && id ? id : null;
  };
  const send = async (method: TrackerHttpRequest['method'], path: string, body?: unknown) => {
    const known = routes.get(remembered);
    if (known) return request(known, method, path, body);
    const atSite = await request({ kind: 'site' }, method, path, body);
    if (atSite.status !== 401) {
      if (atSite.status < 500) routes.set(remembered, { kind: 'site' });
      return atSite;
    }
    // Refused at the site: a scoped token is, so try the gateway. A 401 created nothing, so sending again is safe.
    const id = await cloudId().catch(() => null);
    if (!id) return atSite;
    const gateway: JiraRoute = { kind: 'gateway', cloudId: id };
    const through = await request(gateway, method, path, body);
    if (through.status === 401) {
      used = { kind: 'site' };
      return atSite;
    }
    routes.set(remembered, gateway);
    return through;
  };
  return siteWith(context, site, { send, route: () => used, address: (path) => `${base(used ?? { kind: 'site' })}${path}` });
}

/** The site as the plugin uses it, whichever way `send` reaches it. */
function siteWith(context: TrackerContext<JiraSettings>, site: string, way: Pick<JiraSite, 'send' | 'route' | 'address'>): JiraSite {
  const { send, route } = way;
  const { config } = context.settings;
  return {
    site,
    projectKey: (config.projectIdentifier ?? '').trim().toUpperCase(),
    includePriority: config.includePriority !== false,
    send,
    async expect(method, path, body) {
      const response = await send(method, path, body);
      if (response.status < 200 || response.status >= 300) throw jiraFailure(response, route());
      return response;
    },
    route,
    address: way.address,
  };
}

/**
 * A site reached with a 3LO token: every request through the gateway with `Authorization: Bearer` ("Making calls to
 * API", developer.atlassian.com/cloud/oauth/getting-started/making-calls-to-api); links still name the site.
 */
function signedInSite(context: TrackerContext<JiraSettings>, site: string, credentials: JiraSignedInCredentials): JiraSite {
  const headers = { accept: 'application/json', authorization: `Bearer ${credentials.accessToken}` };
  const base = credentials.apiUrl.replace(/\/+$/, '');
  const route: JiraRoute = { kind: 'signed-in', cloudId: credentials.cloudId };
  let used: JiraRoute | null = null;
  const send = (method: TrackerHttpRequest['method'], path: string, body?: unknown) => {
    context.signal?.throwIfAborted();
    used = route;
    return context.http({ method, url: `${base}${path}`, headers, ...(body === undefined ? {} : { body }) });
  };
  return siteWith(context, site, { send, route: () => used, address: (path) => `${base}${path}` });
}

/** Forgets the routes found so far (tests start each stand-in afresh). */
export const forgetRoutes = () => routes.clear();

/** An issue as Jira names it: its id, its key and its page. */
export const issueItem = (site: string, issue: { id: string; key: string }) => ({
  externalId: issue.id, key: issue.key, url: `${site}/browse/${encodeURIComponent(issue.key)}`,
});

const CREDENTIALS_REFUSED =
  "Jira refused the credentials, both at the site (where a classic API token works) and through Atlassian's API gateway (where a scoped token works): check the Atlassian account e-mail and the API token (made at id.atlassian.com, Security, API tokens), then save them again on the connection.";

const SIGN_IN_REFUSED =
  'Jira no longer accepts the Atlassian sign-in of this connection (access may have been removed at id.atlassian.com, Connected apps): open the connection and choose "Reconnect with Jira".';

/** What Jira says when the project's create screen lacks the Priority field. */
const PRIORITY_OFF_SCREEN = /cannot be set|appropriate screen/i;

interface JiraErrorBody {
  errorMessages?: string[];
  errors?: Record<string, string>;
}

/**
 * When Jira lets a request through again. Atlassian's rate-limiting page (developer.atlassian.com/cloud/jira/platform/rate-limiting,
 * quoted in jira.atlassian.com/browse/JRACLOUD-69262): Retry-After is the seconds to wait, X-RateLimit-Reset the
 * time the limit resets "in ISO 8601 format ... yyyy-MM-ddTHH:mmZ" (not epoch seconds). Retry-After comes first.
 */
export function jiraRetryAt(response: Pick<TrackerHttpResponse, 'headers'>, now = Date.now()): string | null {
  const retryAfter = response.headers['retry-after']?.trim();
  if (retryAfter && /^\d+$/.test(retryAfter)) return new Date(now + Number(retryAfter) * 1000).toISOString();
  for (const value of [retryAfter, response.headers['x-ratelimit-reset']?.trim()]) {
    // A bare number is not an ISO 8601 time (Date.parse would take '30' for a year).
    if (!value || /^\d+$/.test(value)) continue;
    const time = Date.parse(value);
    if (!Number.isNaN(time)) return new Date(Math.max(time, now)).toISOString();
  }
  return null;
}

/** Jira's error answer as a TrackerError: its messages, and its `errors` as messages per field. */
export function jiraFailure(response: TrackerHttpResponse, route?: JiraRoute | null): TrackerError {
  if (response.status === 401) return new TrackerError('auth', route?.kind === 'signed-in' ? SIGN_IN_REFUSED : CREDENTIALS_REFUSED, { status: 401 });
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
  const failure = errorFromResponse(response, { ...(messages.length ? { message: `Jira: ${messages.join(' ')}` } : {}), fields });
  const retryAt = failure.kind === 'rate_limited' ? jiraRetryAt(response) : null;
  return retryAt ? new TrackerError('rate_limited', failure.message, { status: response.status, retryAt }) : failure;
}

/** An error raised after the issue was created: the same kind and details, saying that the issue exists. */
export const afterCreate = (key: string, what: string, error: unknown): unknown =>
  isTrackerError(error) ? new TrackerError(error.kind, `Created ${key}, but ${what}: ${error.message}`, error) : error;
