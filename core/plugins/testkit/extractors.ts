/**
 * The extractor contract kit through the host: the checks of `@tickscribe/plugin-sdk/testing` (plugins/sdk/testing),
 * run on the plugin loaded alone by the product's rules, so its settings are validated against its schemas and
 * every answer by the host's own checks.
 */
import type { ExtractorPlugin } from '../../../plugins/sdk/index.ts';
import { runExtractorChecks, type ExtractorKitOptions } from '../../../plugins/sdk/testing/extractors.ts';
import { loadAlone, throwProblems } from './shared.ts';

export { SAMPLE_REQUEST, type ExtractorKitOptions } from '../../../plugins/sdk/testing/extractors.ts';

export async function checkExtractorContract(plugin: ExtractorPlugin, options: ExtractorKitOptions = {}): Promise<string[]> {
  const { host, problems } = await loadAlone(plugin, options.settings);
  if (problems.length) return problems;
  await runExtractorChecks(host.extractor(plugin.manifest.id, options.settings)!, options, problems);
  return problems;
}

export async function assertExtractorContract(plugin: ExtractorPlugin, options: ExtractorKitOptions = {}): Promise<void> {
  throwProblems('extractor', plugin.manifest.id, await checkExtractorContract(plugin, options));
}
