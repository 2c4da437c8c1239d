/**
 * The parser contract kit: the checks every built-in parser passes, as plain functions that run under any test
 * runner with nothing but this package: refused files refused with a message, detection scores in range and
 * stable, parsing deterministic, a readable sample never scored 0, and every transcript within the contract
 * (schemas/transcript.schema.json, each speaker a participant, at least one message).
 *
 * Alone, the kit reads each sample the way the host does (UTF-8 with its byte order mark dropped, binary and blank
 * files refused before any parser sees them) and checks the answers by the contract's rules; the host's own kit
 * (the app's testkit) runs the same checks through the host, which also applies its upload rules and its Ajv
 * validation.
 */
import type { ParserInput, ParserPlugin } from '../parser.ts';
import { manifestProblems } from './manifest.ts';
import { isCodeFault, messageOf, throwProblems } from './problems.ts';
import { SCHEMAS, schemaProblems } from './schema-check.ts';

export interface ContractSample {
  /** A file name with an accepted extension, e.g. `standup.vtt`. */
  fileName: string;
  content: string | Uint8Array;
  /** Whether the plugin should read it (true) or refuse it with a clear error (false). Default true. */
  readable?: boolean;
}

/** A file as the kit hands it on: its bytes and its name. */
export interface KitFile {
  bytes: Uint8Array;
  fileName: string;
}

/** The calls the kit makes: the host's (prepare, parse with this parser) or the kit's own. */
export interface KitParser {
  /** The input every parser sees, or a thrown refusal of the file itself (empty, binary, not allowed). */
  prepare(file: KitFile): ParserInput;
  /** The checked answer of this parser for the file; throws a refusal in words, or an unexpected failure. */
  parse(file: KitFile): unknown;
  /** The words of a refusal, or undefined when `error` is not one (a bug, or an answer outside the contract). */
  refusal(error: unknown): string | undefined;
}

const NOT_TRANSCRIPTS: ContractSample[] = [
  { fileName: 'empty.txt', content: '', readable: false },
  { fileName: 'blank.txt', content: ' \n\t\n', readable: false },
  { fileName: 'binary.txt', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), readable: false },
];

const bytesOf = (content: string | Uint8Array) => (typeof content === 'string' ? new TextEncoder().encode(content) : content);

/** The checks, given a way to call the parser (the host's or the kit's own); appends to `problems`. */
export function runParserChecks(plugin: ParserPlugin, samples: readonly ContractSample[], kit: KitParser, problems: string[]): void {
  for (const sample of [...samples, ...NOT_TRANSCRIPTS]) {
    const readable = sample.readable ?? true;
    const file = { bytes: bytesOf(sample.content), fileName: sample.fileName };
    let input: ParserInput;
    try {
      input = kit.prepare(file);
    } catch (error) {
      if (readable) problems.push(`${sample.fileName}: refused before parsing: ${messageOf(error)}`);
      continue;
    }
    let score: unknown;
    try {
      score = plugin.detect(input);
    } catch (error) {
      problems.push(`${sample.fileName}: detect() threw (${messageOf(error)}); it must return 0 instead`);
      continue;
    }
    if (typeof score !== 'number' || !(score >= 0 && score <= 1)) {
      problems.push(`${sample.fileName}: detect() returned ${String(score)}; it must be a number from 0 to 1`);
    }
    if (plugin.detect(input) !== score) problems.push(`${sample.fileName}: detect() gave two answers for one input`);
    try {
      const result = kit.parse(file);
      const messages = (result as { transcript?: { messages?: unknown[] } }).transcript?.messages?.length ?? 0;
      if (!readable) problems.push(`${sample.fileName}: should have been refused, but parsed into ${messages} messages`);
      if (JSON.stringify(kit.parse(file)) !== JSON.stringify(result)) problems.push(`${sample.fileName}: parse() is not deterministic`);
      if (readable && score === 0) problems.push(`${sample.fileName}: parsed, but detect() scored it 0`);
    } catch (error) {
      const refusal = kit.refusal(error);
      if (refusal === undefined) problems.push(`${sample.fileName}: failed with an unexpected ${String(error)}`);
      else if (readable) problems.push(`${sample.fileName}: ${refusal}`);
      else if (!refusal.trim()) problems.push(`${sample.fileName}: refused without a message`);
    }
  }
}

/** A refusal of the file, in the words the user would read. */
class Refusal extends Error {
  override name = 'Refusal';
}

/** The file as text, as the host decodes it (without its Windows-1252 and UTF-16 fallbacks). */
function prepareAlone(file: KitFile): ParserInput {
  if (file.bytes.includes(0)) throw new Refusal('The file is not text: it looks like binary data.');
  let text = new TextDecoder('utf-8').decode(file.bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (!text.trim()) throw new Refusal('The file is empty: it holds only blank space.');
  const dot = file.fileName.lastIndexOf('.');
  return { text, fileName: file.fileName, extension: dot > 0 ? file.fileName.slice(dot).toLowerCase() : '' };
}

/** The transcript's problems beyond its schema: a speaker who is no participant, no message at all. */
function transcriptRules(transcript: { participants?: { id?: unknown }[]; messages?: { speaker?: { id?: unknown } }[] }, path: string): string[] {
  if (!Array.isArray(transcript.participants) || !Array.isArray(transcript.messages)) return [];
  const ids = new Set(transcript.participants.map((participant) => participant?.id));
  const problems = transcript.messages.flatMap((message, index) =>
    ids.has(message?.speaker?.id) ? [] : [`${path}.messages[${index}].speaker.id ${JSON.stringify(message?.speaker?.id)} names no participant`]);
  if (!transcript.messages.length) problems.push(`${path}.messages is empty: a transcript has at least one message`);
  return problems;
}

/** A transcript's problems against the contract, with the title and source the host fills in when absent. */
export function transcriptProblems(value: unknown, source: string, path = 'transcript'): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path} must be an object`];
  const transcript: Record<string, unknown> = { title: 'Meeting', source, ...value };
  return [...schemaProblems(SCHEMAS.transcript, transcript, path), ...transcriptRules(transcript as Parameters<typeof transcriptRules>[0], path)];
}

/** The parser called as the host calls it, its answer checked by the contract's rules. */
function bindAlone(plugin: ParserPlugin): KitParser {
  const id = plugin.manifest.id;
  return {
    prepare: prepareAlone,
    parse(file) {
      let output: unknown;
      try {
        output = plugin.parse(prepareAlone(file));
      } catch (error) {
        if (isCodeFault(error)) throw error;
        throw new Refusal(messageOf(error));
      }
      if (typeof output !== 'object' || output === null || !('transcript' in output)) {
        throw new Error(`The ${id} plugin's parse() must return an object { transcript } (a ParserOutput of the plugin SDK)`);
      }
      const problems = transcriptProblems(output.transcript, id);
      if (problems.length) throw new Error(`The ${id} plugin's parse() returned an invalid transcript: ${problems.join('; ')}`);
      return output;
    },
    refusal: (error) => (error instanceof Refusal ? error.message : undefined),
  };
}

/**
 * The problems found in `plugin` (none means it keeps the parser contract), reading `samples` (files it must
 * read, or refuse with `readable: false`) and three files no parser may read (empty, blank, binary).
 */
export async function checkParserContract(plugin: ParserPlugin, samples: readonly ContractSample[]): Promise<string[]> {
  const problems = manifestProblems(plugin, 'parser');
  if (problems.length) return problems;
  runParserChecks(plugin, samples, bindAlone(plugin), problems);
  return problems;
}

/** Throws one error listing every problem found in `plugin`. */
export async function assertParserContract(plugin: ParserPlugin, samples: readonly ContractSample[]): Promise<void> {
  throwProblems('parser', plugin.manifest.id, await checkParserContract(plugin, samples));
}
