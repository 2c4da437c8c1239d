/** The built-in plugins, and the plugin host as the settings configure it: the one place that names them. */
import type { Config } from '../core/config.ts';
import { pluginSpecs } from '../core/config.ts';
import { InvalidInput, StartupError } from '../core/errors.ts';
import { PluginHost, type BotHostHttp, type BoundBot, type BoundExtractor, type LoadOptions } from '../core/plugins/host.ts';
import { BUILTIN_BOTS } from '../plugins/bots/index.ts';
import { BUILTIN_EXTRACTORS } from '../plugins/extractors/index.ts';
import { BUILTIN_PARSERS } from '../plugins/parsers/index.ts';
import { BUILTIN_TRACKERS } from '../plugins/trackers/index.ts';

export const BUILTIN_PLUGINS = [...BUILTIN_PARSERS, ...BUILTIN_EXTRACTORS, ...BUILTIN_TRACKERS, ...BUILTIN_BOTS];

/** A host with the built-in plugins and the third-party ones that `options.specs` names. */
export function loadPluginHost(options: Omit<LoadOptions, 'builtins'> = {}): Promise<PluginHost> {
  return PluginHost.load({ ...options, builtins: BUILTIN_PLUGINS, builtinsChecked: true });
}

type ExtractorSettings = Pick<Config, 'EXTRACTOR' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>;

/** EXTRACTOR when set; otherwise the LLM when one is configured, else the offline heuristic. */
function chosenExtractorId(config: ExtractorSettings): string {
  return config.EXTRACTOR ?? (config.OPENAI_API_KEY || config.OPENAI_BASE_URL ? 'openai' : 'heuristic');
}

/** The `openai` extractor's settings from OPENAI_*; other extractors take their defaults. */
function extractorSettings(id: string, config: ExtractorSettings) {
  if (id !== 'openai') return {};
  return {
    config: { model: config.OPENAI_MODEL, ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}) },
    credentials: config.OPENAI_API_KEY ? { apiKey: config.OPENAI_API_KEY } : {},
  };
}

/** The extractor the settings choose, bound to its settings; a missing one or bad settings stop the start. */
export function chosenExtractor(host: PluginHost, config: ExtractorSettings): BoundExtractor {
  const id = chosenExtractorId(config);
  let extractor: BoundExtractor | undefined;
  try {
    extractor = host.extractor(id, extractorSettings(id, config));
  } catch (error) {
    if (error instanceof InvalidInput) throw new StartupError(error.message);
    throw error;
  }
  if (!extractor) {
    throw new StartupError(`EXTRACTOR is '${id}', which is not a loaded extractor plugin.`);
  }
  return extractor;
}

/** The host for a run of the product: built-ins plus PLUGINS, and the chosen extractor. */
export async function loadConfiguredPlugins(config: Config & ExtractorSettings): Promise<{ plugins: PluginHost; extractor: BoundExtractor }> {
  const plugins = await loadPluginHost({ specs: pluginSpecs(config) });
  return { plugins, extractor: chosenExtractor(plugins, config) };
}

type MeetingBotSettings = Pick<
  Config, 'MEETING_BOT_PROVIDER' | 'MEETING_BOT_API_KEY' | 'MEETING_BOT_BASE_URL' | 'MEETING_BOT_WEBHOOK_SECRET' | 'MEETING_BOT_NAME'
>;

export interface MeetingBot {
  bot: BoundBot;
  /** The name the bot shows in meetings (MEETING_BOT_NAME). */
  botName: string;
}

/**
 * The meeting bot MEETING_BOT_PROVIDER names, bound to its settings (MEETING_BOT_BASE_URL as config.baseUrl,
 * MEETING_BOT_API_KEY and MEETING_BOT_WEBHOOK_SECRET as credentials.apiKey and credentials.webhookSecret, the
 * convention every bot plugin follows) and to `http`, the outbound guard. Null when no provider is set: the
 * meeting bot is off. A provider that is not a loaded bot plugin, or settings it refuses, stop the start.
 */
export function configuredMeetingBot(host: PluginHost, config: MeetingBotSettings, http: BotHostHttp): MeetingBot | null {
  const id = config.MEETING_BOT_PROVIDER;
  if (!id) return null;
  const settings = {
    config: config.MEETING_BOT_BASE_URL ? { baseUrl: config.MEETING_BOT_BASE_URL } : {},
    credentials: {
      ...(config.MEETING_BOT_API_KEY ? { apiKey: config.MEETING_BOT_API_KEY } : {}),
      ...(config.MEETING_BOT_WEBHOOK_SECRET ? { webhookSecret: config.MEETING_BOT_WEBHOOK_SECRET } : {}),
    },
  };
  let bot: BoundBot | undefined;
  try {
    bot = host.bot(id, settings, http);
  } catch (error) {
    if (!(error instanceof InvalidInput)) throw error;
    const words = error.message
      .replace('credentials.apiKey', 'MEETING_BOT_API_KEY').replace('credentials.webhookSecret', 'MEETING_BOT_WEBHOOK_SECRET').replace('config.baseUrl', 'MEETING_BOT_BASE_URL');
    throw new StartupError(`MEETING_BOT_PROVIDER is '${id}', but ${words.replace(/^The /, 'the ')}`);
  }
  if (!bot) throw new StartupError(`MEETING_BOT_PROVIDER is '${id}', which is not a loaded bot plugin (built in: ${BUILTIN_BOTS.map((b) => b.manifest.id).join(', ')}).`);
  return { bot, botName: config.MEETING_BOT_NAME };
}

/** How long the ingest of a meeting takes with `extractor`, in the words of the upload reply. */
export function processingTime(extractor: BoundExtractor): string {
  return extractor.manifest.id === 'heuristic' ? 'a few seconds' : 'about 1-2 minutes';
}
