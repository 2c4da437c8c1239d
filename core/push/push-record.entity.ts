import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { Connection } from '../connections/connection.entity.ts';
import { Ticket } from '../tickets/ticket.entity.ts';
import { workspaceOfRow } from '../workspaces/workspace.entity.ts';

const PUSH_STATES = ['creating', 'created', 'failed'] as const;
export type PushState = (typeof PUSH_STATES)[number];

/**
 * The push ledger: what became of a ticket on a connection. 'creating' is written (and committed, uncertain) before
 * a create is sent, so a push that stops without an answer looks for the item by its marker before creating it
 * again; 'created' holds where the item lives; 'failed' the tracker's words. One row per (ticket, connection).
 */
export const PushRecord = defineEntity({
  name: 'PushRecord',
  tableName: 'push_records',
  uniques: [{ name: 'push_records_ticket_connection_unique', properties: ['ticket', 'connection'] }],
  // A workspace's push history, and what deleting a workspace goes through; the tickets of a tracker's item (by the
  // connection and the item's id), which a webhook delivery or a status poll looks for.
  indexes: [
    { name: 'push_records_workspace_created_idx', properties: ['workspace', 'createdAt'] },
    { name: 'push_records_connection_item_idx', properties: ['connection', 'externalId'] },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    ticket: () => p.manyToOne(Ticket).deleteRule('cascade'),
    /** The ticket's workspace, set from the ticket by the insert trigger when not given. */
    workspace: () => workspaceOfRow(),
    connection: () => p.manyToOne(Connection).deleteRule('cascade').index(),
    /** The push (workflow `push-<connectionId>-<batchId>`) that wrote the row last. */
    batchId: p.string().length(64),
    state: p.enum(PUSH_STATES),
    externalId: p.string().length(200).nullable(),
    key: p.string().length(200).nullable(),
    url: p.text().nullable(),
    /** Why the last attempt failed, in the tracker's words. */
    error: p.text().nullable(),
    /** Creates begun, each after 'creating' was committed. */
    attempts: p.integer().default(0),
    /**
     * Whether a create begun may have made the item without the answer saying so (no answer came, or the tracker
     * failed after creating): the marker is then looked up before any new create.
     */
    uncertain: p.boolean().default(false),
    createdAt: p.datetime().onCreate(createdAt),
    updatedAt: p.datetime().onCreate(createdAt).onUpdate(() => new Date()),
  },
});

export type PushRecord = InferEntity<typeof PushRecord>;
