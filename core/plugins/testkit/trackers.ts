/**
 * The tracker contract kit through the host: the checks of `@tickscribe/plugin-sdk/testing` (plugins/sdk/testing),
 * run on the plugin loaded alone by the product's rules, so its settings are also validated against its schemas
 * and every answer by the host's own checks.
 */
import type { TrackerPlugin } from '../../../plugins/sdk/index.ts';
import { runTrackerChecks, type TrackerKitOptions } from '../../../plugins/sdk/testing/trackers.ts';
import { loadAlone, throwProblems } from './shared.ts';

export { fetchHttp, sampleTicket, type TrackerKitOptions } from '../../../plugins/sdk/testing/trackers.ts';

export async function checkTrackerContract(plugin: TrackerPlugin, options: TrackerKitOptions): Promise<string[]> {
  const { host, problems } = await loadAlone(plugin, options.settings);
  if (problems.length) return problems;
  await runTrackerChecks(plugin, options, (http) => host.tracker(plugin.manifest.id, options.settings, http)!, problems);
  return problems;
}

export async function assertTrackerContract(plugin: TrackerPlugin, options: TrackerKitOptions): Promise<void> {
  throwProblems('tracker', plugin.manifest.id, await checkTrackerContract(plugin, options));
}
