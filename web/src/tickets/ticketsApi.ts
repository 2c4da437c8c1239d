import type { TicketView } from '../../../schemas/types.ts';
import { api } from '../api/browser.ts';
import { listQuery, type TicketFilters } from './listState.ts';

export type Ticket = TicketView;
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

export interface TicketPage {
  data: Ticket[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

export interface TranscriptSummary {
  id: string;
  title: string;
  date: string | null;
  createdAt: string;
}

export function fetchTickets(filters: TicketFilters, page: number, limit: number): Promise<TicketPage> {
  return api.get<TicketPage>(`/api/tickets/filtered?${listQuery(filters, page, limit)}`);
}

export async function fetchTicket(id: string): Promise<Ticket> {
  return (await api.get<{ ticket: Ticket }>(`/api/tickets/${encodeURIComponent(id)}`)).ticket;
}

/** Spec section 3: user_id is sent on create (the server takes the owner from the session). */
export async function createTicket(input: Partial<TicketInput>, userId: string): Promise<Ticket> {
  return (await api.post<{ ticket: Ticket }>('/api/tickets', { ...input, user_id: userId })).ticket;
}

export async function updateTicket(id: string, input: Partial<TicketInput>): Promise<Ticket> {
  return (await api.put<{ ticket: Ticket }>(`/api/tickets/${encodeURIComponent(id)}`, input)).ticket;
}

export async function deleteTicket(id: string): Promise<void> {
  await api.del(`/api/tickets/${encodeURIComponent(id)}`);
}

export async function searchTickets(query: string, limit: number): Promise<Ticket[]> {
  const params = new URLSearchParams({ q: query, limit: String(limit) });
  return (await api.get<{ tickets: Ticket[] }>(`/api/tickets/search?${params}`)).tickets;
}

export async function searchAssignees(query: string, limit: number, project?: string): Promise<string[]> {
  const params = new URLSearchParams({ q: query, limit: String(limit) });
  if (project !== undefined && project.trim() !== '') params.set('project', project.trim());
  const { users } = await api.get<{ users: { name: string }[] }>(`/api/tickets/users/search?${params}`);
  return users.map((user) => user.name);
}

export async function fetchTranscriptSummary(id: string): Promise<TranscriptSummary> {
  const { transcript } = await api.get<{ transcript: TranscriptSummary }>(`/api/transcripts/${encodeURIComponent(id)}`);
  return transcript;
}
