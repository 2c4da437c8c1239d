import { api } from '../api/browser.ts';
import { dataOf } from '../api/client.ts';
import type { Schema } from '../api/schema.ts';
import type { TicketListQuery } from './listState.ts';

export type Ticket = Schema<'TicketView'>;
export type TicketStatus = Ticket['status'];
export type TicketPriority = Ticket['priority'];
export type TicketEffort = NonNullable<Ticket['effort']>;

export const STATUSES: readonly TicketStatus[] = ['ToDo', 'InProgress', 'Done'];
export const PRIORITIES: readonly TicketPriority[] = ['Low', 'Medium', 'High'];
export const EFFORTS: readonly TicketEffort[] = ['Small', 'Medium', 'Large'];

/** The fields a person edits; what POST /api/tickets and PUT /api/tickets/{id} take. */
export type TicketInput = Pick<
  Ticket,
  | 'title'
  | 'description'
  | 'project'
  | 'status'
  | 'priority'
  | 'effort'
  | 'assignee'
  | 'tags'
  | 'dueDate'
  | 'context'
  | 'implementation'
  | 'notes'
  | 'dependencies'
>;

const byId = (id: string) => ({ params: { path: { id } } });

/** The ticket calls of the spec's "The calls it makes". */
export const ticketsApi = {
  list: (query: TicketListQuery) => dataOf(api.GET('/api/tickets/filtered', { params: { query } })),
  get: async (id: string) => (await dataOf(api.GET('/api/tickets/{id}', byId(id)))).ticket,
  /**
   * The spec's "Entities and their fields": user_id is sent on create (the server takes the owner from the session).
   */
  create: async (input: TicketInput, userId: string) =>
    (await dataOf(api.POST('/api/tickets', { body: { ...input, user_id: userId } }))).ticket,
  /**
   * `shownAt` is the ticket's updatedAt as the editor showed it: the server refuses the change (409, in words) when
   * someone changed the ticket since, instead of overwriting their change.
   */
  update: async (id: string, input: TicketInput, shownAt?: string) =>
    (await dataOf(api.PUT('/api/tickets/{id}', { ...byId(id), body: { ...input, ...(shownAt ? { updatedAt: shownAt } : {}) } }))).ticket,
  remove: async (id: string) => {
    await api.DELETE('/api/tickets/{id}', byId(id));
  },
  /** A page of the ticket's history, newest first. */
  events: (id: string, limit: number, offset: number) =>
    dataOf(api.GET('/api/tickets/{id}/events', { params: { path: { id }, query: { limit, offset } } })),
  /** The ticket's newest status event (where its status came from), or null when it has none. */
  latestStatus: async (id: string) =>
    (await dataOf(api.GET('/api/tickets/{id}/events', { params: { path: { id }, query: { limit: 1, offset: 0, kind: 'status' } } }))).events[0] ?? null,
  /** Tickets whose text contains `text` (to pick dependencies from). */
  search: async (text: string, limit: number) =>
    (await dataOf(api.GET('/api/tickets/search', { params: { query: { q: text, limit } } }))).tickets,
  /** Assignee suggestions, narrowed to a project when one is given. */
  assignees: async (text: string, limit: number, project: string) => {
    const query = { q: text, limit, ...(project.trim() === '' ? {} : { project: project.trim() }) };
    const { users } = await dataOf(api.GET('/api/tickets/users/search', { params: { query } }));
    return users.map((user) => user.name);
  },
};
