/** Which of the selected tickets a push creates, in which order, and whose assignee goes to which tracker user. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connection } from '../connections/connection.entity.ts';
import { db } from '../db/sql.ts';
import { isUuid } from '../ids.ts';
import { Ticket } from '../tickets/ticket.entity.ts';
import type { WorkspaceScope } from '../users/scope.ts';
import { mappedUsername } from './mappings.ts';
import { dependencyOrder } from './order.ts';
import type { PlannedTicket, SkippedTicket } from './types.ts';

export const TICKET_NOT_FOUND = 'Ticket not found';

/** 'Already pushed to github (#12)': where a ticket already lives, in the words the ticket views use. */
export function alreadyPushed(ticket: Pick<Ticket, 'externalType' | 'externalKey' | 'externalId'>): string {
  const key = ticket.externalKey ?? ticket.externalId;
  return `Already pushed to ${ticket.externalType ?? 'a tracker'}${key ? ` (${key})` : ''}`;
}

/** The workspace's tickets among `ids`, in the order of `ids` (repeats and unknown ids left out). */
export async function ownTickets(em: EntityManager, scope: WorkspaceScope, ids: string[]): Promise<Ticket[]> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (!wanted.length) return [];
  const found = new Map((await em.find(Ticket, { id: { $in: wanted }, workspace: scope.workspace })).map((ticket) => [ticket.id, ticket]));
  return wanted.flatMap((id) => found.get(id) ?? []);
}

export interface TicketPlan {
  tickets: PlannedTicket[];
  skipped: SkippedTicket[];
  usernames: string[];
}

/**
 * The workspace's tickets among `ticketIds` that have no external item yet, dependencies first; the others skipped with
 * the reason (not found, or already pushed, with where to). Tickets this same push (`batchId`) created are planned
 * again rather than skipped: a push run a second time (the Temporal UI's Reset) finds each in its ledger as created
 * and reports it as the first run did, instead of replacing the batch's result with "already pushed".
 * Assignees go through the connection's user mappings: an assignee without a mapping stays unassigned.
 */
export async function planTickets(em: EntityManager, scope: WorkspaceScope, connection: Connection, ticketIds: string[], batchId?: string): Promise<TicketPlan> {
  const found = new Map((await ownTickets(em, scope, ticketIds)).map((ticket) => [ticket.id, ticket]));
  const ours = new Set<string>();
  if (batchId !== undefined && found.size) {
    const rows = await db(em).selectFrom('push_records').select('ticket_id').where('connection_id', '=', connection.id).where('batch_id', '=', batchId)
      .where('state', '=', 'created').where('ticket_id', '=', (eb) => eb.fn.any(eb.val([...found.keys()]))).execute();
    for (const row of rows) ours.add(row.ticket_id);
  }
  const toPush: Ticket[] = [];
  const skipped: SkippedTicket[] = [];
  for (const id of new Set(ticketIds)) {
    const ticket = found.get(id);
    if (!ticket) skipped.push({ ticketId: id, title: null, project: null, reason: TICKET_NOT_FOUND, externalUrl: null, key: null });
    else if (ticket.externalUrl && !ours.has(id)) {
      skipped.push({
        ticketId: id, title: ticket.title, project: ticket.project, reason: alreadyPushed(ticket),
        externalUrl: ticket.externalUrl, key: ticket.externalKey ?? ticket.externalId ?? null,
      });
    } else toPush.push(ticket);
  }
  const mappings = connection.settings.userMappings ?? {};
  const tickets = dependencyOrder(toPush).map((ticket) => ({
    id: ticket.id, title: ticket.title, project: ticket.project, dependencies: ticket.dependencies,
    username: mappedUsername(mappings, ticket.assignee),
  }));
  const usernames = [...new Set(tickets.flatMap((ticket) => (ticket.username ? [ticket.username] : [])))];
  return { tickets, skipped, usernames };
}
