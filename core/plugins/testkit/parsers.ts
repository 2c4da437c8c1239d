/**
 * The parser contract kit: the checks every built-in parser passes, runnable against a third-party parser with
 * any test runner: refused files refused with a message, detection scores in range and stable, parsing
 * deterministic, and a readable sample never scored 0.
 */
import type { ParserPlugin } from '../../../plugins/sdk/index.ts';
import { ParseFailure } from '../errors.ts';
import { loadAlone, throwProblems } from './shared.ts';

export interface ContractSample {
  /** A file name with an accepted extension, e.g. `standup.vtt`. */
  fileName: string;
  content: string | Uint8Array;
  /** Whether the plugin should read it (true) or refuse it with a clear error (false). Default true. */
  readable?: boolean;
}

const NOT_TRANSCRIPTS: ContractSample[] = [
  { fileName: 'empty.txt', content: '', readable: false },
  { fileName: 'blank.txt', content: ' \n\t\n', readable: false },
  { fileName: 'binary.txt', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), readable: false },
];

const bytesOf = (content: string | Uint8Array) => (typeof content === 'string' ? new TextEncoder().encode(content) : content);

export async function checkParserContract(plugin: ParserPlugin, samples: ContractSample[]): Promise<string[]> {
  const { host, problems } = await loadAlone(plugin);
  if (problems.length) return problems;
  const id = plugin.manifest.id;

  for (const sample of [...samples, ...NOT_TRANSCRIPTS]) {
    const readable = sample.readable ?? true;
    const bytes = bytesOf(sample.content);
    let input;
    try {
      input = host.prepare({ bytes, fileName: sample.fileName });
    } catch (error) {
      if (readable) problems.push(`${sample.fileName}: refused before parsing: ${(error as Error).message}`);
      continue;
    }
    let score: unknown;
    try {
      score = plugin.detect(input);
    } catch (error) {
      problems.push(`${sample.fileName}: detect() threw (${(error as Error).message}); it must return 0 instead`);
      continue;
    }
    if (typeof score !== 'number' || !(score >= 0 && score <= 1)) {
      problems.push(`${sample.fileName}: detect() returned ${String(score)}; it must be a number from 0 to 1`);
    }
    if (plugin.detect(input) !== score) problems.push(`${sample.fileName}: detect() gave two answers for one input`);
    try {
      const result = host.parse({ bytes, fileName: sample.fileName }, { format: id });
      if (!readable) problems.push(`${sample.fileName}: should have been refused, but parsed into ${result.transcript.messages.length} messages`);
      const again = host.parse({ bytes, fileName: sample.fileName }, { format: id });
      if (JSON.stringify(again) !== JSON.stringify(result)) problems.push(`${sample.fileName}: parse() is not deterministic`);
      if (readable && score === 0) problems.push(`${sample.fileName}: parsed, but detect() scored it 0`);
    } catch (error) {
      if (!(error instanceof ParseFailure)) problems.push(`${sample.fileName}: failed with an unexpected ${String(error)}`);
      else if (readable) problems.push(`${sample.fileName}: ${error.message}`);
      else if (!error.message.trim()) problems.push(`${sample.fileName}: refused without a message`);
    }
  }
  return problems;
}

export async function assertParserContract(plugin: ParserPlugin, samples: ContractSample[]): Promise<void> {
  throwProblems('parser', plugin.manifest.id, await checkParserContract(plugin, samples));
}
