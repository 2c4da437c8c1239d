/**
 * The composition root's services: each built once per process from the settings, and the same ones handed to the
 * API (api/app.ts) and to the worker (server/worker-role.ts), as Backstage's backend builds each service once and
 * injects it where it is declared. What one process changes (a connection's refreshed token under its lock, the
 * outbound guard's agents) is then the same object for both.
 */
import type { AppServices } from '../api/app.ts';
import { billingSetup } from '../core/billing/stripe.ts';
import type { Config } from '../core/config.ts';
import { Connections } from '../core/connections/connections.ts';
import { loadCredentialsKey } from '../core/connections/credentials.ts';
import { Credits } from '../core/credits/credits.ts';
import type { Logger } from '../core/logger.ts';
import { createOutboundHttp, type OutboundHttp } from '../core/net/http.ts';
import { oauthSetup } from '../core/oauth/apps.ts';
import type { BoundExtractor, PluginHost } from '../core/plugins/host.ts';
import { configuredMeetingBot, loadConfiguredPlugins } from './plugins.ts';

export interface Services extends AppServices {
  /** The extractor the settings choose (EXTRACTOR, or the OpenAI settings). */
  extractor: BoundExtractor;
  /** Requests to trackers, webhooks and bot services: the outbound guard with OUTBOUND_ALLOWLIST and OUTBOUND_TIMEOUT_MS. */
  outbound: OutboundHttp;
}

/** Builds the services from what they are made of; loadServices() loads those first. */
export function composeServices(deps: {
  config: Config;
  logger?: Logger;
  plugins: PluginHost;
  extractor: BoundExtractor;
  credentialsKey: Buffer;
}): Services {
  const { config, logger, plugins } = deps;
  const outboundOptions = { allowlist: config.OUTBOUND_ALLOWLIST, timeoutMs: config.OUTBOUND_TIMEOUT_MS };
  const outbound = createOutboundHttp(outboundOptions);
  const connections = new Connections({
    plugins, credentialsKey: deps.credentialsKey, outbound: outboundOptions, oauth: oauthSetup(config), appUrl: config.APP_URL, ...(logger ? { logger } : {}),
  });
  const billing = billingSetup(config);
  return {
    plugins,
    extractor: deps.extractor,
    credentialsKey: deps.credentialsKey,
    outbound,
    connections,
    // The limit messages say what the user can do here: upgrade where paid plans are sold.
    credits: new Credits({ paidPlansAvailable: billing.unavailableReason === null }),
    billing,
    meetingBot: configuredMeetingBot(plugins, config, outbound),
  };
}

/**
 * Loads the plugins (a refused one is logged, a missing extractor or bad meeting bot settings stop the start) and
 * the credentials key, and builds the services, saying in the log what the settings chose.
 */
export async function loadServices(config: Config, logger: Logger): Promise<Services> {
  const [loaded, credentialsKey] = await Promise.all([loadConfiguredPlugins(config), loadCredentialsKey(config)]);
  for (const refused of loaded.plugins.refused) logger.warn(refused, `plugin ${refused.plugin} was not loaded: it ${refused.problem}`);
  logger.info({ extractor: loaded.extractor.manifest.id }, 'extractor chosen');
  const services = composeServices({ config, logger, ...loaded, credentialsKey });
  if (services.meetingBot) logger.info({ provider: services.meetingBot.bot.manifest.id }, 'meeting bot configured');
  if (config.STRIPE_SECRET_KEY && services.billing.unavailableReason) {
    logger.warn(`Stripe is only partly configured (${services.billing.unavailableReason}): paid plans are not offered.`);
  }
  return services;
}
