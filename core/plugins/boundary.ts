/**
 * The boundary between the product and a plugin: every call gets the plugin's validated settings, and every
 * answer is checked against the contract's schemas before anyone uses it. A plugin's output is not trusted.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type {
  BotContext, BotCreateRequest, BotEvent, BotPlugin, BotState, BotWebhook, BotWebhookDelivery, CallContext, ParsedTranscript, ParserOutput,
  ExtractionRequest, ExtractionResult, ExtractorPlugin, PluginSettings, TrackerContext, TrackerHttpRequest, TrackerHttpResponse, TrackerItem, TrackerPlugin,
  TrackerCandidate, TrackerComment, TrackerItemPreview, TrackerItemStatus, TrackerSearchQuery, TrackerTicket, TrackerTicketStatus, TrackerUser, TrackerUserMatch,
  TrackerVerification, TrackerWebhookEvent,
} from '../../plugins/sdk/index.ts';
import { asBotError, BotError, isTrackerError, TrackerError } from '../../plugins/sdk/index.ts';
import { isCodeFault } from '../../plugins/sdk/testing/problems.ts';
import { once } from '../once.ts';
import { getValidator } from '../schema/registry.ts';
import { describeContractErrors, returnedWords } from './contract-errors.ts';
import { ParseFailure } from './errors.ts';
import { makeStorable } from './parsing.ts';

/** A plugin answered with something the contract does not allow. Not retryable: the same call gives the same answer. */
export class PluginOutputError extends Error {
  override name = 'PluginOutputError';
}

/** A plugin's code failed (a TypeError, a ReferenceError...): a bug to report to its author, never retried. */
export class PluginBugError extends PluginOutputError {
  override name = 'PluginBugError';
}

/** The PluginBugError for what a plugin's call threw, when it is a bug of its code; undefined otherwise. */
export function pluginBug(plugin: string, call: string, error: unknown): PluginBugError | undefined {
  // The SDK's kits tell a bug from a refusal by the same rule (network failures carry their cause and are not bugs).
  if (!isCodeFault(error)) return undefined;
  const frame = /\((?:file:\/\/)?([^()\s]+):(\d+):\d+\)|at (?:file:\/\/)?(\S+):(\d+):\d+$/m.exec(error.stack?.split('\n').slice(1).join('\n') ?? '');
  const file = frame?.[1] ?? frame?.[3];
  const place = file && !file.startsWith('node:') ? ` (at ${file.split('/').at(-1)} line ${frame?.[2] ?? frame?.[4]})` : '';
  return new PluginBugError(
    `The ${plugin} plugin's ${call}() failed with a ${error.name}: ${error.message}${place}. This is a fault in the plugin, not in the service it `
    + 'talks to, so it is not tried again: report it to the plugin\'s author.',
  );
}

/** An extractor with its settings bound: what the ingest uses. */
export interface BoundExtractor {
  readonly manifest: ExtractorPlugin['manifest'];
  estimate(request: ExtractionRequest): { inputTokens: number; outputTokens: number };
  extract(request: ExtractionRequest, options?: { signal?: AbortSignal }): Promise<ExtractionResult>;
}

type Signal = { signal?: AbortSignal };

/**
 * A tracker with a connection's settings and the host's HTTP client bound. Every failure reaches the caller as a
 * TrackerError (anything else a plugin throws becomes a transient one), every answer checked.
 */
export interface BoundTracker {
  readonly manifest: TrackerPlugin['manifest'];
  verify(options?: Signal): Promise<TrackerVerification>;
  create(ticket: TrackerTicket, options?: Signal): Promise<TrackerItem>;
  findByMarker(ticketId: string, options?: Signal): Promise<TrackerItem | null>;
  link(item: TrackerItem, dependency: TrackerItem, options?: Signal): Promise<'linked' | 'unsupported'>;
  resolveUser(username: string, options?: Signal): Promise<TrackerUser | null>;
  /** Present only when the plugin offers a search of its users (TrackerPlugin.searchUsers); answers checked. */
  searchUsers?(query: string, options?: Signal): Promise<TrackerUserMatch[]>;
  /** Present only when the plugin reads its items' status (TrackerPlugin.itemStatus); answers checked. */
  itemStatus?(item: TrackerItem, options?: Signal): Promise<TrackerItemStatus | null>;
  /** Present only when the plugin writes a status to its items (TrackerPlugin.setStatus); answers checked. */
  setStatus?(item: TrackerItem, status: TrackerTicketStatus, options?: Signal): Promise<'updated' | 'unsupported'>;
  /**
   * Present only when the plugin previews what it creates (TrackerPlugin.preview); its requests may only read (any
   * other is refused before it leaves), its answer is checked.
   */
  preview?(ticket: TrackerTicket, options?: Signal): Promise<TrackerItemPreview>;
  /**
   * Present only when the plugin searches its items (TrackerPlugin.search): at most SEARCH_LIMIT candidates, each
   * checked, within SEARCH_TIME_MS (then a transient TrackerError says the tracker took too long).
   */
  search?(query: Omit<TrackerSearchQuery, 'limit'>, options?: Signal): Promise<TrackerCandidate[]>;
  /** Present only when the plugin comments on its items (TrackerPlugin.comment); answers checked. */
  comment?(item: TrackerItem, comment: TrackerComment, options?: Signal): Promise<'commented' | 'unsupported'>;
}

/** The methods a preview may send: it reads the tracker, it never writes to it. */
const READING = new Set(['GET', 'HEAD']);

const TICKET_STATUSES: readonly unknown[] = ['ToDo', 'InProgress', 'Done'];

/**
 * An item's status as a plugin gave it (itemStatus, or a webhook event's), checked: open or closed, a ticket status
 * that fits the state (a closed item is Done, an open one is not), and an address only when it is an http(s) URL.
 */
export function checkItemStatus(plugin: string, call: string, value: unknown): TrackerItemStatus {
  const { state, status, url, exact } = (value ?? {}) as Partial<Record<keyof TrackerItemStatus, unknown>>;
  const fits = (state === 'closed' && status === 'Done') || (state === 'open' && status !== 'Done' && TICKET_STATUSES.includes(status));
  if (!fits) {
    throw new PluginOutputError(`The ${plugin} plugin's ${call}() must return a state (open or closed) and the ticket status it maps to (Done for closed; ToDo or InProgress for open).`);
  }
  const address = typeof url === 'string' && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol) ? url : undefined;
  return { state: state as TrackerItemStatus['state'], status: status as TrackerTicketStatus, ...(address ? { url: address } : {}), ...(exact === true ? { exact } : {}) };
}

/** A webhook event as a plugin's parse() gave it, checked. */
export function checkWebhookEvent(plugin: string, value: unknown): TrackerWebhookEvent | null {
  if (value === null) return null;
  const event = (value ?? {}) as { kind?: unknown; itemId?: unknown };
  if (event.kind === 'ping') return { kind: 'ping' };
  if (event.kind !== 'status' || !nonEmpty(event.itemId)) {
    throw new PluginOutputError(`The ${plugin} plugin's webhook parse() must return null, { kind: 'ping' }, or { kind: 'status' } with the item's id, its state and status.`);
  }
  return { kind: 'status', itemId: event.itemId, ...checkItemStatus(plugin, 'webhook parse', value) };
}

/** The most people one search hands on, whatever the plugin found. */
export const USER_SEARCH_LIMIT = 20;

/** A searchUsers() answer checked: an array of people, each with a value and a name; at most USER_SEARCH_LIMIT, no repeated value. */
function checkUserMatches(plugin: string, value: unknown): TrackerUserMatch[] {
  const invalid = () => new PluginOutputError(`The ${plugin} plugin's searchUsers() must return a list of users, each with a value and a name.`);
  if (!Array.isArray(value)) throw invalid();
  const seen = new Set<string>();
  const matches: TrackerUserMatch[] = [];
  for (const entry of value as Partial<Record<keyof TrackerUserMatch, unknown>>[]) {
    const { value: kept, name, login, email } = entry ?? {};
    if (!nonEmpty(kept) || typeof name !== 'string') throw invalid();
    const optional = (text: unknown) => (nonEmpty(text) ? text : undefined);
    if (seen.has(kept) || matches.length >= USER_SEARCH_LIMIT) continue;
    seen.add(kept);
    const shownLogin = optional(login);
    const shownEmail = optional(email);
    matches.push({ value: kept, name: name.trim() || kept, ...(shownLogin ? { login: shownLogin } : {}), ...(shownEmail ? { email: shownEmail } : {}) });
  }
  return matches;
}

/** The most candidates one search of a tracker's items hands on, whatever the plugin found. */
export const SEARCH_LIMIT = 10;
/** How long a search of a tracker's items may take before the wizard goes on without it. */
export const SEARCH_TIME_MS = 8_000;
/** The longest excerpt of a candidate's description kept. */
const EXCERPT_LENGTH = 300;

const httpUrl = (value: unknown): value is string => typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/**
 * A search() answer checked: an array of items, each with an id, a key, an http(s) address and a title; at most
 * SEARCH_LIMIT, no repeated id, the excerpt cut to EXCERPT_LENGTH characters and the status kept only as words.
 */
export function checkCandidates(plugin: string, value: unknown): TrackerCandidate[] {
  const invalid = () => new PluginOutputError(`The ${plugin} plugin's search() must return a list of items, each with an externalId, a key, an http(s) url and a title.`);
  if (!Array.isArray(value)) throw invalid();
  const seen = new Set<string>();
  const found: TrackerCandidate[] = [];
  for (const entry of value as Partial<Record<keyof TrackerCandidate, unknown>>[]) {
    const { externalId, key, url, title, excerpt, status } = entry ?? {};
    if (!nonEmpty(externalId) || !nonEmpty(key) || !httpUrl(url) || typeof title !== 'string') throw invalid();
    if (seen.has(externalId) || found.length >= SEARCH_LIMIT) continue;
    seen.add(externalId);
    const text = typeof excerpt === 'string' ? excerpt.replace(/\s+/g, ' ').trim() : '';
    const cut = text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
    found.push({
      externalId, key, url, title: title.trim() || key,
      ...(cut ? { excerpt: cut } : {}), ...(nonEmpty(status) ? { status: status.trim().slice(0, 60) } : {}),
    });
  }
  return found;
}

/** The guarded outbound client a bot's requests go through; it also takes the call's abort signal. */
export type BotHostHttp = (request: TrackerHttpRequest & { signal?: AbortSignal }) => Promise<TrackerHttpResponse>;

/** Whether a webhook delivery is genuine; when not, why, for the operator's log (never for the sender). */
export type WebhookVerdict = { genuine: true } | { genuine: false; problem: string };

/**
 * A bot with the configured service's settings and the host's HTTP client bound. Every failure of a call reaches
 * the caller as a BotError (anything else a plugin throws becomes a transient one), every answer checked.
 */
export interface BoundBot {
  readonly manifest: BotPlugin['manifest'];
  create(request: BotCreateRequest, options?: Signal): Promise<BotState>;
  /** The bot cancelled, or the final state (done, failed) it had already reached. */
  cancel(botId: string, options?: Signal): Promise<BotState>;
  status(botId: string, options?: Signal): Promise<BotState>;
  /** The finished meeting's transcript, checked like a parser's; BotError 'not_ready' or 'no_recording' when there is none yet or none. */
  transcript(botId: string, options?: Signal): Promise<ParsedTranscript>;
  /** Never throws: a plugin that throws or answers anything but true has refused the delivery. */
  verifyWebhook(delivery: BotWebhookDelivery): Promise<WebhookVerdict>;
  /** The event of a verified webhook, or null when it does not matter; BotError 'validation' for a body the plugin cannot read. */
  parseWebhook(webhook: BotWebhook): BotEvent | null;
}

const TOKEN_COUNT = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Checks a value against one of the contract's schemas; throws a PluginOutputError naming the plugin and the call.
 * The schema compiles on the first check: a process that never calls a plugin of that kind never compiles it.
 */
export function outputChecker(ajv: Ajv2020) {
  return <T>(schemaFile: string, subject: string) => {
    const validator = once(() => getValidator<T>(ajv, schemaFile));
    return (plugin: string, call: string, value: unknown): T => {
      const validate = validator();
      if (!validate(value)) {
        throw new PluginOutputError(`The ${plugin} plugin's ${call}() returned an invalid ${subject}: ${describeContractErrors(validate.errors ?? [], '', `the ${subject}`)}.`);
      }
      return value;
    };
  };
}

export type OutputCheck<T> = (plugin: string, call: string, value: unknown) => T;

const context = (settings: PluginSettings, signal?: AbortSignal): CallContext => ({ settings, ...(signal ? { signal } : {}) });

export function bindExtractor(
  plugin: ExtractorPlugin,
  settings: PluginSettings,
  checkExtraction: OutputCheck<{ tickets: ExtractionResult['tickets'] }>,
): BoundExtractor {
  const id = plugin.manifest.id;
  return {
    manifest: plugin.manifest,
    estimate(request) {
      const estimate = plugin.estimate(request, context(settings));
      if (!TOKEN_COUNT(estimate?.inputTokens) || !TOKEN_COUNT(estimate?.outputTokens)) {
        throw new PluginOutputError(`The ${id} plugin's estimate() must return whole, non-negative inputTokens and outputTokens.`);
      }
      return { inputTokens: estimate.inputTokens, outputTokens: estimate.outputTokens };
    },
    async extract(request, options = {}) {
      const result = await plugin.extract(request, context(settings, options.signal));
      // Without the wrapper every ticket rule would fail at once; the shape the contract wants says it in one line.
      if (typeof result !== 'object' || result === null || !('tickets' in result)) {
        throw new PluginOutputError(`The ${id} plugin's extract() returned ${returnedWords(result)}: it must return an object { tickets, usage } (an ExtractionResult of the plugin SDK).`);
      }
      const { tickets } = checkExtraction(id, 'extract', { tickets: result.tickets });
      // A model may echo a broken character of the meeting: stored as U+FFFD rather than failing the save.
      makeStorable(tickets);
      const usage = result.usage;
      const counts = [usage?.inputTokens, usage?.outputTokens, usage?.calls];
      if (typeof usage?.provider !== 'string' || typeof usage.model !== 'string' || !counts.every(TOKEN_COUNT)) {
        throw new PluginOutputError(
          `The ${id} plugin's extract() must report its usage: provider, model, and whole, non-negative inputTokens, outputTokens and calls.`,
        );
      }
      return { tickets, usage };
    },
  };
}

export function bindTracker(
  plugin: TrackerPlugin, settings: PluginSettings, shared: Pick<TrackerContext, 'http' | 'budgets'>,
  checks: { item: OutputCheck<TrackerItem>; preview: OutputCheck<TrackerItemPreview> },
): BoundTracker {
  const id = plugin.manifest.id;
  const call = async <T>(name: string, options: Signal, run: (context: Parameters<TrackerPlugin['verify']>[0]) => Promise<unknown>, check: (value: unknown) => T) => {
    let value: unknown;
    try {
      value = await run({ settings, ...shared, ...(options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      throw normaliseTrackerFailure(id, name, error, options.signal);
    }
    return check(value);
  };
  const invalid = (name: string, what: string) => new PluginOutputError(`The ${id} plugin's ${name}() must return ${what}.`);
  const item = (name: string) => (value: unknown) => checks.item(id, name, value);
  const readOnly: TrackerContext['http'] = (request) => {
    if (!READING.has(request.method)) {
      return Promise.reject(new PluginOutputError(`The ${id} plugin's preview() sent a ${request.method} request: a preview may only read from the tracker (GET), never write to it.`));
    }
    return shared.http(request);
  };
  /** A check of an answer that must be one of two words. */
  const either = <A extends string, B extends string>(name: string, a: A, b: B) => (value: unknown): A | B => {
    if (value !== a && value !== b) throw invalid(name, `'${a}' or '${b}'`);
    return value as A | B;
  };
  /** A search's own signal: the caller's, ended after SEARCH_TIME_MS as well. */
  const searchCall = async (query: Omit<TrackerSearchQuery, 'limit'>, options: Signal) => {
    const budget = AbortSignal.timeout(SEARCH_TIME_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, budget]) : budget;
    try {
      return await call('search', { signal }, (context) => plugin.search!({ ...query, limit: SEARCH_LIMIT }, context), (value) => checkCandidates(id, value));
    } catch (error) {
      if (!budget.aborted || options.signal?.aborted) throw error;
      throw new TrackerError('transient', `${plugin.manifest.name} took longer than ${SEARCH_TIME_MS / 1000} seconds to search its items.`);
    }
  };
  return {
    manifest: plugin.manifest,
    verify: (options = {}) =>
      call('verify', options, (context) => plugin.verify(context), (value) => {
        const { account, target } = (value ?? {}) as Partial<TrackerVerification>;
        if (!nonEmpty(account) || !nonEmpty(target)) throw invalid('verify', 'the account and the target it reached, in words');
        return { account, target };
      }),
    create: (ticket, options = {}) => call('create', options, (context) => plugin.create(ticket, context), item('create')),
    findByMarker: (ticketId, options = {}) =>
      call('findByMarker', options, (context) => plugin.findByMarker(ticketId, context), (value) => (value === null ? null : item('findByMarker')(value))),
    link: (from, to, options = {}) => call('link', options, (context) => plugin.link(from, to, context), either('link', 'linked', 'unsupported')),
    resolveUser: (username, options = {}) =>
      call('resolveUser', options, (context) => plugin.resolveUser(username, context), (value) => {
        if (value === null) return null;
        const { id: userId, name } = (value ?? {}) as Partial<TrackerUser>;
        if (!nonEmpty(userId) || typeof name !== 'string') throw invalid('resolveUser', 'null or a user with an id and a name');
        return { id: userId, name };
      }),
    ...(typeof plugin.searchUsers === 'function'
      ? {
          searchUsers: (query: string, options: Signal = {}) =>
            call('searchUsers', options, (context) => plugin.searchUsers!(query, context), (value) => checkUserMatches(id, value)),
        }
      : {}),
    ...(typeof plugin.itemStatus === 'function'
      ? {
          itemStatus: (from: TrackerItem, options: Signal = {}) =>
            call('itemStatus', options, (context) => plugin.itemStatus!(from, context), (value) => (value === null ? null : checkItemStatus(id, 'itemStatus', value))),
        }
      : {}),
    ...(typeof plugin.setStatus === 'function'
      ? {
          setStatus: (to: TrackerItem, status: TrackerTicketStatus, options: Signal = {}) =>
            call('setStatus', options, (context) => plugin.setStatus!(to, status, context), either('setStatus', 'updated', 'unsupported')),
        }
      : {}),
    ...(typeof plugin.search === 'function' ? { search: (query: Omit<TrackerSearchQuery, 'limit'>, options: Signal = {}) => searchCall(query, options) } : {}),
    ...(typeof plugin.comment === 'function'
      ? {
          comment: (on: TrackerItem, comment: TrackerComment, options: Signal = {}) =>
            call('comment', options, (context) => plugin.comment!(on, comment, context), either('comment', 'commented', 'unsupported')),
        }
      : {}),
    ...(typeof plugin.preview === 'function'
      ? {
          preview: (ticket: TrackerTicket, options: Signal = {}) =>
            call('preview', options, (context) => plugin.preview!(ticket, { ...context, http: readOnly }), (value) => checks.preview(id, 'preview', value)),
        }
      : {}),
  };
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** A tracker call's failure as a TrackerError of this copy of the SDK; an abort stays an abort, a broken answer stays one. */
function normaliseTrackerFailure(plugin: string, call: string, error: unknown, signal?: AbortSignal): Error {
  if (signal?.aborted || error instanceof PluginOutputError) return error as Error;
  if (error instanceof TrackerError) return error;
  const bug = pluginBug(plugin, call, error);
  if (bug) return bug;
  if (isTrackerError(error)) {
    const { kind, message, fields, retryAt, status } = error as TrackerError;
    return new TrackerError(kind, message, { ...(fields ? { fields } : {}), ...(retryAt ? { retryAt } : {}), ...(status ? { status } : {}) });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new TrackerError('transient', `The ${plugin} plugin's ${call}() failed: ${message}`);
}

export interface BotChecks {
  state: OutputCheck<BotState>;
  event: OutputCheck<BotEvent>;
  /** The parser's transcript check (parsing.ts), whose failures are reworded for a bot. */
  transcript: (plugin: string, output: ParserOutput['transcript'] | undefined) => ParsedTranscript;
}

const FINAL = new Set<BotState['status']>(['done', 'failed', 'cancelled']);

export function bindBot(plugin: BotPlugin, settings: PluginSettings, http: BotHostHttp, checks: BotChecks): BoundBot {
  const id = plugin.manifest.id;
  const contextOf = (signal?: AbortSignal): BotContext => ({
    settings, http: (request) => http(signal ? { ...request, signal } : request), ...(signal ? { signal } : {}),
  });
  const call = async <T>(name: string, options: Signal, run: (context: BotContext) => Promise<unknown>, check: (value: unknown) => T) => {
    let value: unknown;
    try {
      value = await run(contextOf(options.signal));
    } catch (error) {
      if (options.signal?.aborted || error instanceof PluginOutputError) throw error;
      // A bug of the plugin's code is no failure of the service: it fails the step at once, as a tracker's does.
      throw pluginBug(id, name, error) ?? asBotError(error, `The ${id} plugin's ${name}() failed`);
    }
    return check(value);
  };
  const invalid = (name: string, what: string) => new PluginOutputError(`The ${id} plugin's ${name}() ${what}.`);
  const stateOf = (name: string, botId?: string) => (value: unknown) => {
    const state = checks.state(id, name, value);
    if (botId !== undefined && state.botId !== botId) throw invalid(name, `returned the state of bot ${state.botId}, not of ${botId}`);
    return state;
  };
  return {
    manifest: plugin.manifest,
    create: (request, options = {}) => call('create', options, (context) => plugin.create(request, context), stateOf('create')),
    cancel: (botId, options = {}) =>
      call('cancel', options, (context) => plugin.cancel(botId, context), (value) => {
        const state = stateOf('cancel', botId)(value);
        if (!FINAL.has(state.status)) throw invalid('cancel', `must leave the bot cancelled or in a final state, not ${state.status}`);
        return state;
      }),
    status: (botId, options = {}) => call('status', options, (context) => plugin.status(botId, context), stateOf('status', botId)),
    transcript: (botId, options = {}) =>
      call('transcript', options, (context) => plugin.transcript(botId, context), (value) => checkedTranscript(id, checks, value)),
    async verifyWebhook(delivery) {
      try {
        const genuine = await plugin.verifyWebhook(delivery, contextOf());
        return genuine === true ? { genuine: true } : { genuine: false, problem: `the ${id} plugin refused the delivery` };
      } catch (error) {
        return { genuine: false, problem: error instanceof Error ? error.message : String(error) };
      }
    },
    parseWebhook(webhook) {
      let value: unknown;
      try {
        value = plugin.parseWebhook(webhook, contextOf());
      } catch (error) {
        throw pluginBug(id, 'parseWebhook', error)
          ?? new BotError('validation', `The ${plugin.manifest.name} webhook could not be read: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (value === null) return null;
      const event = checks.event(id, 'parseWebhook', value);
      if (event.state && event.state.botId !== event.botId) throw invalid('parseWebhook', `returned an event of bot ${event.botId} with the state of bot ${event.state.botId}`);
      if (!event.state && !event.transcriptReady) throw invalid('parseWebhook', 'returned an event with neither a state nor transcriptReady; it must return null for those');
      return event;
    },
  };
}

/** The transcript checked like a parser's: an empty one is no recording, a broken one the plugin's fault. */
function checkedTranscript(id: string, checks: BotChecks, value: unknown): ParsedTranscript {
  try {
    return checks.transcript(id, value as ParserOutput['transcript']);
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    if (error.code === 'no-messages') throw new BotError('no_recording', 'The meeting\'s recording holds nothing to transcribe: nobody spoke while the bot was recording.');
    throw new PluginOutputError(`The ${id} plugin's transcript() returned ${error.message.replace(/^The .+? parser returned /, '')}`);
  }
}
