/**
 * The delivery log: every request a connection's tracker plugin makes, with its answer's status or the reason
 * none came and how long it took, kept for the newest DELIVERIES_KEPT per connection. No header or body is
 * kept, URLs lose their query string (core/net/delivery-log.ts), and any credential in a URL or message is
 * blotted out first.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TrackerHttp } from '../../plugins/sdk/index.ts';
import type { ConnectionDeliveries } from '../../schemas/types.ts';
import { db } from '../db/sql.ts';
import type { Logger } from '../logger.ts';
import { withDeliveryLog } from '../net/delivery-log.ts';
import type { OutboundHttp } from '../net/http.ts';
import { ConnectionDelivery } from './connection-delivery.entity.ts';
import type { Connection } from './connection.entity.ts';
import type { Credentials } from './credentials.ts';

export const DELIVERIES_KEPT = 200;

/** The tracker call a request belongs to. */
export type DeliveryPurpose = 'verify' | 'create' | 'findByMarker' | 'link' | 'resolveUser' | 'searchUsers' | 'itemStatus' | 'setStatus' | 'search' | 'comment' | 'preview';

const BLOTTED = '[credential]';

/**
 * Removes credentials from a text: a token wherever it occurs, and of a credential that is a URL (a webhook's)
 * the part after its origin, which is where such URLs carry their secret.
 */
export function blotter(credentials: Credentials): (text: string) => string {
  const secrets = new Set<string>();
  for (const value of Object.values(credentials)) {
    if (typeof value !== 'string' || value.length < 3) continue;
    const origin = /^https?:\/\/[^/?#]*/i.exec(value);
    if (!origin) {
      secrets.add(value);
      continue;
    }
    // As typed, and as a parsed URL writes it (the delivery log's URLs are parsed ones).
    const rest = value.slice(origin[0].length);
    const parsed = URL.canParse(value) ? new URL(value) : undefined;
    for (const part of [rest, rest.split(/[?#]/, 1)[0]!, parsed?.pathname ?? '']) if (part.length > 1) secrets.add(part);
  }
  const ordered = [...secrets].sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((result, secret) => result.split(secret).join(secret.startsWith('/') ? `/${BLOTTED}` : BLOTTED), text);
}

/** Writes one connection's deliveries in order, each with the pruning of the oldest beyond DELIVERIES_KEPT. */
export class DeliveryLog {
  #writes: Promise<void> = Promise.resolve();
  readonly #em: EntityManager;
  readonly #connectionId: string;
  readonly #logger: Logger | undefined;

  constructor(em: EntityManager, connectionId: string, logger?: Logger) {
    this.#em = em;
    this.#connectionId = connectionId;
    this.#logger = logger;
  }

  add(delivery: Omit<ConnectionDelivery, 'id' | 'connection'>): void {
    this.#writes = this.#writes.then(() => this.#write(delivery)).catch((error: unknown) => {
      // The log serves the user's curiosity; a push must not fail because a line of it could not be written.
      this.#logger?.warn({ err: error, connectionId: this.#connectionId }, 'a connection delivery could not be logged');
    });
  }

  /** Resolves when every delivery added so far is written (or given up). */
  settled(): Promise<void> {
    return this.#writes;
  }

  async #write(delivery: Omit<ConnectionDelivery, 'id' | 'connection'>): Promise<void> {
    const em = this.#em.fork();
    await em.insert(ConnectionDelivery, { ...delivery, id: crypto.randomUUID(), connection: this.#connectionId });
    // One statement keeps the newest DELIVERIES_KEPT, however many writers add at once.
    const d = db(em);
    await d.deleteFrom('connection_deliveries').where('id', 'in', d.selectFrom('connection_deliveries').select('id')
      .where('connection_id', '=', this.#connectionId).orderBy('at', 'desc').orderBy('id', 'desc').offset(DELIVERIES_KEPT)).execute();
  }
}

/**
 * The outbound client as one tracker call uses it: bound to the call's abort signal, each request reported to
 * the delivery log with its purpose, credentials blotted out of what is kept.
 */
export function loggedHttp(
  outbound: OutboundHttp,
  options: { log: DeliveryLog; purpose: DeliveryPurpose; blot: (text: string) => string; signal?: AbortSignal },
): TrackerHttp {
  const { log, purpose, blot, signal } = options;
  const reported = withDeliveryLog(outbound, (delivery) =>
    log.add({ ...delivery, at: new Date(delivery.at), url: blot(delivery.url), error: delivery.error && blot(delivery.error), purpose }),
  );
  return (request) => reported({ ...request, ...(signal ? { signal } : {}) });
}

export async function listDeliveries(em: EntityManager, connection: Connection): Promise<ConnectionDeliveries> {
  const rows = await em.find(ConnectionDelivery, { connection }, { orderBy: { at: 'desc', id: 'desc' }, limit: DELIVERIES_KEPT });
  return {
    deliveries: rows.map((row) => ({
      at: row.at.toISOString(), method: row.method, url: row.url, status: row.status ?? null, error: row.error ?? null,
      durationMs: row.durationMs, purpose: row.purpose,
    })),
  };
}
