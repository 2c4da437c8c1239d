/**
 * The Tickscribe plugin contract, publishable alone: types, the contract's JSON Schemas (`schemas/`, with their
 * generated types in `types.ts`), the transcript limits (`limits.ts`) and pure helpers (schema error wording,
 * placeholder speaker names, tracker and bot errors); no dependencies. Published as `@tickscribe/plugin-sdk`, built to
 * JavaScript with declarations (tsconfig.build.json); a third-party plugin imports it with
 * `import type { ParserPlugin } from '@tickscribe/plugin-sdk'` (or a JSDoc `@type` in plain JavaScript). The app
 * imports these .ts files directly.
 *
 * A plugin is a plain object: a manifest that describes it (id, version, kind, name, and JSON Schemas of its
 * configuration and credentials) and functions. The host validates the manifest (schemas/plugin.schema.json) and
 * the functions when it loads the plugin, hands every call its validated settings, and validates every output
 * (a parser's transcript against schemas/transcript.schema.json, an extractor's tickets against
 * schemas/extraction.schema.json, a tracker's created item, a bot's state and webhook event) before anyone uses it.
 */
import type { BotPlugin } from './bot.ts';
import type { ExtractorPlugin } from './extractor.ts';
import type { ParserPlugin } from './parser.ts';
import type { TrackerPlugin } from './tracker.ts';

export type * from './bot.ts';
export type * from './budgets.ts';
export type * from './extractor.ts';
export type * from './manifest.ts';
export { API_VERSION } from './manifest.ts';
export type * from './oauth.ts';
export type * from './parser.ts';
export type * from './tracker.ts';
export type { Extraction, ParsedTranscript } from './types.ts';
export { describeSchemaError, type DescribeOptions, type SchemaError } from './validation.ts';
export { isPlaceholderName, PLACEHOLDER_NAME_PATTERN } from './participants.ts';
export { splitLongText, TRANSCRIPT_LIMITS, TranscriptLimitError, tooManyMessages, tooManyParticipants } from './limits.ts';
export { budgetsOf, fitsAt, processBudgets } from './budgets.ts';
export { asBotError, BotError, botErrorFromResponse, isBotError } from './bot.ts';
export { errorFromResponse, isTrackerError, markerOf, retryAtOf, TrackerError, type TrackerErrorDetails, type TrackerErrorKind } from './tracker-errors.ts';

/** Any plugin the host can load. */
export type Plugin = ParserPlugin | ExtractorPlugin | TrackerPlugin | BotPlugin;

/** What a plugin package's default export may be: one plugin or several. */
export type PluginModule = Plugin | Plugin[];
