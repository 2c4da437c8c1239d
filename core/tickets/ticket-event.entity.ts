import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { User } from '../users/user.entity.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';
import { Ticket } from './ticket.entity.ts';

/**
 * What can happen to a ticket. 'merged', 'linked' and 'status' (a tracker's status) are written by later parts of
 * issue 28; they are allowed now so that needs no migration.
 */
export const TICKET_EVENT_KINDS = ['extracted', 'created', 'edited', 'pushed', 'merged', 'linked', 'status'] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

/**
 * A ticket's history, one row per thing that happened to it, append-only: a trigger refuses any change to a row
 * (migrations/Migration20261211000000_ticket_events.ts) but the actor's going (on delete set null); rows go only with
 * their ticket or workspace. Written by core/tickets/events.ts; what `data` holds per kind is TicketEventData there.
 */
export const TicketEvent = defineEntity({
  name: 'TicketEvent',
  tableName: 'ticket_events',
  // A ticket's history newest first, read straight off the index.
  indexes: [{ name: 'ticket_events_ticket_created_idx', properties: ['ticket', 'createdAt', 'id'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    ticket: () => p.manyToOne(Ticket).deleteRule('cascade'),
    workspace: () => p.manyToOne(Workspace).deleteRule('cascade').index(),
    kind: p.enum(TICKET_EVENT_KINDS),
    /** Who did it (an edit's editor, a push's pusher, an upload's uploader); null for no one, or once they have gone. */
    actor: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    data: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(createdAt),
  },
});

export type TicketEvent = InferEntity<typeof TicketEvent>;
