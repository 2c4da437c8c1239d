import type { EntityManager } from '@mikro-orm/postgresql';
import type { TicketCreateRequest, TicketFilterQuery, TicketList, TicketSearchResponse, TicketUpdateRequest } from '../../schemas/types.ts';
import { JsonText } from '../json-text.ts';
import { readRows, sqlLiteral } from '../db/statements.ts';
import { SIGNED_IN_USER, type SessionRead } from '../users/session-lookup.ts';
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

/**
 * The views of the tickets matching `where` (SQL), newest first, a page at a time, as one JSON array; its last two
 * placeholders are the page's limit and offset.
 */
function pageJson(where: string): string {
  return `coalesce((select json_agg(${VIEW_JSON} order by created_at desc, id desc)
    from (select * from tickets where ${where} order by created_at desc, id desc limit ? offset ?) as page), '[]')::text`;
}

/** A condition on the user's tickets: SQL and its parameters. */
interface Where {
  sql: string;
  params: unknown[];
}

/** The user's tickets matching `where`, newest first, a page at a time: their views as a JSON array. */
async function ticketPage(em: EntityManager, where: Where, limit: number, offset: number, oneOff: boolean): Promise<string> {
  const [row] = await readRows<{ data: string }>(em, `select ${pageJson(where.sql)} as data`, [...where.params, limit, offset], { oneOff });
  return row!.data;
}

/** Whether a ticket was pushed; the same expression as in tickets_user_pushed_created_idx. */
const PUSHED = `(coalesce(external_url, '') <> '')`;

/** The text the trigram index covers; searches must use exactly this expression to use the index. */
const SEARCH_TEXT = `(title || ' ' || description || ' ' || coalesce(assignee, '') || ' ' || project)`;

/**
 * The condition of a text search, its pattern written into the SQL: how well the trigram index serves a search
 * depends on the pattern ("#4242" matches a few tickets, "grace" a quarter of them), so it is planned for it, where
 * a plan made once for any pattern can take a thousand times longer.
 */
function searchCondition(text: string): string {
  return `${SEARCH_TEXT} ilike ${sqlLiteral(containing(text))}`;
}

export async function ownTicket(em: EntityManager, user: User, id: string): Promise<Ticket> {
  const ticket = isUuid(id) ? await em.findOne(Ticket, { id, user }, { populate: ['transcript'] }) : null;
  if (!ticket) throw new NotFound(TICKET_NOT_FOUND);
  return ticket;
}

type ListQuery = Required<Pick<TicketFilterQuery, 'page' | 'limit'>> & TicketFilterQuery;

/** The filters of a list query as SQL conditions on the signed-in user's tickets, and whether it searches. */
function listConditions(query: ListQuery): Where & { filtered: boolean; search: boolean } {
  const conditions: string[] = [];
  const params: unknown[] = [];
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
  if (search) conditions.push(searchCondition(search));
  return { sql: [`user_id = ${SIGNED_IN_USER}`, ...conditions].join(' and '), params, filtered: conditions.length > 0, search: Boolean(search) };
}

/**
 * The ticket list's read, made in the session lookup's round trip: a page with its filters and text search, done
 * in PostgreSQL on indexes that fit them, and the total. Unfiltered, the total is the user's ticket count, kept by
 * PostgreSQL; filtered, the matches are counted up to a cap.
 */
export function ticketListRead(query: ListQuery): SessionRead {
  const where = listConditions(query);
  const cap = countCap(where);
  const total = cap === undefined
    ? { sql: `coalesce((select ticket_count from user_ticket_counts where user_id = ${SIGNED_IN_USER}), 0)`, values: [] }
    : { sql: `(select count(*)::int from (select 1 from tickets where ${where.sql} limit ?) as capped)`, values: [...where.params, cap] };
  return {
    sql: `select ${total.sql} as total, ${pageJson(where.sql)} as data`,
    values: [...total.values, ...where.params, query.limit, (query.page - 1) * query.limit],
    oneOff: where.search,
  };
}

/** The list answer from the row of ticketListRead: a page of views (JSON written by PostgreSQL) and where it stands. */
export function ticketListOf(row: Record<string, unknown>, query: ListQuery): JsonText<TicketList> {
  const total = row['total'] as number;
  const cap = countCap(listConditions(query));
  const pagination = { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
  return JsonText.object('data', row['data'] as string, { pagination, ...(cap !== undefined && total >= cap ? { totalCapped: true } : {}) });
}

/** Where a filtered list stops counting; undefined for the whole list, whose count is kept. */
function countCap(where: { filtered: boolean; search: boolean }): number | undefined {
  if (!where.filtered) return undefined;
  return where.search ? SEARCH_COUNT_CAP : COUNT_CAP;
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
  const where = { sql: `user_id = ?${text ? ` and ${searchCondition(text)}` : ''}`, params: [user.id] };
  return JsonText.object<TicketSearchResponse>('tickets', await ticketPage(em, where, limit, 0, Boolean(text)));
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
