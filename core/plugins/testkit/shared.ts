/**
 * What every kind's contract kit shares: the plugin loaded alone in a fresh host, by the rules the product
 * loads it with, and the problems found turned into one error. A kit's `check<Kind>Contract(plugin, options)`
 * returns the problems (an empty list means the plugin keeps the contract); `assert<Kind>Contract` throws them.
 */
import type { PluginSettings } from '../../../plugins/sdk/index.ts';
import { PluginHost } from '../host.ts';

export interface Loaded {
  host: PluginHost;
  problems: string[];
}

/** A host holding only `plugin`; its refusals, and invalid `settings`, are the first problems. */
export async function loadAlone(plugin: unknown, settings?: Partial<PluginSettings>): Promise<Loaded> {
  const host = await PluginHost.load({ builtins: [plugin] });
  const problems = host.refused.map((refused) => `refused at load: ${refused.problem}`);
  if (!problems.length && settings) {
    const id = (plugin as { manifest: { id: string } }).manifest.id;
    try {
      host.settings(id, settings);
    } catch (error) {
      problems.push(`the settings given to the kit were refused: ${(error as Error).message}`);
    }
  }
  return { host, problems };
}

export { messageOf, throwProblems } from '../../../plugins/sdk/testing/problems.ts';
