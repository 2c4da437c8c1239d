/**
 * A tracker's webhook delivery to one connection (POST /api/trackers/{connectionId}/webhook): verified with the
 * connection's webhook secret on the raw body before anything of it is read, parsed by the tracker plugin, and the
 * item's status applied to its tickets (status.ts). A delivery repeated (trackers redeliver) changes nothing more.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TrackerWebhookEvent } from '../../plugins/sdk/index.ts';
import { Connection } from '../connections/connection.entity.ts';
import type { Connections } from '../connections/connections.ts';
import { trackerManifests } from '../connections/tracker-types.ts';
import { NotAuthenticated, NotFound, Refused } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { Logger } from '../logger.ts';
import type { PluginHost } from '../plugins/host.ts';
import { applyItemStatus } from './status.ts';

export const NO_SUCH_CONNECTION = 'There is no connection at this webhook address: it was deleted, or the address was copied wrong.';
export const FORGED = "The webhook signature is missing or does not match the connection's webhook secret; the delivery was refused and nothing changed.";

export interface TrackerWebhookDelivery {
  /** The body exactly as it arrived, as text (its signature covers it). */
  rawBody: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body parsed as JSON. */
  body: unknown;
}

/** What became of a genuine delivery, and how many tickets changed status. */
export interface TrackerWebhookOutcome {
  outcome: 'applied' | 'unchanged' | 'ignored' | 'ping';
  tickets: number;
}

export interface TrackerWebhookDependencies {
  plugins: PluginHost;
  connections: Connections;
  logger?: Logger;
}

/**
 * Receives one delivery for the connection `connectionId`. NotFound for a connection that does not exist or whose
 * tracker takes no webhooks; Refused when no webhook secret was made for it; NotAuthenticated for a signature that is
 * missing or wrong; InvalidInput for a body the plugin cannot read. Each before anything changes.
 */
export async function receiveTrackerWebhook(
  em: EntityManager, deps: TrackerWebhookDependencies, connectionId: string, delivery: TrackerWebhookDelivery,
): Promise<TrackerWebhookOutcome> {
  const connection = isUuid(connectionId) ? await em.findOne(Connection, { id: connectionId }) : null;
  if (!connection) throw new NotFound(NO_SUCH_CONNECTION);
  const type = connection.connectionType;
  const trackerName = trackerManifests(deps.plugins).find((manifest) => manifest.id === type)?.name ?? type;
  if (!deps.plugins.statusSupport(type).webhook) throw new NotFound(`The connection's tracker (${trackerName}) sends no webhooks Tickscribe can read.`);
  const secret = deps.connections.webhookSecret(connection);
  if (!secret) {
    throw new Refused("This connection has no webhook secret yet: make one on the connection's page in Tickscribe (Connections), then register it with the tracker.");
  }
  if (!deps.plugins.verifyTrackerWebhook(type, { headers: delivery.headers, body: delivery.rawBody }, secret)) {
    deps.logger?.warn({ connectionId: connection.id }, 'a tracker webhook delivery was refused: its signature is missing or wrong');
    throw new NotAuthenticated(deps.plugins.webhookRefusal(type) ?? FORGED);
  }
  const event: TrackerWebhookEvent | null = deps.plugins.parseTrackerWebhook(type, { headers: delivery.headers, body: delivery.body }, deps.connections.pluginSettings(connection));
  if (!event) return { outcome: 'ignored', tickets: 0 };
  if (event.kind === 'ping') return { outcome: 'ping', tickets: 0 };
  const { kind: _kind, itemId, ...reported } = event;
  const changed = await applyItemStatus(em, { connection, trackerName }, itemId, reported, 'webhook');
  return { outcome: changed ? 'applied' : 'unchanged', tickets: changed };
}
