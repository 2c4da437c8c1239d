/**
 * Reading a file with the parser plugins: the upload rules checked, the bytes decoded, every parser's score,
 * and the chosen parser's transcript checked against the contract before anyone uses it.
 */
import { extname } from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { ParsedTranscript, ParserInput, ParserOutput, ParserPlugin } from '../../plugins/sdk/index.ts';
import { splitLongText, TRANSCRIPT_LIMITS, tooManyMessages, tooManyParticipants } from '../../plugins/sdk/limits.ts';
import { checkUploadFile, titleFromFileName } from './upload-limits.ts';
import { describeContractErrors, returnedWords } from './contract-errors.ts';
import { decodeTranscriptBytes } from './decode.ts';
import { ParseFailure } from './errors.ts';

/** Below this detection score a result is returned with a warning that the format guess is weak. */
export const LOW_CONFIDENCE = 0.5;

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
  /** The better-scoring parsers that failed before this one read the file, and why (kept in the transcript's metadata). */
  parserFailures?: ParserFailure[];
}

export interface ParserFailure {
  format: string;
  name: string;
  confidence: number;
  problem: string;
}

export interface ParseRequest {
  bytes: Uint8Array;
  fileName: string;
}

/** Checks the upload rules, decodes the bytes and returns the input every parser sees. */
export function prepareInput(request: ParseRequest, accepted?: readonly string[]): ParserInput {
  const problem = checkUploadFile({ fileName: request.fileName, size: request.bytes.length }, accepted);
  if (problem) throw new ParseFailure(problem.code, problem.message);
  const text = decodeTranscriptBytes(request.bytes);
  if (!text.trim()) throw new ParseFailure('empty', 'The file is empty: it holds only blank space.');
  return { text, fileName: request.fileName, extension: extname(request.fileName).toLowerCase() };
}

/** Every parser's score for the input, best first; the extension breaks ties only. */
export function rankParsers(parsers: readonly ParserPlugin[], input: ParserInput): DetectionCandidate[] {
  return parsers
    .map((plugin, order) => ({
      format: plugin.manifest.id,
      name: plugin.manifest.name,
      confidence: Math.round(safeScore(plugin, input) * 1000) / 1000,
      extensionMatch: input.extension !== '' && plugin.manifest.extensions.includes(input.extension),
      order,
    }))
    .sort((a, b) => b.confidence - a.confidence || Number(b.extensionMatch) - Number(a.extensionMatch) || a.order - b.order)
    .map(({ order: _order, ...candidate }) => candidate);
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

/** A transcript from a plugin (parser or bot), completed and checked: schema, messages, known speakers. */
export function transcriptChecker(validate: ValidateFunction<ParsedTranscript>) {
  return (pluginName: string, output: ParserOutput['transcript'] | undefined, source: string, fileName?: string): ParsedTranscript => {
    if (typeof output !== 'object' || output === null || Array.isArray(output)) {
      throw new ParseFailure('invalid', `The ${pluginName} parser returned ${returnedWords(output)} as its transcript: it must be an object with participants and messages.`);
    }
    const transcript = {
      ...output,
      title: output?.title?.trim() || (fileName ? titleFromFileName(fileName) : 'Untitled meeting'),
      source: output?.source || source,
    } as ParsedTranscript;
    if (Array.isArray(transcript.messages) && transcript.messages.length === 0) {
      throw new ParseFailure('no-messages', `${pluginName}: the file holds no messages.`);
    }
    if (Array.isArray(transcript.messages) && transcript.messages.length > TRANSCRIPT_LIMITS.messages) throw tooMany(tooManyMessages());
    if (Array.isArray(transcript.participants) && transcript.participants.length > TRANSCRIPT_LIMITS.participants) throw tooMany(tooManyParticipants());
    if (!validate(transcript)) {
      throw new ParseFailure('invalid', `The ${pluginName} parser returned an invalid transcript: ${describeContractErrors(validate.errors ?? [], 'transcript')}.`);
    }
    const participants = new Set(transcript.participants.map((p) => p.id));
    const orphan = transcript.messages.find((m) => !participants.has(m.speaker.id));
    if (orphan) throw new ParseFailure('invalid', `The ${pluginName} parser returned message ${orphan.id} from an unknown speaker.`);
    makeStorable(transcript);
    return splitLongMessages(transcript);
  };
}

function tooMany(error: Error): ParseFailure {
  return new ParseFailure('too-many', error.message);
}

/**
 * Messages longer than TRANSCRIPT_LIMITS.messageCharacters split at a space into consecutive messages of the same
 * speaker and time (ids `<id>-2`, `<id>-3`, ...): the extractor's work on a message grows faster than its length,
 * and a turn of 1 MB would be one chunk for an LLM. No words are lost.
 */
function splitLongMessages(transcript: ParsedTranscript): ParsedTranscript {
  const max = TRANSCRIPT_LIMITS.messageCharacters;
  if (!transcript.messages.some((m) => m.content.length > max)) return transcript;
  const ids = new Set(transcript.messages.map((m) => m.id));
  const messages = transcript.messages.flatMap((message) => {
    if (message.content.length <= max) return [message];
    return splitLongText(message.content, max).map((content, k) => {
      let id = message.id;
      for (let n = k + 1; k > 0 && ids.has(id); n++) id = `${message.id}-${n}`;
      ids.add(id);
      return { ...message, id, content };
    });
  });
  return { ...transcript, messages };
}

/**
 * Rewrites, in place, the text PostgreSQL cannot keep in a JSON column: NUL characters are dropped and lone UTF-16
 * surrogates (a JSON file may hold `"\ud800"`; a UTF-16 file half a pair) become U+FFFD, as a decoder does with a
 * broken byte. A file is read as well as it can be; only the API refuses such text, from the sender.
 */
export function makeStorable(value: object): void {
  const stack: object[] = [value];
  while (stack.length) {
    const node = stack.pop() as Record<string, unknown>;
    for (const key in node) {
      const child = node[key];
      if (typeof child === 'string') {
        if (!child.isWellFormed() || child.includes('\u0000')) node[key] = child.replaceAll('\u0000', '').toWellFormed();
      } else if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
}

export type TranscriptCheck = ReturnType<typeof transcriptChecker>;

/**
 * Parses with the candidates in order: when the best cannot read the file, the next that recognised it is
 * tried; when none can, the best candidate's reason is given. A parser passed over is never passed over silently:
 * each one that failed is in the result's parserFailures, and one that was confident (LOW_CONFIDENCE or more) adds a
 * warning naming it and why, since the file is then read by a parser that recognised it less well.
 */
export function parseWithCandidates(
  candidates: DetectionCandidate[],
  input: ParserInput,
  parserOf: (id: string) => ParserPlugin,
  check: TranscriptCheck,
): ParseResult {
  let firstFailure: ParseFailure | undefined;
  const failures: ParserFailure[] = [];
  for (const candidate of candidates) {
    let result: ParseResult;
    try {
      result = parseWith(candidate, input, parserOf(candidate.format), check);
    } catch (error) {
      // Past the limits the file is too much for any parser: another one would only read it worse.
      if (error instanceof ParseFailure && error.code === 'too-many') throw error;
      const failure = error instanceof ParseFailure ? error : new ParseFailure('invalid', firstLine(error));
      firstFailure ??= failure;
      failures.push({ format: candidate.format, name: candidate.name, confidence: candidate.confidence, problem: failure.message });
      continue;
    }
    if (!failures.length) return result;
    const passedOver = failures
      .filter((failure) => failure.confidence >= LOW_CONFIDENCE)
      .map((failure) => `The ${failure.name} parser recognised this file (confidence ${failure.confidence}) but could not read it: ${withoutName(failure)} It was read as ${candidate.name} instead: check the result.`);
    return { ...result, warnings: [...passedOver, ...result.warnings], parserFailures: failures };
  }
  throw firstFailure!;
}

/** A failure's words without the parser's name in front (the warning names it already), ending with a full stop. */
function withoutName(failure: ParserFailure): string {
  const words = failure.problem.startsWith(`${failure.name}: `) ? failure.problem.slice(failure.name.length + 2) : failure.problem;
  return /[.!?]$/.test(words) ? words : `${words}.`;
}

function parseWith(candidate: DetectionCandidate, input: ParserInput, plugin: ParserPlugin, check: TranscriptCheck): ParseResult {
  let output: ParserOutput;
  try {
    output = plugin.parse(input);
  } catch (error) {
    if (error instanceof Error && error.name === 'TranscriptLimitError') throw tooMany(error);
    throw classify(`${plugin.manifest.name}: ${firstLine(error)}`);
  }
  // Without the { transcript } wrapper every transcript rule would fail at once; the wrapper is what is missing.
  if (typeof output !== 'object' || output === null || typeof output.transcript !== 'object' || output.transcript === null) {
    const wrapper = typeof output === 'object' && output !== null ? (output as unknown as Record<string, unknown>) : undefined;
    const shape = wrapper && ('messages' in wrapper || 'participants' in wrapper)
      ? 'the transcript itself: wrap it as { transcript: { participants, messages } }'
      : wrapper && 'transcript' in wrapper
        ? `${returnedWords(wrapper['transcript'])} as its transcript: it must return { transcript: { participants, messages } } (a ParserOutput of the plugin SDK)`
        : `${returnedWords(output)}: it must return { transcript: { participants, messages } } (a ParserOutput of the plugin SDK)`;
    throw new ParseFailure('invalid', `The ${plugin.manifest.name} parser's parse() returned ${shape}.`);
  }
  const transcript = check(plugin.manifest.name, output.transcript, plugin.manifest.id, input.fileName);
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

function classify(message: string): ParseFailure {
  if (/truncated|ends early|unexpected end/i.test(message)) return new ParseFailure('truncated', message);
  if (/no (messages|speech|cues|utterances|lines)/i.test(message)) return new ParseFailure('no-messages', message);
  return new ParseFailure('invalid', message);
}

export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
}
