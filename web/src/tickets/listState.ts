import type { operations } from '../api/openapi.ts';
import type { Schema } from '../api/schema.ts';
import { ticketTexts, TITLE_CUT } from './texts.ts';

export type StatusFilter = 'All' | Schema<'TicketView'>['status'];
export type PriorityFilter = 'All' | Schema<'TicketView'>['priority'];
export type PushedFilter = 'All' | 'Pushed' | 'NotPushed';

/** What narrows the ticket list; 'All' (and an empty project or search) narrows nothing. */
export interface TicketFilters {
  search: string;
  status: StatusFilter;
  priority: PriorityFilter;
  /** '' means every project. */
  project: string;
  pushed: PushedFilter;
}

export const NO_FILTERS: TicketFilters = { search: '', status: 'All', priority: 'All', project: '', pushed: 'All' };

export type TicketListQuery = NonNullable<operations['filterTickets']['parameters']['query']>;

/** The query of GET /api/tickets/filtered: only the filters in use are sent. */
export function filterQuery(filters: TicketFilters, page: number, limit: number): TicketListQuery {
  const query: TicketListQuery = { page, limit };
  const search = filters.search.trim();
  if (search !== '') query.search = search;
  if (filters.status !== 'All') query.status = filters.status;
  if (filters.priority !== 'All') query.priority = filters.priority;
  if (filters.project !== '') query.project = filters.project;
  if (filters.pushed !== 'All') query.pushed = filters.pushed === 'Pushed' ? 'true' : 'false';
  return query;
}

/** The same query as a query string. */
export function listQuery(filters: TicketFilters, page: number, limit: number): string {
  const entries = Object.entries(filterQuery(filters, page, limit)).map(([name, value]) => [name, String(value)]);
  return new URLSearchParams(entries).toString();
}

/** Whether an empty list means "nothing matches" rather than "no tickets at all". */
export function hasActiveFilters(filters: TicketFilters): boolean {
  return listQuery(filters, 1, 1) !== listQuery(NO_FILTERS, 1, 1);
}

/** The spec's "Business constants and limits": titles in the table are cut at 50 characters plus an ellipsis. */
export function cutTitle(title: string, length = TITLE_CUT): string {
  const characters = Array.from(title);
  return characters.length > length ? `${characters.slice(0, length).join('')}...` : title;
}

/** The project filter offers the projects present in the loaded page, plus the one chosen now. */
export function projectOptions(tickets: readonly { project: string }[], chosen: string): string[] {
  const projects = new Set(tickets.map((ticket) => ticket.project).filter((project) => project.trim() !== ''));
  if (chosen !== '') projects.add(chosen);
  return [...projects].sort((a, b) => a.localeCompare(b));
}

/** A ticket is pushed once it has an externalUrl (the spec's "States and transitions"). */
export function isPushed(ticket: { externalUrl: string | null }): boolean {
  return ticket.externalUrl !== null && ticket.externalUrl.trim() !== '';
}

/** What people call a pushed ticket's item: the tracker's key ('#42', 'PROJ-7'), else '#' and its id; null when not pushed. */
export function externalKey(ticket: { externalKey?: string | null; externalId: string | null }): string | null {
  if (ticket.externalKey) return ticket.externalKey;
  return ticket.externalId ? `#${ticket.externalId}` : null;
}

/** Why the selection cannot be pushed, in the spec's words; null when some selected ticket can be. */
export function pushProblem(selected: readonly { externalUrl: string | null }[]): string | null {
  if (selected.length === 0) return ticketTexts.list.selectToPush;
  if (selected.every(isPushed)) return ticketTexts.list.allPushed;
  return null;
}
