/**
 * The status poll: the backup for webhooks that were never set up or that lost a delivery. Each round asks the
 * tracker for the items of a batch of the connection's pushed tickets that are not Done (or were Done lately, so a
 * reopening reaches them), in ticket id order from where
 * the last round stopped, and applies what changed (status.ts, source 'poll'). Requests go through the connection's
 * budgets like a push's; a tracker that limits requests ends the round with the time to come back.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { isTrackerError } from '../../plugins/sdk/index.ts';
import { Connection } from '../connections/connection.entity.ts';
import type { Connections } from '../connections/connections.ts';
import { db, sql } from '../db/sql.ts';
import { DomainError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { PluginHost } from '../plugins/host.ts';
import { applyItemStatus } from './status.ts';

/** Items asked about in one round: GitHub allows 5,000 requests an hour to a token, which pushes share. */
export const POLL_BATCH = 50;
/** How long after its last change a Done ticket is still read, so an item reopened in the tracker reopens it. */
export const REOPEN_WINDOW_DAYS = 14;
/** When a tracker limits requests without saying until when. */
const DEFAULT_WAIT_MS = 60_000;

export type PollOutcome =
  /** The connection is gone, or its tracker can no longer be asked: the poll ends. */
  | { status: 'gone' }
  | {
      status: 'polled';
      checked: number;
      changed: number;
      /** The ticket id the next round starts after; null to start again from the first. */
      cursor: string | null;
      /** The tracker asked to be left alone until then. */
      retryAt?: string;
      /** Why the round could not ask the tracker at all (credentials no longer readable), in words. */
      problem?: string;
    };

export interface PollDependencies {
  plugins: PluginHost;
  connections: Connections;
  logger?: Logger;
}

/** One round of the poll of connection `connectionId`, starting after the ticket `after` (null: from the first). */
export async function pollConnectionStatus(
  em: EntityManager, deps: PollDependencies, connectionId: string, after: string | null, signal?: AbortSignal,
): Promise<PollOutcome> {
  const connection = await em.findOne(Connection, { id: connectionId });
  if (!connection || !deps.plugins.statusSupport(connection.connectionType).itemStatus) return { status: 'gone' };
  let opened;
  try {
    opened = await deps.connections.openConnection(em, connection);
  } catch (error) {
    if (error instanceof DomainError) return { status: 'polled', checked: 0, changed: 0, cursor: null, problem: error.message };
    throw error;
  }
  const rows = await db(em).selectFrom('push_records as r').innerJoin('tickets as t', 't.id', 'r.ticket_id')
    .select(['t.id', 'r.external_id', 'r.key', 'r.url'])
    .where('r.connection_id', '=', connection.id).where('r.state', '=', 'created')
    // Done tickets too while a reopening is likely (changed within REOPEN_WINDOW_DAYS); older ones are left alone, so
    // a workspace's long history of finished work does not slow every round.
    .where((where) => where.or([
      where('t.status', '<>', 'Done'),
      where('t.updated_at', '>', sql<Date>`now() - make_interval(days => ${REOPEN_WINDOW_DAYS})`),
    ]))
    .where('t.workspace_id', '=', connection.workspace.id)
    .$if(after !== null, (query) => query.where('t.id', '>', after!))
    .orderBy('t.id').limit(POLL_BATCH).execute();
  const reporter = { connection, trackerName: opened.tracker.manifest.name };
  let checked = 0;
  let changed = 0;
  let cursor = after;
  for (const row of rows) {
    if (!row.external_id || !row.key || !row.url) {
      cursor = row.id;
      continue;
    }
    let reported;
    try {
      reported = await opened.tracker.itemStatus!({ externalId: row.external_id, key: row.key, url: row.url }, signal ? { signal } : {});
    } catch (error) {
      if (isTrackerError(error) && error.kind === 'rate_limited') {
        return { status: 'polled', checked, changed, cursor, retryAt: error.retryAt ?? new Date(Date.now() + DEFAULT_WAIT_MS).toISOString() };
      }
      if (signal?.aborted) throw error;
      // One item that cannot be read (a transient failure, an item the token lost access to) holds up no other.
      deps.logger?.warn({ connectionId: connection.id, ticketId: row.id, err: error }, 'the status of a tracker item could not be read; it is read again next round');
      cursor = row.id;
      continue;
    }
    checked += 1;
    cursor = row.id;
    if (!reported) continue;
    // A poll sees where the item stands, not that anyone moved it: between To Do and In Progress it may only not have
    // taken yet a status set in Tickscribe (or have no way to hold it), so the poll moves a ticket across the line
    // between open and Done alone. A webhook's delivery of a move (exact) moves it between open statuses too.
    const { exact: _exact, ...coarse } = reported;
    changed += await applyItemStatus(em, reporter, row.external_id, coarse, 'poll');
  }
  return { status: 'polled', checked, changed, cursor: rows.length < POLL_BATCH ? null : cursor };
}
