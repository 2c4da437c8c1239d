import type { EntityManager } from '@mikro-orm/postgresql';
import {
  createTicket, deleteTicket, ownTicket, searchAssignees, searchTickets, ticketListOf, ticketListRead, updateTicket, viewTicket,
} from '../../core/tickets/tickets.ts';
import { ticketEvents } from '../../core/tickets/events.ts';
import type {
  AssigneeSearchQuery, AssigneeSearchResponse, TicketCreateRequest, TicketFilterQuery, TicketList, TicketListQuery,
  TicketEventList, TicketEventsQuery, TicketResponse, TicketSearchQuery, TicketSearchResponse, TicketUpdateRequest, TicketView,
} from '../../schemas/types.ts';
import type { ApiRegistry } from '../routing.ts';
import type { Client } from '@temporalio/client';
import type { Logger } from '../../core/logger.ts';
import type { PluginHost } from '../../core/plugins/host.ts';
import { statusTargets } from '../../core/tracker-status/status.ts';
import type { Scope } from '../../core/users/scope.ts';
import { startStatusSend } from '../../workflows/client.ts';

const schema = (name: string) => `api/tickets/${name}.schema.json`;

/** What sends a status set in Tickscribe to the trackers of the ticket's items. */
export interface StatusSending {
  plugins: PluginHost;
  workflows: Client;
  taskQueue: string;
  logger?: Logger;
}

/**
 * Starts sending a status set in Tickscribe (an edit, or a "done" proposal accepted) to each item of the ticket whose
 * tracker takes one. The change is saved already: a send that cannot start is logged, and the next change of the
 * status sends again.
 */
export function statusSender(em: () => EntityManager, sending: StatusSending | undefined) {
  return async (scope: Scope, ticketId: string, change: { previous: TicketView['status']; status: TicketView['status'] }): Promise<void> => {
    if (!sending) return;
    try {
      const targets = await statusTargets(em(), ticketId, (type) => sending.plugins.statusSupport(type).setStatus);
      for (const connectionId of targets) {
        await startStatusSend(sending.workflows, sending.taskQueue, { ticketId, connectionId, ...change, actorId: scope.user.id, workspaceId: scope.workspace });
      }
    } catch (error) {
      sending.logger?.warn({ err: error, ticketId }, 'could not start sending a ticket\'s status to its tracker');
    }
  };
}

export function ticketRoutes(api: ApiRegistry, deps: { em: () => EntityManager; status?: StatusSending }): void {
  const { em } = deps;
  const sendStatus = statusSender(em, deps.status);

  api.route<undefined, Required<TicketListQuery>, TicketList>({
    method: 'get', path: '/api/tickets', operationId: 'listTickets', tag: 'tickets', auth: 'session', role: 'member',
    summary: "The signed-in user's tickets, newest first.",
    query: schema('list.query'),
    responses: { 200: { description: 'A page.', schema: schema('list.response') } },
    preload: ({ query }) => ticketListRead(query),
    handler: (ctx, { query, preloaded }) => {
      return ticketListOf(preloaded!, query);
    },
  });

  api.route<undefined, Required<Pick<TicketFilterQuery, 'page' | 'limit'>> & TicketFilterQuery, TicketList>({
    method: 'get', path: '/api/tickets/filtered', operationId: 'filterTickets', tag: 'tickets', auth: 'session', role: 'member',
    summary: 'Tickets filtered by status, priority, project and pushed state, with a text search; newest first.',
    query: schema('filtered.query'),
    responses: { 200: { description: 'A page.', schema: schema('list.response') } },
    preload: ({ query }) => ticketListRead(query),
    handler: (ctx, { query, preloaded }) => {
      return ticketListOf(preloaded!, query);
    },
  });

  api.route<undefined, Required<TicketSearchQuery>, TicketSearchResponse>({
    method: 'get', path: '/api/tickets/search', operationId: 'searchTickets', tag: 'tickets', auth: 'session', role: 'member',
    summary: 'Tickets whose text contains q (for dependencies).',
    query: schema('search.query'),
    responses: { 200: { description: 'Matches.', schema: schema('search.response') } },
    handler: (ctx, { query, scope }) => searchTickets(em(), scope, query.q, query.limit),
  });

  api.route<undefined, Required<Pick<AssigneeSearchQuery, 'q' | 'limit'>> & AssigneeSearchQuery, AssigneeSearchResponse>({
    method: 'get', path: '/api/tickets/users/search', operationId: 'searchAssignees', tag: 'tickets', auth: 'session', role: 'member',
    summary: "Assignee suggestions: participants of the user's transcripts and assignees already used.",
    query: schema('users-search.query'),
    responses: { 200: { description: 'Names.', schema: schema('users-search.response') } },
    handler: (ctx, { query, scope }) => searchAssignees(em(), scope, query.q, query.limit, query.project?.trim() || undefined),
  });

  api.route<undefined, undefined, TicketResponse>({
    method: 'get', path: '/api/tickets/{id}', operationId: 'getTicket', tag: 'tickets', auth: 'session', role: 'member',
    summary: 'One ticket.',
    responses: { 200: { description: 'Found.', schema: schema('ticket.response') } },
    handler: async (ctx, { params, scope }) => ({ ticket: viewTicket(await ownTicket(em(), scope, params['id']!)) }),
  });

  api.route<undefined, Required<TicketEventsQuery>, TicketEventList>({
    method: 'get', path: '/api/tickets/{id}/events', operationId: 'ticketEvents', tag: 'tickets', auth: 'session', role: 'member',
    summary: "A ticket's history, newest first, a page at a time: extracted from a meeting or created by hand, each edit (who, before, after), each push and each status followed from or sent to a tracker; `kind` keeps one kind of event.",
    query: schema('events.query'),
    responses: { 200: { description: 'A page of events.', schema: schema('events.response') }, 404: { description: 'No such ticket in this workspace.' } },
    handler: (ctx, { params, query, scope }) => ticketEvents(em(), scope, params['id']!, query),
  });

  api.route<TicketCreateRequest, undefined, TicketResponse>({
    method: 'post', path: '/api/tickets', operationId: 'createTicket', tag: 'tickets', auth: 'session', role: 'member',
    summary: 'Create a ticket (title, project and description required; status ToDo and priority Medium by default).',
    body: schema('create.request'),
    responses: { 201: { description: 'Created.', schema: schema('ticket.response') }, 400: { description: "'Please fill out all required fields', or a bad dependency." } },
    handler: async (ctx, { body, scope }) => ({ ticket: await createTicket(em(), scope, body) }),
  });

  api.route<TicketUpdateRequest, undefined, TicketResponse>({
    method: 'put', path: '/api/tickets/{id}', operationId: 'updateTicket', tag: 'tickets', auth: 'session', role: 'member',
    summary: 'Change a ticket; fields left out keep their values.',
    body: schema('update.request'),
    responses: {
      200: { description: 'Updated.', schema: schema('ticket.response') },
      400: { description: 'A required field blanked, or a bad dependency.' },
      409: { description: 'The ticket was changed after the updatedAt the request carries (someone else edited it).' },
    },
    async handler(ctx, { body, params, scope }) {
      const { ticket, statusChange } = await updateTicket(em(), scope, params['id']!, body);
      if (statusChange) await sendStatus(scope, ticket.id, statusChange);
      return { ticket };
    },
  });

  api.route<undefined, undefined, undefined>({
    method: 'delete', path: '/api/tickets/{id}', operationId: 'deleteTicket', tag: 'tickets', auth: 'session', role: 'member',
    summary: 'Delete a ticket; other tickets stop depending on it.',
    responses: { 204: { description: 'Deleted.' } },
    async handler(ctx, { params, scope }) {
      await deleteTicket(em(), scope, params['id']!);
      return undefined;
    },
  });
}
