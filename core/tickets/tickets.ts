import type { EntityManager } from '@mikro-orm/postgresql';
import type { TicketCreateRequest, TicketFilterQuery, TicketList, TicketSearchResponse, TicketUpdateRequest } from '../../schemas/types.ts';
import { JsonText } from '../json-text.ts';
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

/**
 * A ticket's view (viewTicket) as PostgreSQL writes it: lists are answered with the JSON the database builds,
 * without reading rows into objects and serialising them again. Times are UTC with milliseconds, like toISOString.
 */
const VIEW_JSON = `json_build_object('id', id, 'title', title, 'description', description, 'context', context,
  'implementation', implementation, 'dependencies', dependencies, 'effort', effort, 'notes', notes, 'project', project,
  'status', status, 'priority', priority, 'assignee', assignee, 'tags', tags, 'dueDate', to_char(due_date, 'YYYY-MM-DD'),
  'externalUrl', external_url, 'externalId', external_id, 'externalType', external_type, 'externalKey', external_key,
  'transcriptId', transcript_id,
  'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'updatedAt', to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/** The views of a page of tickets (`from page`), newest first, as one JSON array. */
const PAGE_JSON = `coalesce((select json_agg(${VIEW_JSON} order by created_at desc, id desc) from page), '[]')::text`;

/** A condition on the user's tickets: SQL and its parameters. */
interface Where {
  sql: string;
  params: unknown[];
}

/** The user's tickets matching `where`, newest first, a page at a time: their views as a JSON array. */
async function ticketPage(em: EntityManager, where: Where, limit: number, offset = 0): Promise<string> {
  const [row] = await em.getConnection().execute<{ data: string }[]>(
    `with page as (select * from tickets where ${where.sql} order by created_at desc, id desc limit ? offset ?) select ${PAGE_JSON} as data`,
    [...where.params, limit, offset],
  );
  return row!.data;
}

/** How a page's total is counted: all the user's tickets (kept by PostgreSQL), or the matches up to `cap`. */
type Total = { all: string } | { cap: number };

/** A page of the user's tickets matching `where` (their views as a JSON array) with their total, in one round trip. */
async function countedTicketPage(em: EntityManager, where: Where, limit: number, offset: number, total: Total) {
  const counted = 'all' in total
    ? { sql: 'select coalesce((select ticket_count from user_ticket_counts where user_id = ?), 0)', params: [total.all] }
    : { sql: `select count(*)::int from (select 1 from tickets where ${where.sql} limit ?) as capped`, params: [...where.params, total.cap] };
  const [row] = await em.getConnection().execute<{ total: number; data: string }[]>(
    `with page as (select * from tickets where ${where.sql} order by created_at desc, id desc limit ? offset ?)
     select (${counted.sql}) as total, ${PAGE_JSON} as data`,
    [...where.params, limit, offset, ...counted.params],
  );
  return { data: row!.data, total: row!.total };
}

export interface Page {
  page: number;
  limit: number;
}

/** The list answer: a page of views (JSON written by PostgreSQL) and where it stands. */
function paginate(data: string, total: number, page: Page, capped = false): JsonText<TicketList> {
  const pagination = { page: page.page, limit: page.limit, total, totalPages: Math.ceil(total / page.limit) };
  return JsonText.object('data', data, { pagination, ...(capped ? { totalCapped: true } : {}) });
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
  const { data, total } = await countedTicketPage(em, { sql: 'user_id = ?', params: [user.id] }, page.limit, (page.page - 1) * page.limit, { all: user.id });
  return paginate(data, total, page);
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
  // Unfiltered, the total is the user's ticket count, kept by PostgreSQL; filtered, the matches are counted.
  const cap = conditions.length === 1 ? undefined : search ? SEARCH_COUNT_CAP : COUNT_CAP;
  const { data, total } = await countedTicketPage(em, where, query.limit, (query.page - 1) * query.limit, cap === undefined ? { all: user.id } : { cap });
  return paginate(data, total, query, cap !== undefined && total >= cap);
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
  return JsonText.object<TicketSearchResponse>('tickets', await ticketPage(em, where, limit));
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
