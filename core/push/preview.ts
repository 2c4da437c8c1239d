/**
 * What a push would send for one ticket through one connection, before anything is sent: the ticket as the push
 * makes it (trackerTicketOf), its assignee through the connection's user mappings and the tracker's resolveUser, then
 * the tracker plugin's preview(), which builds the item with the code its create sends with and only reads.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { isTrackerError, type TrackerUser } from '../../plugins/sdk/index.ts';
import type { PushPreview, PushPreviewRequest } from '../../schemas/types.ts';
import type { Connections } from '../connections/connections.ts';
import { db } from '../db/sql.ts';
import { DomainError, NotFound } from '../errors.ts';
import { PluginOutputError } from '../plugins/boundary.ts';
import type { WorkspaceScope } from '../users/scope.ts';
import { mappedUsername, mergeUserMappings } from './mappings.ts';
import { ownTickets, TICKET_NOT_FOUND } from './plan.ts';
import { trackerTicketOf } from './pusher.ts';

/** A tracker's failure in words for the person previewing, or undefined for one to throw (a bug of ours). */
function inWords(error: unknown): string | undefined {
  if (isTrackerError(error) || error instanceof PluginOutputError || error instanceof DomainError) return error.message;
  return undefined;
}

export async function previewPush(
  deps: { connections: Connections }, em: EntityManager, scope: WorkspaceScope, connectionId: string, request: PushPreviewRequest,
): Promise<PushPreview> {
  const { connection, tracker } = await deps.connections.openTracker(em, scope, connectionId);
  const [ticket] = await ownTickets(em, scope, [request.ticketId]);
  if (!ticket) throw new NotFound(TICKET_NOT_FOUND);
  const trackerName = tracker.manifest.name;
  const answer = (fields: Partial<PushPreview>): PushPreview => ({ ticketId: ticket.id, trackerName, preview: null, problems: [], ...fields });
  if (!tracker.preview) return answer({ problems: [`The ${trackerName} tracker does not show what it sends before a push.`] });

  const problems: string[] = [];
  const mappings = mergeUserMappings(connection.settings.userMappings ?? {}, request.updatedUserMappings ?? {});
  const username = mappedUsername(mappings, ticket.assignee);
  let assignee: TrackerUser | null = null;
  if (username) {
    try {
      assignee = await tracker.resolveUser(username);
      if (!assignee) problems.push(`Not assigned to "${username}": ${trackerName} has no user by that name who can be assigned here.`);
    } catch (error) {
      const words = inWords(error);
      if (words === undefined) throw error;
      problems.push(`Not assigned to "${username}": ${words}`);
    }
  } else if (ticket.assignee?.trim()) {
    problems.push(`Not assigned: "${ticket.assignee.trim()}" has no user mapping for ${connection.name}.`);
  }
  try {
    const preview = await tracker.preview(await trackerTicketOf(em, ticket, assignee));
    // Links to the items of dependencies this connection made, which the push adds once the item exists.
    const linked = await linkedDependencies(em, connection.id, ticket.dependencies.filter((id) => id !== ticket.id));
    const then = [...preview.then, ...linked.map((key) => `Linked as depending on ${key}.`)];
    return answer({ preview: { ...preview, then }, problems });
  } catch (error) {
    const words = inWords(error);
    if (words === undefined) throw error;
    return answer({ problems: [...problems, words] });
  }
}

/** The keys of the items this connection made for `ticketIds`. */
async function linkedDependencies(em: EntityManager, connectionId: string, ticketIds: string[]): Promise<string[]> {
  if (!ticketIds.length) return [];
  const rows = await db(em).selectFrom('push_records').select('key').where('connection_id', '=', connectionId).where('state', '=', 'created')
    .where('ticket_id', '=', (eb) => eb.fn.any(eb.val(ticketIds))).execute();
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}
