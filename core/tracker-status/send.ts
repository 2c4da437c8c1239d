/**
 * A status set in Tickscribe, sent to the item a push made of the ticket (the plugin's setStatus, mapped the way its
 * create maps a status), by a workflow started after the edit is saved. When it lands, the ticket's history says so
 * ('status' event, source 'tickscribe'). Only an edit sends a status: one that came from the tracker never goes back.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { isTrackerError, type TrackerTicketStatus } from '../../plugins/sdk/index.ts';
import { Connection } from '../connections/connection.entity.ts';
import type { Connections } from '../connections/connections.ts';
import { db } from '../db/sql.ts';
import { DomainError } from '../errors.ts';
import { PluginOutputError } from '../plugins/boundary.ts';
import { recordTicketEvent } from '../tickets/events.ts';

/** One status to send: workflow `tracker-status-send-<connectionId>-<ticketId>`. */
export interface StatusSendInput {
  ticketId: string;
  connectionId: string;
  /** The status the edit set, and the one it replaced. */
  status: TrackerTicketStatus;
  previous: TrackerTicketStatus;
  /** Who set it. */
  actorId: string;
}

export type StatusSendOutcome =
  /** The item has the status now (its 'status' event written). */
  | { status: 'sent' }
  /** Nothing to send: the ticket, its item or the connection is gone, the ticket's status changed again since, or the tracker cannot hold it. */
  | { status: 'skipped'; reason: string }
  /** The tracker refused, in its words; trying again will not help. */
  | { status: 'failed'; error: string }
  /** The tracker limits requests: send it again at `retryAt`. */
  | { status: 'wait'; retryAt: string };

const DEFAULT_WAIT_MS = 60_000;

export interface StatusSendDependencies {
  connections: Connections;
}

/** Sends the ticket's status to its item on the connection; a transient failure is thrown, for the workflow to retry. */
export async function sendTicketStatus(em: EntityManager, deps: StatusSendDependencies, input: StatusSendInput, signal?: AbortSignal): Promise<StatusSendOutcome> {
  const connection = await em.findOne(Connection, { id: input.connectionId });
  if (!connection) return { status: 'skipped', reason: 'The connection was deleted.' };
  const d = db(em);
  const pushed = await d.selectFrom('push_records as r').innerJoin('tickets as t', 't.id', 'r.ticket_id')
    .select(['t.status', 't.workspace_id', 'r.external_id', 'r.key', 'r.url'])
    .where('r.ticket_id', '=', input.ticketId).where('r.connection_id', '=', connection.id).where('r.state', '=', 'created').executeTakeFirst();
  if (!pushed?.external_id || !pushed.key || !pushed.url) return { status: 'skipped', reason: 'The ticket has no item on this connection.' };
  // A later edit changed it again and sends its own status.
  if (pushed.status !== input.status) return { status: 'skipped', reason: 'The ticket\'s status changed again since.' };
  let opened;
  try {
    opened = await deps.connections.openConnection(em, connection);
  } catch (error) {
    if (error instanceof DomainError) return { status: 'failed', error: error.message };
    throw error;
  }
  if (!opened.tracker.setStatus) return { status: 'skipped', reason: `${opened.tracker.manifest.name} takes no status from Tickscribe.` };
  const item = { externalId: pushed.external_id, key: pushed.key, url: pushed.url };
  let answer: 'updated' | 'unsupported';
  try {
    answer = await opened.tracker.setStatus(item, input.status, signal ? { signal } : {});
  } catch (error) {
    if (isTrackerError(error) && error.kind === 'rate_limited') return { status: 'wait', retryAt: error.retryAt ?? new Date(Date.now() + DEFAULT_WAIT_MS).toISOString() };
    if (isTrackerError(error) && error.kind !== 'transient') return { status: 'failed', error: error.message };
    if (error instanceof PluginOutputError) return { status: 'failed', error: error.message };
    throw error;
  }
  if (answer === 'unsupported') return { status: 'skipped', reason: `${opened.tracker.manifest.name} cannot hold the status ${input.status}.` };
  await recordTicketEvent(d, {
    ticketId: input.ticketId, workspaceId: pushed.workspace_id, kind: 'status', actorId: input.actorId,
    data: {
      status: input.status, previous: input.previous, source: 'tickscribe', connectionId: connection.id, connectionName: connection.name,
      tracker: connection.connectionType, trackerName: opened.tracker.manifest.name, key: item.key, url: item.url,
    },
  });
  return { status: 'sent' };
}
