/**
 * The boundary between the product and a plugin: every call gets the plugin's validated settings, and every
 * answer is checked against the contract's schemas before anyone uses it. A plugin's output is not trusted.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type {
  BotPlugin, BotState, CallContext, ParsedTranscript, ParserOutput, ExtractionRequest, ExtractionResult, ExtractorPlugin, PluginSettings, TrackerHttp,
  TrackerItem, TrackerPlugin, TrackerTicket, TrackerUser, TrackerVerification,
} from '../../plugins/sdk/index.ts';
import { describeSchemaError, isTrackerError, TrackerError } from '../../plugins/sdk/index.ts';
import { getValidator } from '../schema/registry.ts';

/** A plugin answered with something the contract does not allow. Not retryable: the same call gives the same answer. */
export class PluginOutputError extends Error {
  override name = 'PluginOutputError';
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
}

export interface BoundBot {
  readonly manifest: BotPlugin['manifest'];
  join(request: { meetingUrl: string; botName: string }, options?: { signal?: AbortSignal }): Promise<BotState>;
  status(botId: string, options?: { signal?: AbortSignal }): Promise<BotState>;
  leave(botId: string, options?: { signal?: AbortSignal }): Promise<void>;
  /** The finished meeting's transcript, checked like a parser's. */
  transcript(botId: string, options?: { signal?: AbortSignal }): Promise<ParsedTranscript>;
}

const TOKEN_COUNT = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/** Checks a value against one of the contract's schemas; throws a PluginOutputError naming the plugin and the call. */
export function outputChecker(ajv: Ajv2020) {
  return <T>(schemaFile: string, subject: string) => {
    const validate = getValidator<T>(ajv, schemaFile);
    return (plugin: string, call: string, value: unknown): T => {
      if (!validate(value)) {
        const problem = describeSchemaError(validate.errors![0]!, { subject });
        throw new PluginOutputError(`The ${plugin} plugin's ${call}() returned an invalid ${subject} (${problem}).`);
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
      const { tickets } = checkExtraction(id, 'extract', { tickets: result?.tickets });
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

export function bindTracker(plugin: TrackerPlugin, settings: PluginSettings, http: TrackerHttp, checkItem: OutputCheck<TrackerItem>): BoundTracker {
  const id = plugin.manifest.id;
  const call = async <T>(name: string, options: Signal, run: (context: Parameters<TrackerPlugin['verify']>[0]) => Promise<unknown>, check: (value: unknown) => T) => {
    let value: unknown;
    try {
      value = await run({ settings, http, ...(options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      throw normaliseTrackerFailure(id, name, error, options.signal);
    }
    return check(value);
  };
  const invalid = (name: string, what: string) => new PluginOutputError(`The ${id} plugin's ${name}() must return ${what}.`);
  const item = (name: string) => (value: unknown) => checkItem(id, name, value);
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
    link: (from, to, options = {}) =>
      call('link', options, (context) => plugin.link(from, to, context), (value) => {
        if (value !== 'linked' && value !== 'unsupported') throw invalid('link', "'linked' or 'unsupported'");
        return value;
      }),
    resolveUser: (username, options = {}) =>
      call('resolveUser', options, (context) => plugin.resolveUser(username, context), (value) => {
        if (value === null) return null;
        const { id: userId, name } = (value ?? {}) as Partial<TrackerUser>;
        if (!nonEmpty(userId) || typeof name !== 'string') throw invalid('resolveUser', 'null or a user with an id and a name');
        return { id: userId, name };
      }),
  };
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** A tracker call's failure as a TrackerError of this copy of the SDK; an abort stays an abort, a broken answer stays one. */
function normaliseTrackerFailure(plugin: string, call: string, error: unknown, signal?: AbortSignal): Error {
  if (signal?.aborted || error instanceof PluginOutputError) return error as Error;
  if (error instanceof TrackerError) return error;
  if (isTrackerError(error)) {
    const { kind, message, fields, retryAt, status } = error as TrackerError;
    return new TrackerError(kind, message, { ...(fields ? { fields } : {}), ...(retryAt ? { retryAt } : {}), ...(status ? { status } : {}) });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new TrackerError('transient', `The ${plugin} plugin's ${call}() failed: ${message}`);
}

export function bindBot(
  plugin: BotPlugin,
  settings: PluginSettings,
  checkState: OutputCheck<BotState>,
  checkTranscript: (plugin: string, output: ParserOutput['transcript'] | undefined) => ParsedTranscript,
): BoundBot {
  const id = plugin.manifest.id;
  return {
    manifest: plugin.manifest,
    async join(request, options = {}) {
      return checkState(id, 'join', await plugin.join(request, context(settings, options.signal)));
    },
    async status(botId, options = {}) {
      return checkState(id, 'status', await plugin.status(botId, context(settings, options.signal)));
    },
    leave: (botId, options = {}) => plugin.leave(botId, context(settings, options.signal)),
    async transcript(botId, options = {}) {
      return checkTranscript(id, await plugin.transcript(botId, context(settings, options.signal)));
    },
  };
}
