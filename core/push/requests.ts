/**
 * What the push routes check and do before a push starts: the selection (the workspace's tickets, something left to
 * push), the user mappings given in the wizard, and the analysis the wizard starts from.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { db, sql } from '../db/sql.ts';
import type { BulkPushRequest, PushAnalysis, PushConnectionSummary } from '../../schemas/types.ts';
import { findConnectionForProject, ownConnection } from '../connections/connections.ts';
import type { Connection } from '../connections/connection.entity.ts';
import { InvalidInput, NotFound } from '../errors.ts';
import type { Ticket } from '../tickets/ticket.entity.ts';
import type { WorkspaceScope } from '../users/scope.ts';
import type { PushCandidateSearch, PushChoice } from './candidates.ts';
import { mappedUsername, mergeUserMappings } from './mappings.ts';
import { ownTickets, TICKET_NOT_FOUND } from './plan.ts';

export const SELECT_A_TICKET = 'Please select at least one ticket to push';
export const ALL_PUSHED = 'All selected tickets have already been pushed to external systems';

/** The selected tickets, each the workspace's (else NotFound, as for any other route), once each. */
async function selection(em: EntityManager, scope: WorkspaceScope, ticketIds: string[]): Promise<Ticket[]> {
  const unique = [...new Set(ticketIds)];
  if (!unique.length) throw new InvalidInput(SELECT_A_TICKET);
  const tickets = await ownTickets(em, scope, unique);
  if (tickets.length !== unique.length) throw new NotFound(TICKET_NOT_FOUND);
  return tickets;
}

/**
 * Checks a bulk push before it starts and saves the user mappings it brings; returns the tickets to send to the
 * workflow, once each. The connection must be the workspace's (NotFound otherwise).
 */
export async function prepareBulkPush(
  em: EntityManager, scope: WorkspaceScope, connectionId: string, request: BulkPushRequest, candidates?: PushCandidateSearch,
): Promise<{ ticketIds: string[]; choices: Record<string, PushChoice> }> {
  const connection = await ownConnection(em, scope, connectionId);
  const tickets = await selection(em, scope, request.ticketIds);
  if (tickets.every((ticket) => ticket.externalUrl)) throw new InvalidInput(ALL_PUSHED);
  // The reviewer's choices are checked before anything is saved: a wrong one loses nothing.
  const choices = request.choices?.length && candidates
    ? await candidates.check(em, scope, connection.id, tickets.filter((ticket) => !ticket.externalUrl), request.choices)
    : {};
  if (request.updatedUserMappings) await saveUserMappings(em, connection, request.updatedUserMappings);
  return { ticketIds: tickets.map((ticket) => ticket.id), choices };
}

/** The most projects a connection maps, as its settings' schema allows. */
const MAX_PROJECT_MAPPINGS = 500;

/**
 * Adds Tickscribe projects to the connection's project mappings, as the push wizard's "map connections" step does
 * for any member pushing through it: those it maps already (ignoring case and surrounding spaces) stay as they are,
 * and nothing else of its settings changes. The connection's row is locked from read to write, so additions made at
 * once all stay.
 */
export async function addProjectMappings(em: EntityManager, scope: WorkspaceScope, connectionId: string, projects: string[]): Promise<string[]> {
  if (!projects.some((name) => name.trim())) throw new InvalidInput('Name at least one project.');
  return em.transactional(async (tx) => {
    const connection = await ownConnection(tx, scope, connectionId);
    const d = db(tx);
    const { settings } = await d.selectFrom('connections').select('settings').where('id', '=', connection.id).forUpdate().executeTakeFirstOrThrow();
    const mapped = [...settings.projectMappings];
    const known = new Set(mapped.map((name) => name.trim().toLowerCase()));
    for (const project of projects.map((name) => name.trim()).filter(Boolean)) {
      if (known.has(project.toLowerCase())) continue;
      known.add(project.toLowerCase());
      mapped.push(project);
    }
    if (mapped.length > MAX_PROJECT_MAPPINGS) throw new InvalidInput(`A connection serves at most ${MAX_PROJECT_MAPPINGS} projects.`);
    await d.updateTable('connections')
      .set({ settings: sql`jsonb_set(settings, '{projectMappings}', ${JSON.stringify(mapped)}::jsonb)`, updated_at: sql<Date>`now()` })
      .where('id', '=', connection.id).execute();
    return mapped;
  });
}

/** Merges user mappings into the connection's, in one statement, so concurrent pushes do not undo each other's. */
async function saveUserMappings(em: EntityManager, connection: Connection, updates: Record<string, string>): Promise<void> {
  const merged = mergeUserMappings({}, updates);
  if (!Object.keys(merged).length) return;
  await db(em).updateTable('connections')
    .set({ settings: sql`jsonb_set(settings, '{userMappings}', coalesce(settings->'userMappings', '{}'::jsonb) || ${JSON.stringify(merged)}::jsonb)`, updated_at: sql<Date>`now()` })
    .where('id', '=', connection.id).execute();
}

const summary = (connection: Connection): PushConnectionSummary => ({
  id: connection.id,
  name: connection.name,
  connectionType: connection.connectionType,
  projectIdentifier: connection.projectIdentifier,
  userMappings: connection.settings.userMappings ?? {},
});

/**
 * The wizard's analysis of a selection: the tickets already pushed, the projects of the others with the connection
 * that serves each (findConnectionForProject) or none, and per connection the assignees it has no mapping for.
 */
export async function analyzePush(em: EntityManager, scope: WorkspaceScope, ticketIds: string[]): Promise<PushAnalysis> {
  const tickets = await selection(em, scope, ticketIds);
  const pushed = tickets.filter((ticket) => ticket.externalUrl);
  const rest = tickets.filter((ticket) => !ticket.externalUrl);
  const byProject = new Map<string, Ticket[]>();
  for (const ticket of rest) byProject.set(ticket.project, [...(byProject.get(ticket.project) ?? []), ticket]);
  const projects: PushAnalysis['projects'] = [];
  const connections = new Map<string, { connection: Connection; projects: string[]; tickets: Ticket[] }>();
  for (const [project, inProject] of byProject) {
    const connection = await findConnectionForProject(em, scope, project);
    projects.push({ project, ticketIds: inProject.map((ticket) => ticket.id), connection: connection && summary(connection) });
    if (!connection) continue;
    const entry = connections.get(connection.id) ?? { connection, projects: [], tickets: [] };
    connections.set(connection.id, entry);
    entry.projects.push(project);
    entry.tickets.push(...inProject);
  }
  return {
    selected: tickets.length,
    toPush: rest.length,
    alreadyPushed: pushed.map((ticket) => ({
      ticketId: ticket.id, title: ticket.title, project: ticket.project, externalUrl: ticket.externalUrl!,
      externalType: ticket.externalType ?? null, externalKey: ticket.externalKey ?? ticket.externalId ?? null,
    })),
    projects,
    connections: [...connections.values()].map(({ connection, projects: served, tickets: toPush }) => ({
      connection: summary(connection),
      projects: served,
      ticketIds: toPush.map((ticket) => ticket.id),
      unmappedAssignees: [...new Set(toPush.flatMap((ticket) => {
        const assignee = ticket.assignee?.trim();
        return assignee && !mappedUsername(connection.settings.userMappings ?? {}, assignee) ? [assignee] : [];
      }))],
    })),
    message: rest.length ? null : ALL_PUSHED,
    undecided: await undecidedSameAs(em, scope, rest.map((ticket) => ticket.id)),
  };
}

/** Of these tickets, those a meeting proposed as the same task as an open ticket, with no decision yet. */
async function undecidedSameAs(em: EntityManager, scope: WorkspaceScope, ticketIds: string[]): Promise<PushAnalysis['undecided']> {
  if (!ticketIds.length) return [];
  const rows = await db(em).selectFrom('ticket_proposals as p')
    .innerJoin('tickets as n', 'n.id', 'p.new_ticket_id')
    .innerJoin('tickets as t', 't.id', 'p.ticket_id')
    .select(['p.id', 'p.transcript_id', 'n.id as n_id', 'n.title as n_title', 't.id as t_id', 't.title as t_title', 't.external_type', 't.external_key'])
    .where('p.workspace_id', '=', scope.workspace).where('p.kind', '=', 'same').where('p.state', '=', 'open')
    .where('p.new_ticket_id', 'in', ticketIds).orderBy('n.created_at').execute();
  return rows.map((row) => ({
    ticketId: row.n_id, title: row.n_title, transcriptId: row.transcript_id, proposalId: row.id,
    sameAs: { id: row.t_id, title: row.t_title, externalType: row.external_type, externalKey: row.external_key },
  }));
}
