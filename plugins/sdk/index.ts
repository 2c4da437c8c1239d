/**
 * The Tickscribe plugin contract: types only, no dependencies, nothing that runs. A third-party plugin imports
 * it with `import type { ParserPlugin } from 'tickscribe/plugin-sdk'` (or a JSDoc `@type` in plain JavaScript).
 *
 * A plugin is a plain object: a manifest that describes it and pure functions. The host validates the manifest
 * (schemas/plugin.schema.json) and the functions when it loads the plugin, and validates every transcript a
 * parser returns (schemas/transcript.schema.json) before anyone uses it.
 */
import type { Extraction, ParsedTranscript, PluginManifest } from '../../schemas/types.ts';

export type { Extraction, ParsedTranscript, PluginManifest };

/** Version of this contract; a manifest's `apiVersion` must equal it. */
export type PluginApiVersion = 1;

export type PluginKind = PluginManifest['kind'];
export type Participant = ParsedTranscript['participants'][number];
export type Message = ParsedTranscript['messages'][number];

export interface ParserManifest extends PluginManifest {
  kind: 'parser';
  /** Extensions with the dot, lower-case (e.g. `.vtt`); used only to break ties between equal detection scores. */
  extensions: string[];
  mediaTypes: string[];
}

/** What a parser is given: the file's text (UTF-8, byte order mark removed, line endings as in the file). */
export interface ParserInput {
  text: string;
  /** The file's name as uploaded, when known. */
  fileName?: string;
  /** Lower-case extension with the dot (`.vtt`), or '' when the name has none. */
  extension: string;
}

/** A parser's answer. The host fills in `title` (from the file name) and `source` (the parser id) when absent. */
export interface ParserOutput {
  transcript: Omit<ParsedTranscript, 'title' | 'source'> & { title?: string; source?: string };
  /** Which flavour of the format this was (e.g. `assemblyai`, `otter`), when the parser tells them apart. */
  variant?: string;
}

export interface ParserPlugin {
  manifest: ParserManifest;
  /**
   * How sure the parser is, from 0 to 1, that it can read this input, judged from the content (not the
   * extension). Must be fast and must not throw: it runs for every parser on every file.
   * Rough scale: 0.9+ a signature unique to the format; 0.6-0.9 its structure; 0.1-0.5 a weak fit; 0 not at all.
   */
  detect(input: ParserInput): number;
  /**
   * Reads the transcript. Throws an Error whose message tells the user what is wrong with the file when it
   * cannot (the host prefixes the parser's name). Must be pure: no I/O, no clock, no randomness.
   */
  parse(input: ParserInput): ParserOutput;
}

export interface ExtractorManifest extends PluginManifest {
  kind: 'extractor';
}

/** One ticket suggestion, as schemas/extraction.schema.json describes it. */
export type ExtractedTicket = Extraction['tickets'][number];

/** What an extractor is asked to read: a transcript, or one chunk of a long one (split at speaker turns). */
export interface ExtractionRequest {
  /** Participants, and the messages of this chunk only. */
  transcript: ParsedTranscript;
  /** ISO date of the meeting, when the transcript gives one: relative due dates are resolved against it. */
  meetingDate?: string;
  chunk: { index: number; count: number };
}

export interface ExtractionUsage {
  /** e.g. 'openai' or 'heuristic'. */
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** Calls made to the provider (a retry counts). */
  calls: number;
}

export interface ExtractionResult {
  tickets: ExtractedTicket[];
  usage: ExtractionUsage;
}

/** Thrown (or an Error with `retryable: true`) when trying again later may succeed: rate limits, timeouts. */
export interface RetryableError extends Error {
  retryable: true;
}

export interface ExtractorPlugin {
  manifest: ExtractorManifest;
  /**
   * The most tokens a call for `request` may use, for reserving credits before the call. Must not overstate by
   * much: the reservation is settled with the real usage afterwards.
   */
  estimate(request: ExtractionRequest): { inputTokens: number; outputTokens: number };
  /** Finds the tickets. May call a service; `signal` aborts it. Output is validated by the host. */
  extract(request: ExtractionRequest, options: { signal?: AbortSignal }): Promise<ExtractionResult>;
}

/** Any plugin the host can load. Other kinds join this union as their contracts are published. */
export type Plugin = ParserPlugin | ExtractorPlugin;

/** What a plugin package's default export may be: one plugin or several. */
export type PluginModule = Plugin | Plugin[];
