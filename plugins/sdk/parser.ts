import type { PluginManifest } from './manifest.ts';
import type { ParsedTranscript } from './types.ts';

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
   * extension). Must be fast. The host treats a detector that throws or returns anything else as a 0.
   * Rough scale: 0.9+ a signature unique to the format; 0.6-0.9 its structure; 0.1-0.5 a weak fit; 0 not at all.
   */
  detect(input: ParserInput): number;
  /**
   * Reads the transcript. Throws an Error whose message tells the user what is wrong with the file when it
   * cannot (the host prefixes the parser's name). Must be pure: no I/O, no clock, no randomness. The host
   * validates the transcript (schemas/transcript.schema.json) before anyone uses it.
   */
  parse(input: ParserInput): ParserOutput;
}
