/**
 * The tracker contract kit, published as `@tickscribe/plugin-sdk/testing`: the checks the five built-in trackers
 * pass, as plain functions that run under any test runner (they throw, or return the problems) and need nothing but
 * this package. The author gives settings and an HTTP client that reach a stateful stand-in of the tracker (what
 * create makes, findByMarker must find); the kit runs every function, then answers every request itself with each
 * failure a tracker gives (401, 403, 404, 400, 422, 429, 503, a network error) and checks that each surfaces as the
 * right kind of TrackerError, with a retry time for a rate limit.
 *
 * Alone, the kit calls the plugin the way the host does (context `{ settings, http, signal }`, anything but a
 * TrackerError counted as transient) and checks its manifest and answers by the contract's rules; the host's own
 * kit (the app's testkit) runs the same checks through the host, which also validates the settings against the
 * manifest's schemas.
 */
import type { PluginSettings } from '../manifest.ts';
import { isTrackerError, TrackerError, type TrackerErrorKind } from '../tracker-errors.ts';
import { manifestProblems, nonEmpty, settingsWithDefaults } from './manifest.ts';
import { failureOf, messageOf, throwProblems } from './problems.ts';
import { SCHEMAS, schemaProblems } from './schema-check.ts';
import type { TrackerHttp, TrackerHttpResponse, TrackerItem, TrackerPlugin, TrackerTicket, TrackerUser, TrackerVerification } from '../tracker.ts';

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

interface Signal {
  signal?: AbortSignal;
}

/** The calls the kit makes, on a tracker bound to its settings and HTTP client (the host's BoundTracker has them). */
export interface KitTracker {
  verify(options?: Signal): Promise<TrackerVerification>;
  create(ticket: TrackerTicket, options?: Signal): Promise<TrackerItem>;
  findByMarker(ticketId: string, options?: Signal): Promise<TrackerItem | null>;
  link(item: TrackerItem, dependency: TrackerItem, options?: Signal): Promise<'linked' | 'unsupported'>;
  resolveUser(username: string, options?: Signal): Promise<TrackerUser | null>;
}

/** A ticket with every field filled in. */
export function sampleTicket(overrides: Partial<TrackerTicket> = {}): TrackerTicket {
  return {
    id: crypto.randomUUID(), title: 'Fix the login timeout on mobile', description: 'Sessions on mobile end after a minute.\n\nUsers are logged out mid-form.',
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

async function checkFailures(bind: (http: TrackerHttp) => KitTracker, problems: string[]) {
  const cases = [...FAILURES.map((failure) => ({ ...failure, http: answering(failure.answer) })), { label: 'a network failure', kind: 'transient' as const, http: unreachable }];
  for (const { label, kind, http } of cases) {
    const error = await failureOf(() => bind(http).create(sampleTicket()));
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
  const refused = await failureOf(() => bind(answering(FAILURES[0]!.answer)).verify());
  if (!isTrackerError(refused) || refused.kind !== 'auth') problems.push(`verify() answered by 401 must throw kind 'auth' (got ${messageOf(refused)})`);
}

async function checkRoundTrip(tracker: KitTracker, options: TrackerKitOptions, problems: string[]) {
  const first = sampleTicket(options.assignee ? { assignee: options.assignee } : {});
  const item = await tracker.create(first);
  const second = await tracker.create(sampleTicket({ title: 'Refresh the token in the background', tags: [], dependsOn: [] }));
  const found = await tracker.findByMarker(first.id);
  if ((options.findsItems ?? true) && found?.externalId !== item.externalId) {
    problems.push(`findByMarker() after create() returned ${found ? found.externalId : 'null'}; expected the created item ${item.externalId}`);
  }
  if (!(options.findsItems ?? true) && found !== null) problems.push('findByMarker() must answer null for a tracker that cannot be asked (findsItems: false)');
  if ((await tracker.findByMarker(crypto.randomUUID())) !== null) problems.push('findByMarker() for a ticket never pushed must answer null');
  await tracker.link(second, item);
  if ((await tracker.resolveUser(`nobody-${crypto.randomUUID()}`)) !== null && (options.findsItems ?? true)) {
    problems.push('resolveUser() for a user the tracker does not know must answer null (never guess)');
  }
  const aborted = await failureOf(() => tracker.create(sampleTicket(), { signal: AbortSignal.abort(new Error('cancelled by the kit')) }));
  if (!aborted) problems.push('create() ignored an aborted signal; it must reject');
}

/**
 * The checks of a tracker's manifest and behaviour, given a way to bind it to an HTTP client (with the options'
 * settings). Appends to `problems`; the host's kit calls it with the host's binding.
 */
export async function runTrackerChecks(plugin: TrackerPlugin, options: TrackerKitOptions, bind: (http: TrackerHttp) => KitTracker, problems: string[]): Promise<void> {
  const config = plugin.manifest.configSchema as { required?: string[] } | undefined;
  if (!config?.required?.includes('projectIdentifier')) problems.push('the configSchema must require projectIdentifier (the connection\'s target)');
  if (!plugin.manifest.credentialsSchema) problems.push('the manifest must declare a credentialsSchema (the Connections form is built from it)');
  try {
    await bind(options.http).verify();
    await checkRoundTrip(bind(options.http), options, problems);
  } catch (error) {
    problems.push(`against the stand-in: ${messageOf(error)}`);
  }
  await checkFailures(bind, problems);
}

/** An answer that is an item: what schemas/tracker-item.schema.json requires. */
function checkItem(id: string, call: string, value: unknown): TrackerItem {
  const { externalId, key, url } = (value ?? {}) as Partial<TrackerItem>;
  if (!nonEmpty(externalId) || !nonEmpty(key) || typeof url !== 'string' || !/^https?:\/\//.test(url)) {
    throw new Error(`The ${id} plugin's ${call}() must return an item with externalId, key and an http(s) url (got ${JSON.stringify(value)})`);
  }
  const problems = schemaProblems(SCHEMAS.trackerItem, value);
  if (problems.length) throw new Error(`The ${id} plugin's ${call}() returned an invalid item: ${problems.join('; ')}`);
  return value as TrackerItem;
}

/** The plugin bound as the host binds it: its context, its answers checked, anything but a TrackerError transient. */
function bindAlone(plugin: TrackerPlugin, settings: PluginSettings, http: TrackerHttp): KitTracker {
  const id = plugin.manifest.id;
  const call = async <T>(name: string, options: Signal, run: (context: Parameters<TrackerPlugin['verify']>[0]) => Promise<T>): Promise<T> => {
    try {
      return await run({ settings, http, ...(options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      if (options.signal?.aborted || isTrackerError(error)) throw error;
      throw new TrackerError('transient', `The ${id} plugin's ${name}() failed: ${messageOf(error)}`);
    }
  };
  return {
    verify: async (options = {}) => {
      const answer = await call('verify', options, (context) => plugin.verify(context));
      if (!nonEmpty(answer?.account) || !nonEmpty(answer?.target)) throw new Error(`The ${id} plugin's verify() must return the account and the target it reached, in words`);
      return answer;
    },
    create: async (ticket, options = {}) => checkItem(id, 'create', await call('create', options, (context) => plugin.create(ticket, context))),
    findByMarker: async (ticketId, options = {}) => {
      const found = await call('findByMarker', options, (context) => plugin.findByMarker(ticketId, context));
      return found === null ? null : checkItem(id, 'findByMarker', found);
    },
    link: async (item, dependency, options = {}) => {
      const answer = await call('link', options, (context) => plugin.link(item, dependency, context));
      if (answer !== 'linked' && answer !== 'unsupported') throw new Error(`The ${id} plugin's link() must answer 'linked' or 'unsupported' (got ${JSON.stringify(answer)})`);
      return answer;
    },
    resolveUser: async (username, options = {}) => {
      const user = await call('resolveUser', options, (context) => plugin.resolveUser(username, context));
      if (user !== null && (!nonEmpty(user?.id) || typeof user?.name !== 'string')) throw new Error(`The ${id} plugin's resolveUser() must answer { id, name } or null (got ${JSON.stringify(user)})`);
      return user;
    },
  };
}

/** The problems found in `plugin` (none means it keeps the tracker contract). */
export async function checkTrackerContract<Settings extends PluginSettings>(plugin: TrackerPlugin<Settings>, options: TrackerKitOptions): Promise<string[]> {
  const tracker = plugin as unknown as TrackerPlugin;
  const problems = manifestProblems(tracker, 'tracker');
  if (problems.length) return problems;
  const settings = settingsWithDefaults(tracker, options.settings);
  await runTrackerChecks(tracker, options, (http) => bindAlone(tracker, settings, http), problems);
  return problems;
}

/** Throws one error listing every problem found in `plugin`. */
export async function assertTrackerContract<Settings extends PluginSettings>(plugin: TrackerPlugin<Settings>, options: TrackerKitOptions): Promise<void> {
  throwProblems('tracker', plugin.manifest.id, await checkTrackerContract(plugin, options));
}
