/**
 * The parser contract kit through the host: the checks of `@tickscribe/plugin-sdk/testing` (plugins/sdk/testing),
 * run on the plugin loaded alone by the product's rules, so each sample also meets the upload rules and every
 * transcript the host's own validation.
 */
import type { ParserPlugin } from '../../../plugins/sdk/index.ts';
import { runParserChecks, type ContractSample } from '../../../plugins/sdk/testing/parsers.ts';
import { ParseFailure } from '../errors.ts';
import { loadAlone, throwProblems } from './shared.ts';

export type { ContractSample } from '../../../plugins/sdk/testing/parsers.ts';

export async function checkParserContract(plugin: ParserPlugin, samples: ContractSample[]): Promise<string[]> {
  const { host, problems } = await loadAlone(plugin);
  if (problems.length) return problems;
  const format = plugin.manifest.id;
  runParserChecks(plugin, samples, {
    prepare: (file) => host.prepare(file),
    parse: (file) => host.parse(file, { format }),
    refusal: (error) => (error instanceof ParseFailure ? error.message : undefined),
  }, problems);
  return problems;
}

export async function assertParserContract(plugin: ParserPlugin, samples: ContractSample[]): Promise<void> {
  throwProblems('parser', plugin.manifest.id, await checkParserContract(plugin, samples));
}
