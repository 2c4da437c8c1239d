import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { BUILTIN_PARSERS } from '../../plugins/parsers/index.ts';
import type { ExtractorPlugin, ParsedTranscript, ParserInput, ParserPlugin, PluginManifest } from '../../plugins/sdk/index.ts';
import { createAjv, describeError, getValidator } from '../schema/registry.ts';
import { ACCEPTED_EXTENSIONS, MAX_TRANSCRIPT_BYTES, formatMegabytes } from '../transcripts/limits.ts';
import { decodeTranscriptBytes } from './decode.ts';
import { ParseFailure } from './errors.ts';

/** The functions each kind of plugin must export; kinds without an entry cannot be loaded yet. */
const REQUIRED_FUNCTIONS: Partial<Record<PluginManifest['kind'], string[]>> = {
  parser: ['detect', 'parse'],
  extractor: ['estimate', 'extract'],
};

/** Below this detection score a result is returned with a warning that the format guess is weak. */
export const LOW_CONFIDENCE = 0.5;

export interface LoadedPlugin {
  manifest: PluginManifest;
  /** 'built-in', or the PLUGINS entry it came from. */
  origin: string;
}

export interface RefusedPlugin {
  /** The plugin's id when it had a readable one, else the PLUGINS entry. */
  plugin: string;
  problem: string;
}

export interface DetectionCandidate {
  format: string;
  name: string;
  confidence: number;
  /** Whether the parser claims the file's extension (breaks ties only). */
  extensionMatch: boolean;
}

export interface ParseResult {
  format: string;
  variant?: string;
  confidence: number;
  transcript: ParsedTranscript;
  warnings: string[];
}

export interface ParseRequest {
  bytes: Uint8Array;
  fileName: string;
}

/**
 * Loads parser plugins (built-in and third-party), validates them, picks the parser for a file by content, and
 * validates every transcript a parser returns: a plugin's output is not trusted.
 */
export class PluginHost {
  readonly #parsers: { plugin: ParserPlugin; origin: string }[] = [];
  readonly #extractors: { plugin: ExtractorPlugin; origin: string }[] = [];
  readonly refused: RefusedPlugin[] = [];
  readonly #validateManifest: ValidateFunction<PluginManifest>;
  readonly #validateTranscript: ValidateFunction<ParsedTranscript>;

  private constructor() {
    const ajv = createAjv();
    this.#validateManifest = getValidator(ajv, 'plugin.schema.json');
    this.#validateTranscript = getValidator(ajv, 'transcript.schema.json');
  }

  /**
   * The built-in plugins plus those named in `specs` (PLUGINS: package names or paths, resolved from `cwd`).
   * A bad plugin is refused with a message naming it and the problem; the others keep working.
   */
  static async load(
    options: { specs?: string[]; cwd?: string; builtins?: ParserPlugin[]; extractors?: ExtractorPlugin[] } = {},
  ): Promise<PluginHost> {
    const host = new PluginHost();
    for (const plugin of [...(options.builtins ?? BUILTIN_PARSERS), ...(options.extractors ?? [])]) host.#register(plugin, 'built-in');
    for (const spec of options.specs ?? []) {
      let exported: unknown;
      try {
        const module = (await import(resolveSpec(spec, options.cwd ?? process.cwd()))) as { default?: unknown };
        exported = module.default ?? module;
      } catch (error) {
        host.refused.push({ plugin: spec, problem: `could not be imported: ${firstLine(error)}` });
        continue;
      }
      const plugins = Array.isArray(exported) ? exported : [exported];
      if (!plugins.length) host.refused.push({ plugin: spec, problem: 'exports no plugin' });
      for (const plugin of plugins) host.#register(plugin, spec);
    }
    return host;
  }

  #register(candidate: unknown, origin: string): void {
    const manifest = (candidate as { manifest?: unknown } | null)?.manifest;
    const label = typeof (manifest as { id?: unknown } | undefined)?.id === 'string' ? (manifest as { id: string }).id : origin;
    const refuse = (problem: string): void => {
      this.refused.push({ plugin: label, problem });
    };
    if (typeof candidate !== 'object' || candidate === null) return refuse('is not an object with a manifest');
    if (!this.#validateManifest(manifest)) {
      return refuse(`has an invalid manifest: ${describeError(this.#validateManifest.errors![0]!, 'manifest')}`);
    }
    const functions = REQUIRED_FUNCTIONS[manifest.kind];
    if (!functions) return refuse(`is a ${manifest.kind} plugin, which this version of Tickscribe cannot load yet`);
    for (const fn of functions) {
      if (typeof (candidate as Record<string, unknown>)[fn] !== 'function') return refuse(`does not export a ${fn}() function`);
    }
    if ([...this.#parsers, ...this.#extractors].some((p) => p.plugin.manifest.id === manifest.id)) {
      return refuse(`uses the id '${manifest.id}', which another plugin already has`);
    }
    if (manifest.kind === 'parser') this.#parsers.push({ plugin: candidate as ParserPlugin, origin });
    else this.#extractors.push({ plugin: candidate as ExtractorPlugin, origin });
  }

  extractor(id: string): ExtractorPlugin | undefined {
    return this.#extractors.find((p) => p.plugin.manifest.id === id)?.plugin;
  }

  list(): LoadedPlugin[] {
    return [...this.#parsers, ...this.#extractors].map(({ plugin, origin }) => ({ manifest: plugin.manifest, origin }));
  }

  parser(id: string): ParserPlugin | undefined {
    return this.#parsers.find((p) => p.plugin.manifest.id === id)?.plugin;
  }

  /** Every parser's score for the input, best first; the extension breaks ties only. */
  detect(input: ParserInput): DetectionCandidate[] {
    return this.#parsers
      .map(({ plugin }, order) => {
        const score = safeScore(plugin, input);
        return {
          format: plugin.manifest.id,
          name: plugin.manifest.name,
          confidence: Math.round(score * 1000) / 1000,
          extensionMatch: input.extension !== '' && plugin.manifest.extensions.includes(input.extension),
          order,
        };
      })
      .sort((a, b) => b.confidence - a.confidence || Number(b.extensionMatch) - Number(a.extensionMatch) || a.order - b.order)
      .map(({ order: _order, ...candidate }) => candidate);
  }

  /** Checks the limits, decodes the bytes and returns the input every parser sees. */
  prepare(request: ParseRequest): ParserInput {
    const extension = extname(request.fileName).toLowerCase();
    if (request.bytes.length > MAX_TRANSCRIPT_BYTES) {
      throw new ParseFailure('too-large', `The file is ${formatMegabytes(request.bytes.length)}; the maximum is 1MB (1048576 bytes).`);
    }
    if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extension)) {
      throw new ParseFailure(
        'unsupported',
        `${extension ? `Files ending in ${extension}` : 'Files without an extension'} are not supported; use one of ${ACCEPTED_EXTENSIONS.join(' ')}.`,
      );
    }
    if (request.bytes.length === 0) throw new ParseFailure('empty', 'The file is empty.');
    const text = decodeTranscriptBytes(request.bytes);
    if (!text.trim()) throw new ParseFailure('empty', 'The file is empty: it holds only blank space.');
    return { text, fileName: request.fileName, extension };
  }

  /**
   * Parses a file with the parser that recognises it best. When that parser cannot read it, the next candidates
   * that recognised it at all are tried; when none can, the best candidate's reason is given.
   */
  parse(request: ParseRequest, options: { format?: string } = {}): ParseResult {
    const input = this.prepare(request);
    const candidates = options.format
      ? this.detect(input).filter((c) => c.format === options.format)
      : this.detect(input).filter((c) => c.confidence > 0);
    if (!candidates.length) {
      throw new ParseFailure(
        'unsupported',
        options.format
          ? `There is no parser '${options.format}'.`
          : 'The file does not look like any transcript format Tickscribe reads (see the supported formats in Help).',
      );
    }
    let firstFailure: ParseFailure | undefined;
    for (const candidate of candidates) {
      try {
        return this.#parseWith(candidate, input);
      } catch (error) {
        firstFailure ??= error instanceof ParseFailure ? error : new ParseFailure('invalid', firstLine(error));
      }
    }
    throw firstFailure!;
  }

  #parseWith(candidate: DetectionCandidate, input: ParserInput): ParseResult {
    const plugin = this.parser(candidate.format)!;
    let output: ReturnType<ParserPlugin['parse']>;
    try {
      output = plugin.parse(input);
    } catch (error) {
      throw classify(`${plugin.manifest.name}: ${firstLine(error)}`);
    }
    const transcript = finalize(output?.transcript, plugin.manifest.id, input.fileName);
    if (Array.isArray(transcript.messages) && transcript.messages.length === 0) {
      throw new ParseFailure('no-messages', `${plugin.manifest.name}: the file holds no messages.`);
    }
    if (!this.#validateTranscript(transcript)) {
      throw new ParseFailure(
        'invalid',
        `The ${plugin.manifest.name} parser returned an invalid transcript (${describeError(this.#validateTranscript.errors![0]!, 'transcript')}).`,
      );
    }
    const participants = new Set(transcript.participants.map((p) => p.id));
    const orphan = transcript.messages.find((m) => !participants.has(m.speaker.id));
    if (orphan) {
      throw new ParseFailure('invalid', `The ${plugin.manifest.name} parser returned message ${orphan.id} from an unknown speaker.`);
    }
    const warnings =
      candidate.confidence < LOW_CONFIDENCE
        ? [`Low confidence (${candidate.confidence}) that this is a ${plugin.manifest.name} file: check the result.`]
        : [];
    return {
      format: plugin.manifest.id,
      ...(output.variant ? { variant: output.variant } : {}),
      confidence: candidate.confidence,
      transcript,
      warnings,
    };
  }
}

/** A detector's answer clamped to 0..1; one that throws or returns something else scores 0. */
function safeScore(plugin: ParserPlugin, input: ParserInput): number {
  try {
    const raw = plugin.detect(input);
    return Number.isFinite(raw) ? Math.min(1, Math.max(0, raw)) : 0;
  } catch {
    return 0;
  }
}

/** A PLUGINS entry as an importable URL: a file, a package folder, or a package name, resolved from `cwd`. */
function resolveSpec(spec: string, cwd: string): string {
  try {
    return pathToFileURL(createRequire(join(cwd, 'noop.js')).resolve(spec)).href;
  } catch {
    // ESM-only packages may not resolve through require(); let import() try.
    return spec;
  }
}

function finalize(transcript: ReturnType<ParserPlugin['parse']>['transcript'] | undefined, source: string, fileName?: string): ParsedTranscript {
  const stem = fileName?.replace(/\.[^.]+$/, '').trim();
  return {
    ...transcript,
    title: transcript?.title?.trim() || stem || 'Untitled meeting',
    source: transcript?.source || source,
  } as ParsedTranscript;
}

function classify(message: string): ParseFailure {
  if (/truncated|ends early|unexpected end/i.test(message)) return new ParseFailure('truncated', message);
  if (/no (messages|speech|cues|utterances|lines)/i.test(message)) return new ParseFailure('no-messages', message);
  return new ParseFailure('invalid', message);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
}
