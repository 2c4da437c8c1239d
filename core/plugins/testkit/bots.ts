/**
 * The bot contract kit through the host: the checks of `@tickscribe/plugin-sdk/testing` (plugins/sdk/testing), run
 * on the plugin loaded alone by the product's rules, so its settings are validated against its schemas and every
 * answer by the host's own checks.
 */
import type { BotPlugin } from '../../../plugins/sdk/index.ts';
import { runBotChecks, type BotKitOptions } from '../../../plugins/sdk/testing/bots.ts';
import { loadAlone, throwProblems } from './shared.ts';

export type { BotKitOptions } from '../../../plugins/sdk/testing/bots.ts';

export async function checkBotContract(plugin: BotPlugin, options: BotKitOptions): Promise<string[]> {
  const { host, problems } = await loadAlone(plugin, options.settings);
  if (problems.length) return problems;
  await runBotChecks(plugin, options, (settings, http) => host.bot(plugin.manifest.id, settings, http)!, problems);
  return problems;
}

export async function assertBotContract(plugin: BotPlugin, options: BotKitOptions): Promise<void> {
  throwProblems('bot', plugin.manifest.id, await checkBotContract(plugin, options));
}
