import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Connection } from './connection.entity.ts';

/** One request a connection's tracker plugin made: for the user to see what was sent where, and what came back. */
export const ConnectionDelivery = defineEntity({
  name: 'ConnectionDelivery',
  tableName: 'connection_deliveries',
  indexes: [{ name: 'connection_deliveries_connection_at_idx', properties: ['connection', 'at'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    connection: () => p.manyToOne(Connection).deleteRule('cascade'),
    at: p.datetime(),
    method: p.string().length(10),
    /** Without its query string, which may carry a key. */
    url: p.text(),
    /** The HTTP status, or null when no answer came. */
    status: p.integer().nullable(),
    error: p.text().nullable(),
    durationMs: p.integer(),
    /** The tracker call it belonged to: verify, create, findByMarker, link, resolveUser, searchUsers. */
    purpose: p.string().length(40),
  },
});

export type ConnectionDelivery = InferEntity<typeof ConnectionDelivery>;
