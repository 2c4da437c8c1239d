/**
 * The boundary between the product and a plugin: every call gets the plugin's validated settings, and every
 * answer is checked against the contract's schemas before anyone uses it. A plugin's output is not trusted.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type {
  BotPlugin, BotState, CallContext, ParsedTranscript, ParserOutput, ExtractionRequest, ExtractionResult, ExtractorPlugin, PluginSettings, PushResult, TrackerPlugin,
  TrackerTicket,
} from '../../plugins/sdk/index.ts';
import { describeSchemaError } from '../../plugins/sdk/index.ts';
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

export interface BoundTracker {
  readonly manifest: TrackerPlugin['manifest'];
  verify(options?: { signal?: AbortSignal }): Promise<void>;
  push(ticket: TrackerTicket, options?: { signal?: AbortSignal }): Promise<PushResult>;
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

export function bindTracker(plugin: TrackerPlugin, settings: PluginSettings, checkPush: OutputCheck<PushResult>): BoundTracker {
  return {
    manifest: plugin.manifest,
    verify: (options = {}) => plugin.verify(context(settings, options.signal)),
    async push(ticket, options = {}) {
      return checkPush(plugin.manifest.id, 'push', await plugin.push(ticket, context(settings, options.signal)));
    },
  };
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
