/**
 * A ticket follows the status of the item a push made of it. What the tracker reports (a webhook delivery, a poll of
 * the item) changes the tickets of that item on that connection, each in one transaction with its 'status' event; a
 * status set in Tickscribe goes to the item (send.ts). A status that came from the tracker is never sent back to it.
 *
 * Some trackers hold fewer states than tickets: GitHub's issues are open or closed, and an open issue tells To Do from
 * In Progress no better than the push could. So such a report moves a ticket only across the line between open and
 * closed: a closed item makes its ticket Done, and an item open again takes a Done ticket back to the status the
 * tracker gives it (To Do for GitHub); a ticket whose item is open keeps To Do or In Progress, whichever it has. A
 * tracker that tells them apart itself (Jira's status categories, Azure DevOps' state categories: `exact`) moves an
 * open ticket between them too, when its webhook delivers the move (poll.ts reads only across the line).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TrackerItemStatus, TrackerTicketStatus } from '../../plugins/sdk/index.ts';
import type { Connection } from '../connections/connection.entity.ts';
import { db, sql } from '../db/sql.ts';
import { recordTicketEvent, type TicketEventData } from '../tickets/events.ts';

export type StatusSource = TicketEventData<'status'>['source'];

/** The status a ticket takes when its item reports `reported`; null when it keeps the one it has. */
export function statusAfter(current: TrackerTicketStatus, reported: TrackerItemStatus): TrackerTicketStatus | null {
  const closed = current === 'Done';
  if (reported.exact && !closed && reported.state === 'open') return reported.status === current ? null : reported.status;
  if ((reported.state === 'closed') === closed) return null;
  if (reported.state === 'closed') return 'Done';
  return reported.status === 'Done' ? 'ToDo' : reported.status;
}

/** Who reports: the connection, and the tracker's name for people ("GitHub"). */
export interface StatusReporter {
  connection: Connection;
  trackerName: string;
}

/**
 * Applies what the tracker reports of one item (`itemId`, the item's externalId) to the tickets of this connection
 * pushed as that item: each one whose status it changes is updated with its 'status' event in one transaction. The
 * tickets are locked first, so of concurrent deliveries of the same news exactly one changes each ticket and writes
 * its event; the others find it changed. Returns how many tickets changed.
 */
export async function applyItemStatus(
  em: EntityManager, reporter: StatusReporter, itemId: string, reported: TrackerItemStatus, source: StatusSource,
): Promise<number> {
  const { connection } = reporter;
  return em.transactional(async (tx) => {
    const d = db(tx);
    const tickets = await d.selectFrom('push_records as r').innerJoin('tickets as t', 't.id', 'r.ticket_id')
      .select(['t.id', 't.status', 't.workspace_id', 'r.key', 'r.url'])
      .where('r.connection_id', '=', connection.id).where('r.external_id', '=', itemId).where('r.state', '=', 'created')
      .where('t.workspace_id', '=', connection.workspace.id)
      .orderBy('t.id').forUpdate('t').execute();
    let changed = 0;
    for (const ticket of tickets) {
      const status = statusAfter(ticket.status, reported);
      if (!status) continue;
      // Moves the version forward even within a millisecond of the last change, as an edit does (ticket.entity.ts).
      await d.updateTable('tickets')
        .set({ status, updated_at: sql<Date>`greatest(now(), updated_at + interval '1 millisecond')` })
        .where('id', '=', ticket.id).execute();
      await recordTicketEvent(d, {
        ticketId: ticket.id, workspaceId: ticket.workspace_id, kind: 'status', actorId: null,
        data: {
          status, previous: ticket.status, source, connectionId: connection.id, connectionName: connection.name, tracker: connection.connectionType,
          trackerName: reporter.trackerName, key: ticket.key ?? null, url: reported.url ?? ticket.url ?? null,
        },
      });
      changed += 1;
    }
    return changed;
  });
}

/**
 * The connections a ticket's status is sent to: those that created an item for it (push ledger 'created') and whose
 * tracker can take a status (`sendsStatus`, by connection type).
 */
export async function statusTargets(em: EntityManager, ticketId: string, sendsStatus: (connectionType: string) => boolean): Promise<string[]> {
  const rows = await db(em).selectFrom('push_records as r').innerJoin('connections as c', 'c.id', 'r.connection_id')
    .select(['c.id', 'c.connection_type']).where('r.ticket_id', '=', ticketId).where('r.state', '=', 'created').execute();
  return rows.filter((row) => sendsStatus(row.connection_type)).map((row) => row.id);
}

/**
 * The connections whose items can be asked for their status and that have pushed any: the start-up sweep starts a
 * status poll for each that has none running.
 */
export async function polledConnections(em: EntityManager, readsStatus: (connectionType: string) => boolean): Promise<{ id: string; workspaceId: string; type: string; project: string }[]> {
  const rows = await db(em).selectFrom('connections as c')
    .select(['c.id', 'c.workspace_id', 'c.connection_type', 'c.project_identifier'])
    .where(({ exists, selectFrom }) => exists(selectFrom('push_records as r').select(sql<number>`1`.as('one'))
      .whereRef('r.connection_id', '=', 'c.id').where('r.state', '=', 'created'))).execute();
  return rows.filter((row) => readsStatus(row.connection_type))
    .map((row) => ({ id: row.id, workspaceId: row.workspace_id, type: row.connection_type, project: row.project_identifier }));
}
