// Helpers shared by the parser tests: the plugin host with the built-in parsers, requests through it (so detection,
// decoding and the output checks all run, as for an upload), short views of the results, the ParseFailure a
// refused file raises, and large inputs for the speed checks.
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { beforeAll, expect } from 'vitest';
import { ParseFailure } from '../../core/plugins/errors.ts';
import type { DetectionCandidate, ParseResult, PluginHost } from '../../core/plugins/host.ts';
import type { ParserInput, ParserOutput, ParserPlugin } from '../../plugins/sdk/index.ts';
import { loadPluginHost } from '../../server/plugins.ts';
import { SAMPLES_DIR } from '../support/samples.ts';

/** Loads the plugin host with the built-in plugins before the file's tests; the getter returns it. */
export function builtinHost(): () => PluginHost {
  let host: PluginHost | undefined;
  beforeAll(async () => {
    host = await loadPluginHost();
  });
  return () => {
    if (!host) throw new Error('the plugin host is not loaded yet: use it inside a test or a hook');
    return host;
  };
}

export const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The ParseFailure that `fn` throws; anything else it throws is rethrown, and not throwing fails the test. */
export function failure(fn: () => unknown): ParseFailure {
  try {
    fn();
  } catch (error) {
    if (error instanceof ParseFailure) return error;
    throw error;
  }
  throw new Error('expected a ParseFailure');
}

export interface MessageLine {
  speaker: string;
  content: string;
  timestamp: number | null;
  confidence?: number;
}

/** Each message as {speaker name, content, timestamp}, plus its confidence when asked for and present. */
export function messageLines(result: ParseResult, options: { confidence?: boolean } = {}): MessageLine[] {
  return result.transcript.messages.map((m) => ({
    speaker: result.transcript.participants.find((p) => p.id === m.speaker.id)!.name,
    content: m.content,
    timestamp: m.timestamp,
    ...(options.confidence && m.confidence !== undefined ? { confidence: m.confidence } : {}),
  }));
}

/** Each message as [speaker name, content, timestamp]. */
export function messageTuples(result: ParseResult): [string | undefined, string, number | null][] {
  return result.transcript.messages.map((m) => [result.transcript.participants.find((p) => p.id === m.speaker.id)?.name, m.content, m.timestamp]);
}

export interface ParserTestOptions {
  /** The file name requests use when the test gives none; its extension is the one `detect` and `input` use. */
  fileName: string;
  /** The parser under test, for `detect`. */
  parser?: ParserPlugin;
  /** Whether `lines` includes message confidences. */
  confidence?: boolean;
  /** Indentation of the JSON text that values other than strings are written as. */
  indent?: number;
  /** The folder of the sample corpus that `sample` reads from. */
  samples?: string;
}

/**
 * Helpers bound to a host (a getter, as the host is loaded in `beforeAll`) and to a parser's defaults. Values
 * other than strings are sent as JSON text.
 */
export function parserHelpers(host: () => PluginHost, options: ParserTestOptions) {
  const { fileName: defaultFileName } = options;
  const extension = extname(defaultFileName);
  const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value, null, options.indent));
  const request = (value: unknown, fileName: string) => ({ bytes: bytes(text(value)), fileName });
  /** Every parser's detection candidate, best first. */
  const ranking = (value: unknown, fileName = defaultFileName): DetectionCandidate[] => host().detect(host().prepare(request(value, fileName)));
  /** [format, confidence] of the parsers that recognise the text at all, best first. */
  const claims = (value: unknown, fileName = defaultFileName): [string, number][] =>
    ranking(value, fileName)
      .filter((c) => c.confidence > 0)
      .map((c) => [c.format, c.confidence]);
  /** Parses through the host: the best detected parser, or the one `format` names. */
  const parse = (value: unknown, fileName = defaultFileName, format?: string): ParseResult =>
    host().parse(request(value, fileName), format ? { format } : {});
  /** The parser's input for a text, as the host would give it. */
  const input = (value: unknown): ParserInput => ({ text: text(value), extension, fileName: defaultFileName });
  return {
    parse,
    ranking,
    claims,
    /** {format: confidence} of the parsers that recognise the text. */
    scores: (value: unknown, fileName = defaultFileName) => Object.fromEntries(claims(value, fileName)),
    /** {format: confidence} of every parser, 0 included. */
    allScores: (value: unknown, fileName = defaultFileName) => Object.fromEntries(ranking(value, fileName).map((c) => [c.format, c.confidence])),
    /** The best detection candidate. */
    top: (value: unknown, fileName = defaultFileName): DetectionCandidate => ranking(value, fileName)[0]!,
    /** The format of the best detection candidate. */
    topFormat: (value: unknown, fileName = defaultFileName): string => ranking(value, fileName)[0]!.format,
    input,
    /** The parser's own detection score for a text. */
    detect: (value: unknown): number => {
      if (!options.parser) throw new Error('parserHelpers: no parser given');
      return options.parser.detect({ text: text(value), extension });
    },
    /** Parses through the host, expecting the parser to report `variant`. */
    readAs: (value: unknown, variant: string, fileName = defaultFileName): ParseResult => {
      const result = parse(value, fileName);
      expect(result.variant).toBe(variant);
      return result;
    },
    /** The ParseFailure that parsing the value raises. */
    refusal: (value: unknown, fileName = defaultFileName): ParseFailure => failure(() => parse(value, fileName)),
    lines: (result: ParseResult): MessageLine[] => messageLines(result, { confidence: options.confidence ?? false }),
    /** A file of the sample corpus, as text. */
    sample: (name: string): string => readFileSync(join(SAMPLES_DIR, options.samples ?? '', name), 'utf8'),
  };
}

/** Expects `detect` to give each text of the table its score. */
export function expectScores(detect: (text: string) => number, table: readonly (readonly [text: string, score: number])[]): void {
  for (const [text, score] of table) expect(detect(text), `the score of ${JSON.stringify(text.slice(0, 80))}`).toBe(score);
}

/** `header`, then `row(i)` for i = `from`, `from + 1`, ... until the rows make at least `size` characters. */
export function repeatRows(size: number, row: (i: number) => string, options: { header?: string; from?: number } = {}): { text: string; rows: number } {
  const parts: string[] = [];
  let length = 0;
  for (let i = options.from ?? 0; length < size; i++) {
    const part = row(i);
    parts.push(part);
    length += part.length;
  }
  return { text: (options.header ?? '') + parts.join(''), rows: parts.length };
}

/** Parses `text` with the parser itself (no host); fails when it takes five times `ms` (its time when the machine is idle) or more. */
export function parseWithin(parser: ParserPlugin, text: string, extension: string, ms: number): ParserOutput {
  const started = performance.now();
  const result = parser.parse({ text, extension });
  // A guard against super-linear parsing (minutes on such input), with room for a machine busy with other work;
  // the speed itself is measured by bench/parsers.ts.
  expect(performance.now() - started).toBeLessThan(ms * 5);
  return result;
}
