import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connections } from '../../core/connections/connections.ts';
import type { Logger } from '../../core/logger.ts';
import type { PluginHost } from '../../core/plugins/host.ts';
import { receiveTrackerWebhook } from '../../core/tracker-status/webhooks.ts';
import type { TrackerWebhookReceipt } from '../../schemas/types.ts';
import { headersOf, rawBodyOf } from '../middleware/signed-body.ts';
import type { ApiRegistry } from '../routing.ts';

/** Where a connection's tracker posts its webhooks (no session: the connection's webhook secret vouches for a delivery). */
export const TRACKER_WEBHOOK_PATH = /^\/api\/trackers\/[^/]+\/webhook$/;

const ERROR = 'api/error.schema.json';

export function trackerRoutes(api: ApiRegistry, deps: { em: () => EntityManager; plugins: PluginHost; connections: () => Connections; logger?: Logger }): void {
  api.route<unknown, undefined, TrackerWebhookReceipt>({
    method: 'post', path: '/api/trackers/{connectionId}/webhook', operationId: 'receiveTrackerWebhook', tag: 'connections',
    summary:
      "A connection's tracker webhook (register this address, with the secret made on the connection's page, in the tracker): verified by " +
      "its signature on the raw body with the connection's webhook secret (Azure DevOps, which signs nothing: its Basic authentication password), then the item's status applied to its tickets, once.",
    responses: {
      200: { description: 'Received (see outcome); nothing is sent back to the tracker.', schema: 'api/trackers/webhook.response.schema.json' },
      400: { description: 'A body that is not JSON, nested too deep, or that the tracker plugin cannot read.', schema: ERROR },
      401: { description: "A missing or wrong signature (or password): refused, and nothing changed.", schema: ERROR },
      403: { description: "No webhook secret was made for the connection yet (on its page in Tickscribe): refused, and nothing changed.", schema: ERROR },
      404: { description: 'No connection at this address, or its tracker sends no webhooks Tickscribe reads.', schema: ERROR },
      413: { description: 'A body larger than JSON_BODY_LIMIT.', schema: ERROR },
    },
    async handler(ctx, { body, params }) {
      const delivery = { rawBody: rawBodyOf(ctx).toString('utf8'), headers: headersOf(ctx.req.headers), body };
      const logger = ctx.state.log ?? deps.logger;
      const received = await receiveTrackerWebhook(deps.em(), { plugins: deps.plugins, connections: deps.connections(), ...(logger ? { logger } : {}) }, params['connectionId'] ?? '', delivery);
      return { received: true, ...received };
    },
  });
}
