/**
 * The tracker contract kit: the checks the five built-in trackers pass, runnable against a third-party tracker with
 * any test runner. The author gives settings and an HTTP client that reach a stateful stand-in of the tracker
 * (what create makes, findByMarker must find); the kit runs every function through the host, then answers every
 * request itself with each failure a tracker gives (401, 403, 404, 400, 422, 429, 503, a network error) and checks
 * that each surfaces as the right kind of TrackerError, with a retry time for a rate limit.
 */
import { randomUUID } from 'node:crypto';
import type { PluginSettings, TrackerHttp, TrackerHttpResponse, TrackerPlugin, TrackerTicket, TrackerUser } from '../../../plugins/sdk/index.ts';
import { isTrackerError, TrackerError, type TrackerErrorKind } from '../../../plugins/sdk/index.ts';
import type { BoundTracker } from '../host.ts';
import { loadAlone, messageOf, throwProblems } from './shared.ts';

export interface TrackerKitOptions {
  /** The connection's settings: config (with projectIdentifier) and credentials pointing at the stand-in. */
  settings: Partial<PluginSettings>;
  /** Reaches the stand-in; `fetchHttp` when it listens on a local address. */
  http: TrackerHttp;
  /** A user the stand-in knows, to assign the sample ticket to. */
  assignee?: TrackerUser;
  /** False for trackers that cannot be asked what they hold (a webhook): findByMarker must then answer null. */
  findsItems?: boolean;
}

/** A ticket with every field filled in. */
export function sampleTicket(overrides: Partial<TrackerTicket> = {}): TrackerTicket {
  return {
    id: randomUUID(), title: 'Fix the login timeout on mobile', description: 'Sessions on mobile end after a minute.\n\nUsers are logged out mid-form.',
    context: 'Reported by three customers this week.', implementation: 'Raise the idle timeout and refresh the token in the background.',
    notes: 'Check the tablet layout too.', effort: 'Medium', quote: 'Grace, can you fix the login timeout on mobile by Friday?',
    priority: 'High', status: 'ToDo', project: 'Web', tags: ['mobile', 'login flow'], dueDate: '2026-12-04', assignee: null,
    dependsOn: [{ title: 'Agree the session policy', key: 'SEC-1', url: 'https://tracker.example/SEC-1' }],
    ...overrides,
  };
}

/** A TrackerHttp over fetch with no address checks, for tests against local stand-ins. */
export const fetchHttp: TrackerHttp = async (request) => {
  const json = request.body !== undefined && typeof request.body !== 'string';
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...request.headers },
      redirect: request.followRedirects === false ? 'manual' : 'follow',
      ...(request.body === undefined ? {} : { body: json ? JSON.stringify(request.body) : (request.body as string) }),
    });
  } catch (error) {
    throw new TrackerError('transient', `Could not reach ${new URL(request.url).host}: ${messageOf(error)}`);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: Object.fromEntries(response.headers), text, json: parsed };
};

const FAILURES: { answer: Omit<TrackerHttpResponse, 'json' | 'text'> & { body?: unknown }; kind: TrackerErrorKind; label: string }[] = [
  { answer: { status: 401, headers: {}, body: { message: 'Bad credentials' } }, kind: 'auth', label: '401' },
  { answer: { status: 403, headers: {}, body: { message: 'Forbidden' } }, kind: 'forbidden', label: '403' },
  { answer: { status: 404, headers: {}, body: { message: 'Not Found' } }, kind: 'not_found', label: '404' },
  { answer: { status: 400, headers: {}, body: { message: 'Invalid field' } }, kind: 'validation', label: '400' },
  { answer: { status: 422, headers: {}, body: { message: 'Validation Failed' } }, kind: 'validation', label: '422' },
  { answer: { status: 429, headers: { 'retry-after': '30' }, body: { message: 'Too Many Requests' } }, kind: 'rate_limited', label: '429 with Retry-After: 30' },
  { answer: { status: 503, headers: {}, body: { message: 'Service Unavailable' } }, kind: 'transient', label: '503' },
];

const answering = (answer: (typeof FAILURES)[number]['answer']): TrackerHttp => async () => ({
  status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers }, text: JSON.stringify(answer.body), json: answer.body,
});

const unreachable: TrackerHttp = async (request) => {
  throw new TrackerError('transient', `Could not reach ${new URL(request.url).host}: connection refused.`);
};

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
    return null;
  } catch (error) {
    return error;
  }
}

async function checkFailures(host: Awaited<ReturnType<typeof loadAlone>>['host'], id: string, options: TrackerKitOptions, problems: string[]) {
  const cases = [...FAILURES.map((failure) => ({ ...failure, http: answering(failure.answer) })), { label: 'a network failure', kind: 'transient' as const, http: unreachable }];
  for (const { label, kind, http } of cases) {
    const tracker = host.tracker(id, options.settings, http)!;
    const error = await failureOf(() => tracker.create(sampleTicket()));
    if (!isTrackerError(error)) {
      problems.push(`create() answered by ${label} ${error ? `threw ${messageOf(error)}` : 'did not fail'}; it must throw a TrackerError of kind '${kind}'`);
      continue;
    }
    if (error.kind !== kind) problems.push(`create() answered by ${label} threw kind '${error.kind}' (${error.message}); expected '${kind}'`);
    if (kind === 'rate_limited') {
      const wait = Date.parse(error.retryAt ?? '') - Date.now();
      if (!(wait > 20_000 && wait <= 35_000)) problems.push(`create() answered by ${label} gave retryAt ${error.retryAt ?? '(none)'}; expected about 30 seconds from now`);
    }
  }
  const refused = await failureOf(() => host.tracker(id, options.settings, answering(FAILURES[0]!.answer))!.verify());
  if (!isTrackerError(refused) || refused.kind !== 'auth') problems.push(`verify() answered by 401 must throw kind 'auth' (got ${messageOf(refused)})`);
}

async function checkRoundTrip(tracker: BoundTracker, options: TrackerKitOptions, problems: string[]) {
  const first = sampleTicket(options.assignee ? { assignee: options.assignee } : {});
  const item = await tracker.create(first);
  const second = await tracker.create(sampleTicket({ title: 'Refresh the token in the background', tags: [], dependsOn: [] }));
  const found = await tracker.findByMarker(first.id);
  if ((options.findsItems ?? true) && found?.externalId !== item.externalId) {
    problems.push(`findByMarker() after create() returned ${found ? found.externalId : 'null'}; expected the created item ${item.externalId}`);
  }
  if (!(options.findsItems ?? true) && found !== null) problems.push('findByMarker() must answer null for a tracker that cannot be asked (findsItems: false)');
  if ((await tracker.findByMarker(randomUUID())) !== null) problems.push('findByMarker() for a ticket never pushed must answer null');
  await tracker.link(second, item);
  if ((await tracker.resolveUser(`nobody-${randomUUID()}`)) !== null && (options.findsItems ?? true)) {
    problems.push('resolveUser() for a user the tracker does not know must answer null (never guess)');
  }
  const aborted = await failureOf(() => tracker.create(sampleTicket(), { signal: AbortSignal.abort(new Error('cancelled by the kit')) }));
  if (!aborted) problems.push('create() ignored an aborted signal; it must reject');
}

export async function checkTrackerContract(plugin: TrackerPlugin, options: TrackerKitOptions): Promise<string[]> {
  const { host, problems } = await loadAlone(plugin, options.settings);
  if (problems.length) return problems;
  const id = plugin.manifest.id;
  const config = plugin.manifest.configSchema as { required?: string[] } | undefined;
  if (!config?.required?.includes('projectIdentifier')) problems.push('the configSchema must require projectIdentifier (the connection\'s target)');
  if (!plugin.manifest.credentialsSchema) problems.push('the manifest must declare a credentialsSchema (the Connections form is built from it)');
  const tracker = host.tracker(id, options.settings, options.http)!;
  try {
    await tracker.verify();
    await checkRoundTrip(tracker, options, problems);
  } catch (error) {
    problems.push(`against the stand-in: ${messageOf(error)}`);
  }
  await checkFailures(host, id, options, problems);
  return problems;
}

export async function assertTrackerContract(plugin: TrackerPlugin, options: TrackerKitOptions): Promise<void> {
  throwProblems('tracker', plugin.manifest.id, await checkTrackerContract(plugin, options));
}
