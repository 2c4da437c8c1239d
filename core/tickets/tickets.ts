import type { EntityManager } from '@mikro-orm/postgresql';
import type { TicketCreateRequest, TicketFilterQuery, TicketUpdateRequest } from '../../schemas/types.ts';
import { InvalidInput, NotFound } from '../errors.ts';
import { containing } from '../db/like.ts';
import { isUuid } from '../ids.ts';
import { Transcript } from '../transcripts/transcript.entity.ts';
import type { User } from '../users/user.entity.ts';
import { Ticket } from './ticket.entity.ts';
import { PLACEHOLDER_NAME_PATTERN } from '../../plugins/sdk/index.ts';

const REQUIRED_FIELDS = 'Please fill out all required fields';
const TICKET_NOT_FOUND = 'Ticket not found';

export function viewTicket(ticket: Ticket) {
  return {
    id: ticket.id,
    title: ticket.title,
    description: ticket.description,
    context: ticket.context ?? null,
    implementation: ticket.implementation ?? null,
    dependencies: ticket.dependencies,
    effort: ticket.effort ?? null,
    notes: ticket.notes ?? null,
    project: ticket.project,
    status: ticket.status,
    priority: ticket.priority,
    assignee: ticket.assignee ?? null,
    tags: ticket.tags,
    dueDate: ticket.dueDate ?? null,
    externalUrl: ticket.externalUrl ?? null,
    externalId: ticket.externalId ?? null,
    externalType: ticket.externalType ?? null,
    externalKey: ticket.externalKey ?? null,
    transcriptId: ticket.transcript?.id ?? null,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

/** The columns a ticket's view shows, as SQL: lists read these straight into the view, without entities. */
const VIEW_COLUMNS = `id, title, description, context, implementation, dependencies, effort, notes, project, status, priority, assignee,
  tags, to_char(due_date, 'YYYY-MM-DD') as due_date, external_url, external_id, external_type, external_key, transcript_id, created_at, updated_at`;

interface TicketRow {
  id: string; title: string; description: string; context: string | null; implementation: string | null; dependencies: string[];
  effort: NonNullable<Ticket['effort']> | null; notes: string | null; project: string; status: Ticket['status']; priority: Ticket['priority'];
  assignee: string | null; tags: string[]; due_date: string | null; external_url: string | null; external_id: string | null;
  external_type: string | null; external_key: string | null; transcript_id: string | null; created_at: Date; updated_at: Date;
}

function viewRow(row: TicketRow): ReturnType<typeof viewTicket> {
  return {
    id: row.id, title: row.title, description: row.description, context: row.context, implementation: row.implementation,
    dependencies: row.dependencies, effort: row.effort, notes: row.notes, project: row.project, status: row.status, priority: row.priority,
    assignee: row.assignee, tags: row.tags, dueDate: row.due_date, externalUrl: row.external_url, externalId: row.external_id,
    externalType: row.external_type, externalKey: row.external_key, transcriptId: row.transcript_id,
    createdAt: new Date(row.created_at).toISOString(), updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** A condition on the user's tickets: SQL and its parameters. */
interface Where {
  sql: string;
  params: unknown[];
}

/** The user's tickets matching `where`, newest first, a page at a time, as views. */
async function ticketPage(em: EntityManager, where: Where, limit: number, offset = 0) {
  const rows = await em.getConnection().execute<TicketRow[]>(
    `select ${VIEW_COLUMNS} from tickets where ${where.sql} order by created_at desc, id desc limit ? offset ?`, [...where.params, limit, offset],
  );
  return rows.map(viewRow);
}

/**
 * A page of the user's tickets matching `where` with their count up to `cap`, in one round trip: the count comes
 * back on every row, and on a row of its own when the page is empty.
 */
async function countedTicketPage(em: EntityManager, where: Where, limit: number, offset: number, cap: number) {
  const rows = await em.getConnection().execute<(TicketRow & { total: number })[]>(
    `with page as (select ${VIEW_COLUMNS} from tickets where ${where.sql} order by created_at desc, id desc limit ? offset ?),
       total as (select count(*)::int as total from (select 1 from tickets where ${where.sql} limit ?) as capped)
     select total.total, page.* from total left join page on true order by page.created_at desc, page.id desc`,
    [...where.params, limit, offset, ...where.params, cap],
  );
  return { rows: rows.filter((row) => row.id !== null).map(viewRow), total: rows[0]?.total ?? 0 };
}

export interface Page {
  page: number;
  limit: number;
}

function paginate<T>(rows: T[], total: number, page: Page): { data: T[]; pagination: { page: number; limit: number; total: number; totalPages: number } } {
  return { data: rows, pagination: { page: page.page, limit: page.limit, total, totalPages: Math.ceil(total / page.limit) } };
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
/** Whether a ticket was pushed; the same expression as in tickets_user_pushed_created_idx. */
const PUSHED = `(coalesce(external_url, '') <> '')`;

/** The text the trigram index covers; searches must use exactly this expression to use the index. */
const SEARCH_TEXT = `(title || ' ' || description || ' ' || coalesce(assignee, '') || ' ' || project)`;

export async function ownTicket(em: EntityManager, user: User, id: string): Promise<Ticket> {
  const ticket = isUuid(id) ? await em.findOne(Ticket, { id, user }, { populate: ['transcript'] }) : null;
  if (!ticket) throw new NotFound(TICKET_NOT_FOUND);
  return ticket;
}

export async function listTickets(em: EntityManager, user: User, page: Page) {
  const { rows, total } = await countedTicketPage(em, { sql: 'user_id = ?', params: [user.id] }, page.limit, (page.page - 1) * page.limit, 2 ** 31 - 1);
  return paginate(rows, total, page);
}

/** The ticket list with its filters and text search, done in PostgreSQL on indexes that fit them. */
export async function filterTickets(em: EntityManager, user: User, query: Required<Pick<TicketFilterQuery, 'page' | 'limit'>> & TicketFilterQuery) {
  const conditions = ['user_id = ?'];
  const params: unknown[] = [user.id];
  const match = (sql: string, value: unknown) => {
    conditions.push(sql);
    params.push(value);
  };
  if (query.status && query.status !== 'All') match('status = ?', query.status);
  if (query.priority && query.priority !== 'All') match('priority = ?', query.priority);
  if (query.project?.trim() && query.project !== 'All') match('project = ?', query.project.trim());
  if (query.pushed === 'true' || query.pushed === 'Pushed') conditions.push(`${PUSHED} = true`);
  if (query.pushed === 'false' || query.pushed === 'NotPushed') conditions.push(`${PUSHED} = false`);
  const search = query.search?.trim();
  if (search) match(`${SEARCH_TEXT} ilike ?`, containing(search));
  const where = { sql: conditions.join(' and '), params };
  const cap = search ? SEARCH_COUNT_CAP : COUNT_CAP;
  const { rows, total } = await countedTicketPage(em, where, query.limit, (query.page - 1) * query.limit, cap);
  return { ...paginate(rows, total, query), ...(total >= cap ? { totalCapped: true } : {}) };
}

/**
 * Matches are counted up to COUNT_CAP: an exact count of tens of thousands of rows costs far more than the page
 * itself, and nobody pages that far. Past the cap the total says the cap and `totalCapped` is set.
 */
const COUNT_CAP = 10_000;
/** A text search must read each matching row to check it, so its count stops sooner. */
const SEARCH_COUNT_CAP = 1_000;

export async function searchTickets(em: EntityManager, user: User, q: string, limit: number) {
  const text = q.trim();
  const where = text ? { sql: `user_id = ? and ${SEARCH_TEXT} ilike ?`, params: [user.id, containing(text)] } : { sql: 'user_id = ?', params: [user.id] };
  return { tickets: await ticketPage(em, where, limit) };
}

/** Names for the assignee field: participants of the user's transcripts and assignees already used, A-Z. */
/** Names offered as assignees: the user's meeting participants and assignees, never a placeholder speaker. */
export async function searchAssignees(em: EntityManager, user: User, q: string, limit: number, project?: string) {
  const pattern = containing(q.trim());
  const rows = await em.getConnection().execute<{ name: string }[]>(
    `select name from (
       select distinct p->>'name' as name from transcripts t, jsonb_array_elements(t.participants) p where t.user_id = ?
       union
       select distinct assignee from tickets where user_id = ? and assignee is not null ${project ? 'and project = ?' : ''}
     ) as names where name ilike ? and name <> '' and btrim(regexp_replace(name, '\\s+', ' ', 'g')) !~* ? order by name limit ?`,
    [user.id, user.id, ...(project ? [project] : []), pattern, PLACEHOLDER_NAME_PATTERN, limit],
  );
  return { users: rows.map((row) => ({ name: row.name })) };
}

function required(value: string | undefined): string {
  const text = value?.trim();
  if (!text) throw new InvalidInput(REQUIRED_FIELDS);
  return text;
}

async function checkDependencies(em: EntityManager, user: User, ids: string[] | undefined, self?: string): Promise<string[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (self && unique.includes(self)) throw new InvalidInput('A ticket cannot depend on itself.');
  const valid = unique.filter((id) => isUuid(id));
  const found = valid.length ? await em.count(Ticket, { user, id: { $in: valid } }) : 0;
  if (found !== unique.length) throw new InvalidInput('Dependencies must be your own tickets.');
  return unique;
}

async function ownTranscriptRef(em: EntityManager, user: User, id: string | null | undefined) {
  if (id === undefined) return undefined;
  if (id === null) return null;
  const transcript = isUuid(id) ? await em.findOne(Transcript, { id, user }) : null;
  if (!transcript) throw new InvalidInput('The related transcript does not exist.');
  return transcript;
}

function editableFields(input: TicketCreateRequest | TicketUpdateRequest) {
  const trimOrNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);
  return Object.fromEntries(
    Object.entries({
      context: trimOrNull(input.context),
      implementation: trimOrNull(input.implementation),
      notes: trimOrNull(input.notes),
      assignee: trimOrNull(input.assignee),
      effort: input.effort,
      status: input.status,
      priority: input.priority,
      dueDate: input.dueDate === undefined ? undefined : input.dueDate || null,
      tags: input.tags === undefined ? undefined : [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))],
    }).filter(([, value]) => value !== undefined),
  );
}

export async function createTicket(em: EntityManager, user: User, input: TicketCreateRequest) {
  const ticket = em.create(Ticket, {
    user,
    title: required(input.title),
    description: required(input.description),
    project: required(input.project),
    ...editableFields(input),
    dependencies: (await checkDependencies(em, user, input.dependencies)) ?? [],
    transcript: (await ownTranscriptRef(em, user, input.transcriptId)) ?? null,
  });
  await em.flush();
  return viewTicket(ticket);
}

export async function updateTicket(em: EntityManager, user: User, id: string, input: TicketUpdateRequest) {
  const ticket = await ownTicket(em, user, id);
  const changes: Record<string, unknown> = editableFields(input);
  for (const field of ['title', 'description', 'project'] as const) {
    if (input[field] !== undefined) changes[field] = required(input[field]);
  }
  const dependencies = await checkDependencies(em, user, input.dependencies, ticket.id);
  if (dependencies) changes['dependencies'] = dependencies;
  const transcript = await ownTranscriptRef(em, user, input.transcriptId);
  if (transcript !== undefined) changes['transcript'] = transcript;
  em.assign(ticket, changes);
  await em.flush();
  return viewTicket(ticket);
}

export async function deleteTicket(em: EntityManager, user: User, id: string): Promise<void> {
  const ticket = await ownTicket(em, user, id);
  // Other tickets that depended on this one no longer do.
  await em.getConnection().execute(
    `update tickets set dependencies = dependencies - ?::text where user_id = ? and jsonb_exists(dependencies, ?)`,
    [ticket.id, user.id, ticket.id],
  );
  await em.remove(ticket).flush();
}
