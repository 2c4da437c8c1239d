import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TicketCreateRequest, TicketFilterQuery, TicketList, TicketSearchResponse, TicketUpdateRequest, TicketView } from '../../schemas/types.ts';
import { JsonText } from '../json-text.ts';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { db, isoTime, pageJson, readPrepared, sql, type Database, type Db } from '../db/sql.ts';
import type { SessionRead } from '../users/session-lookup.ts';
import { Conflict, InvalidInput, NotFound } from '../errors.ts';
import { alphabetical, containing, containsText, foldedValue } from '../db/like.ts';
import { isUuid } from '../ids.ts';
import { Transcript } from '../transcripts/transcript.entity.ts';
import type { User } from '../users/user.entity.ts';
import type { Scope, WorkspaceScope } from '../users/scope.ts';
import { editedChanges, editedSnapshot, recordTicketEvent } from './events.ts';
import { Ticket } from './ticket.entity.ts';
import { PLACEHOLDER_NAME_PATTERN } from '../../plugins/sdk/index.ts';

const REQUIRED_FIELDS = 'Please fill out all required fields';
const TICKET_NOT_FOUND = 'Ticket not found';
export const TICKET_CHANGED_SINCE = 'Someone changed this ticket after you opened it. Reload it to see their changes, then make yours again.';

/**
 * The ticket as the API shows it (TicketView), field by field with the column it comes from: the one definition of
 * the view, followed both by answers made from an entity (viewTicket) and by lists PostgreSQL writes as JSON
 * (ticketViewJson). The day is written YYYY-MM-DD, times in UTC with milliseconds, as toISOString writes them.
 */
const TICKET_VIEW = {
  id: 'id', title: 'title', description: 'description', context: 'context', implementation: 'implementation',
  dependencies: 'dependencies', effort: 'effort', notes: 'notes', project: 'project', status: 'status', priority: 'priority',
  assignee: 'assignee', tags: 'tags', dueDate: 'due_date', externalUrl: 'external_url', externalId: 'external_id',
  externalType: 'external_type', externalKey: 'external_key', transcriptId: 'transcript_id', createdAt: 'created_at',
  updatedAt: 'updated_at', createdBy: 'created_by_id', editedBy: 'edited_by_id',
} as const satisfies { [K in keyof TicketView]-?: keyof Database['tickets'] };

type ViewField = keyof typeof TICKET_VIEW;
const TIME_FIELDS: ReadonlySet<ViewField> = new Set(['createdAt', 'updatedAt']);
/** Fields naming a user: their id and what they are called, their full name or else their e-mail address. */
const PERSON_FIELDS: ReadonlySet<ViewField> = new Set(['createdBy', 'editedBy']);

const personOf = (user: Pick<User, 'id' | 'fullName' | 'email'> | null | undefined) => (user ? { id: user.id, name: user.fullName || user.email } : null);

/** A ticket's view; the ticket's transcript, creator and editor loaded (TICKET_RELATIONS). */
export function viewTicket(ticket: Ticket): TicketView {
  const value = (field: ViewField): unknown => {
    if (field === 'transcriptId') return ticket.transcript?.id ?? null;
    if (PERSON_FIELDS.has(field)) return personOf(ticket[field as 'createdBy']);
    if (TIME_FIELDS.has(field)) return (ticket[field as 'createdAt'] as Date).toISOString();
    return ticket[field] ?? null;
  };
  return Object.fromEntries(Object.keys(TICKET_VIEW).map((field) => [field, value(field as ViewField)])) as unknown as TicketView;
}

/** The view (TICKET_VIEW) of the row in scope as PostgreSQL's JSON, so lists are answered without reading rows into objects. */
function ticketViewJson(): Expression<TicketView> {
  const fields = Object.entries(TICKET_VIEW).map(([field, column]) => {
    const ref = sql.ref(column);
    if (field === 'dueDate') return [field, sql`to_char(${ref}, 'YYYY-MM-DD')`] as const;
    if (TIME_FIELDS.has(field as ViewField)) return [field, isoTime(sql.ref<Date>(column))] as const;
    if (PERSON_FIELDS.has(field as ViewField)) {
      return [field, sql`(select json_build_object('id', u.id, 'name', coalesce(nullif(u.full_name, ''), u.email)) from users u where u.id = ${ref})`] as const;
    }
    return [field, ref] as const;
  });
  return jsonBuildObject(Object.fromEntries(fields)) as unknown as Expression<TicketView>;
}

type TicketFilter = (eb: ExpressionBuilder<Database, 'tickets'>) => Expression<SqlBool>;

/** A row count in a statement: a number, or a parameter of a statement made once per shape. */
type Count = number | Expression<number>;

/**
 * The views of the tickets matching `where`, newest first, a page at a time, as one JSON array (text): the page is
 * read off the index in the list's order, then written as JSON.
 */
function ticketPageJson(db: Db, where: TicketFilter, limit: Count, offset: Count) {
  const page = db.selectFrom('tickets').selectAll().where(where).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
  return pageJson(db, page.as('page'), ticketViewJson(), sql`created_at desc, id desc`);
}

/** Whether a ticket was pushed; the same expression as in tickets_workspace_pushed_created_idx. */
const PUSHED = sql<boolean>`(coalesce(external_url, '') <> '')`;

/** What a text search looks in (the ticket's searchText column): its title, description, assignee and project, folded (db/like.ts). */
const SEARCH_TEXT = sql.ref<string>('search_text');

/**
 * A text search: the text anywhere in the ticket, ignoring case, its own %, _ and \ taken literally. `indexed` is
 * its condition as the trigram index reads it (LIKE), `scanned` the same as a row-by-row test (strpos) that no
 * index can serve, so a read using it walks the newest-first index instead. A search shorter than a trigram
 * ("ab", "#1") has no trigram to look up: the index would read all its entries, so it is scanned only.
 */
interface Search {
  indexed: Expression<SqlBool>;
  scanned: Expression<SqlBool>;
  hasTrigram: boolean;
}

function textSearch(values: SearchValues<Expression<string>>, hasTrigram: boolean): Search {
  return {
    indexed: sql<SqlBool>`${SEARCH_TEXT} like ${foldedValue(values.pattern)}`,
    scanned: sql<SqlBool>`strpos(${SEARCH_TEXT}, ${foldedValue(values.text)}) > 0`,
    hasTrigram,
  };
}

/** A text search's values: its LIKE pattern and the text itself. */
type SearchValues<T = string> = {
  pattern: T;
  text: T;
};

const searchValues = (text: string): SearchValues => ({ pattern: containing(text), text });

// pg_trgm takes trigrams from runs of letters and digits; in the C locale the embedded PostgreSQL is made with,
// only A-Z, a-z and 0-9 count, so a run of three of those is sure to give one.
const hasTrigram = (text: string) => /[A-Za-z0-9]{3}/.test(text);

/** What a ticket's view needs loaded besides its row. */
const TICKET_RELATIONS = ['transcript', 'createdBy', 'editedBy'] as const;

export async function ownTicket(em: EntityManager, scope: WorkspaceScope, id: string, lock = false): Promise<Ticket> {
  const ticket = isUuid(id)
    ? await em.findOne(Ticket, { id, workspace: scope.workspace }, { populate: TICKET_RELATIONS, ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {}) })
    : null;
  if (!ticket) throw new NotFound(TICKET_NOT_FOUND);
  return ticket;
}

type ListQuery = Required<Pick<TicketFilterQuery, 'page' | 'limit'>> & TicketFilterQuery;

interface ListConditions {
  status?: Expression<TicketView['status']> | undefined;
  priority?: Expression<TicketView['priority']> | undefined;
  project?: Expression<string> | undefined;
  pushed: boolean | undefined;
}

/** The ticket list's values, each sent as a parameter. */
type ListValues = Partial<SearchValues> & {
  limit: number;
  offset: number;
  status?: TicketView['status'];
  priority?: TicketView['priority'];
  project?: string;
  cap?: number;
};

/** The filters of a list query, and whether it filters or searches at all. */
function listFilters(query: ListQuery) {
  const status = query.status && query.status !== 'All' ? query.status : undefined;
  const priority = query.priority && query.priority !== 'All' ? query.priority : undefined;
  const project = query.project?.trim() && query.project !== 'All' ? query.project.trim() : undefined;
  const pushed = query.pushed === 'true' || query.pushed === 'Pushed' ? true : query.pushed === 'false' || query.pushed === 'NotPushed' ? false : undefined;
  const search = query.search?.trim() || undefined;
  return { status, priority, project, pushed, search, filtered: Boolean(status || priority || project || search) || pushed !== undefined };
}

/** The filters (each value a parameter) as a condition on the tickets of `workspace`, the text search (if any) tested as `search`. */
function listCondition(filters: ListConditions, workspace: Expression<string>, search?: Expression<SqlBool>): TicketFilter {
  const { status, priority, project, pushed } = filters;
  return (eb) => eb.and([
    eb('workspace_id', '=', workspace),
    ...(status ? [eb('status', '=', status)] : []),
    ...(priority ? [eb('priority', '=', priority)] : []),
    ...(project ? [eb('project', '=', project)] : []),
    // Written out rather than compared with a parameter, so each of the two is planned for how many tickets are
    // pushed (a generic plan takes half for `= $1`, and counted pushed tickets by reading the whole table).
    ...(pushed === undefined ? [] : [pushed ? sql<SqlBool>`${PUSHED}` : sql<SqlBool>`not ${PUSHED}`]),
    ...(search ? [search] : []),
  ]);
}

/**
 * The ticket list's read, made in the session lookup's round trip: a page with its filters and text search, done
 * in PostgreSQL on indexes that fit them, and the total. Unfiltered, the total is the workspace's ticket count, kept by
 * PostgreSQL; filtered, the matches are counted up to a cap.
 */
export function ticketListRead(query: ListQuery): SessionRead<ListValues> {
  const filters = listFilters(query);
  const cap = countCap(filters, query);
  const { status, priority, project, pushed, search } = filters;
  // The values go as parameters; which of them there are, whether the pushed filter is set and whether the search
  // has a trigram make the statement's shape.
  const values: ListValues = {
    limit: query.limit, offset: (query.page - 1) * query.limit,
    ...(status ? { status } : {}), ...(priority ? { priority } : {}), ...(project ? { project } : {}),
    ...(cap !== undefined ? { cap } : {}), ...(search ? searchValues(search) : {}),
  };
  return {
    shape: `tickets:${pushed ?? ''}:${search ? hasTrigram(search) : ''}`,
    values,
    query(db, workspace, parameters) {
      const conditions: ListConditions = { status: parameters.status, priority: parameters.priority, project: parameters.project, pushed };
      const page = { limit: parameters.limit, offset: parameters.offset };
      if (search) {
        const text = textSearch({ pattern: parameters.pattern!, text: parameters.text! }, hasTrigram(search));
        return searchRead(db, (condition) => listCondition(conditions, workspace, condition), text, page, parameters.cap!);
      }
      const where = listCondition(conditions, workspace);
      const total = cap === undefined
        ? sql<number>`coalesce(${db.selectFrom('workspace_ticket_counts').select('ticket_count').where('workspace_id', '=', workspace)}, 0)`
        : db.selectFrom(db.selectFrom('tickets').select(sql<number>`1`.as('one')).where(where).limit(parameters.cap!).as('capped')).select(sql<number>`count(*)::int`.as('n'));
      return db.selectNoFrom([
        sql<number>`${total}`.as('total'),
        ticketPageJson(db, where, page.limit, page.offset).as('data'),
      ]);
    },
  };
}

/**
 * A page of a text search and its matches counted up to `cap`, in one statement whose plan suits any search, so it
 * is prepared and planned once per connection like the other lists (a plan made for each search's words cost more
 * than the search itself). The matches are first looked up through the trigram index; when there are fewer than
 * `cap`, the page is cut from them. When there are more, the word is common, and the page is read off the
 * newest-first index, testing each row in turn, which finds a page of common matches after a few rows.
 * PostgreSQL runs only the branch the count chooses.
 */
function searchRead(db: Db, where: (search: Expression<SqlBool>) => TicketFilter, search: Search, page: { limit: Count; offset: Count }, cap: Count) {
  return db
    .with((cte) => cte('matches').materialized(), (d) =>
      d.selectFrom('tickets').select(['id', 'created_at']).where(where(search.hasTrigram ? search.indexed : search.scanned)).limit(cap))
    .selectNoFrom((eb) => {
      const total = eb.selectFrom('matches').select(sql<number>`count(*)::int`.as('n'));
      const fromMatches = eb.selectFrom('tickets').selectAll().where('id', 'in',
        eb.selectFrom('matches').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset));
      const pageFromMatches = pageJson(db, fromMatches.as('page'), ticketViewJson(), sql`created_at desc, id desc`);
      return [
        total.as('total'),
        sql<string>`case when ${total} < ${cap} then ${pageFromMatches} else ${ticketPageJson(db, where(search.scanned), page.limit, page.offset)} end`.as('data'),
      ];
    });
}

/** The list answer from the row of ticketListRead: a page of views (JSON written by PostgreSQL) and where it stands. */
export function ticketListOf(row: Record<string, unknown>, query: ListQuery): JsonText<TicketList> {
  const total = row['total'] as number;
  const cap = countCap(listFilters(query), query);
  const pagination = { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
  return JsonText.object('data', row['data'] as string, { pagination, ...(cap !== undefined && total >= cap ? { totalCapped: true } : {}) });
}

/** Where a filtered list stops counting; undefined for the whole list, whose count is kept. */
function countCap(filters: { filtered: boolean; search: string | undefined }, page: { page: number; limit: number }): number | undefined {
  if (!filters.filtered) return undefined;
  return filters.search ? Math.min(SEARCH_COUNT_CAP, (page.page + SEARCH_PAGES_AHEAD) * page.limit) : COUNT_CAP;
}

/**
 * Matches are counted up to COUNT_CAP: an exact count of tens of thousands of rows costs far more than the page
 * itself, and nobody pages that far. Past the cap the total says the cap and `totalCapped` is set.
 */
const COUNT_CAP = 10_000;
/**
 * A text search must read each matching row to check it, so its count stops sooner: at most SEARCH_COUNT_CAP, and
 * no further than SEARCH_PAGES_AHEAD pages past the one shown (the pagination offers five numbered pages and the
 * last, and the count reaches further as the reader pages on). A search for a common word ("checkout", a quarter of
 * 2,000 tickets) then reads a few hundred rows for its count instead of every one of the user's tickets.
 */
const SEARCH_COUNT_CAP = 1_000;
const SEARCH_PAGES_AHEAD = 10;

/** The dependency picker's search: the newest `limit` tickets of the workspace containing `q` (all of them when empty). */
export async function searchTickets(em: EntityManager, scope: WorkspaceScope, q: string, limit: number) {
  const text = q.trim();
  const mine = (search?: Expression<SqlBool>): TicketFilter => (eb) => eb.and([eb('workspace_id', '=', scope.workspace), ...(search ? [search] : [])]);
  const { pattern, text: searched } = searchValues(text);
  const query = text
    ? searchRead(db(em), mine, textSearch({ pattern: sql.val(pattern), text: sql.val(searched) }, hasTrigram(text)), { limit, offset: 0 }, (1 + SEARCH_PAGES_AHEAD) * limit)
    : ticketPageJson(db(em), mine(), limit, 0);
  const [row] = await readPrepared(em, query);
  return JsonText.object<TicketSearchResponse>('tickets', row!.data);
}

/**
 * Names offered as assignees: a team workspace's members, the workspace's meeting participants and the assignees
 * its tickets already have, never a placeholder speaker, A-Z.
 */
export async function searchAssignees(em: EntityManager, scope: WorkspaceScope, q: string, limit: number, project?: string) {
  const d = db(em);
  const participants = d.selectFrom(['transcripts as t', sql<{ p: unknown }>`jsonb_array_elements(t.participants)`.as('p')])
    .select(sql<string>`p->>'name'`.as('name')).where('t.workspace_id', '=', scope.workspace);
  const assignees = d.selectFrom('tickets').select(sql<string>`assignee`.as('name')).where('workspace_id', '=', scope.workspace).where('assignee', 'is not', null)
    .$if(project !== undefined, (qb) => qb.where('project', '=', project!));
  // A team's members (a personal workspace offers what it always did: its owner alone is no suggestion).
  const members = d.selectFrom('workspace_members as m').innerJoin('users as u', 'u.id', 'm.user_id').innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select(sql<string>`coalesce(nullif(btrim(u.full_name), ''), u.email)`.as('name')).where('m.workspace_id', '=', scope.workspace).where('w.personal', '=', false);
  const rows = await d.selectFrom(participants.union(assignees).union(members).as('names')).select('name')
    .where(containsText(sql.ref('name'), q.trim())).where('name', '<>', '')
    .where(sql`btrim(regexp_replace(name, '\\s+', ' ', 'g'))`, '!~*', PLACEHOLDER_NAME_PATTERN)
    .orderBy(alphabetical(sql.ref('name'))).limit(limit).execute();
  return { users: rows.map((row) => ({ name: row.name })) };
}

function required(value: string | undefined): string {
  const text = value?.trim();
  if (!text) throw new InvalidInput(REQUIRED_FIELDS);
  return text;
}

async function checkDependencies(em: EntityManager, scope: WorkspaceScope, ids: string[] | undefined, self?: string): Promise<string[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (self && unique.includes(self)) throw new InvalidInput('A ticket cannot depend on itself.');
  const valid = unique.filter((id) => isUuid(id));
  const found = valid.length ? await em.count(Ticket, { workspace: scope.workspace, id: { $in: valid } }) : 0;
  if (found !== unique.length) throw new InvalidInput('Dependencies must be tickets of this workspace.');
  return unique;
}

async function ownTranscriptRef(em: EntityManager, scope: WorkspaceScope, id: string | null | undefined) {
  if (id === undefined) return undefined;
  if (id === null) return null;
  const transcript = isUuid(id) ? await em.findOne(Transcript, { id, workspace: scope.workspace }) : null;
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

/** Makes a ticket by hand; its history begins with 'created', by whom, in the same transaction. */
export async function createTicket(em: EntityManager, scope: Scope, input: TicketCreateRequest) {
  const { user } = scope;
  return em.transactional(async (tx) => {
    const dependencies = (await checkDependencies(tx, scope, input.dependencies)) ?? [];
    const transcript = (await ownTranscriptRef(tx, scope, input.transcriptId)) ?? null;
    const ticket = tx.create(Ticket, {
      user,
      workspace: scope.workspace,
      createdBy: user,
      title: required(input.title),
      description: required(input.description),
      project: required(input.project),
      ...editableFields(input),
      dependencies,
      transcript,
    });
    await tx.flush();
    await recordTicketEvent(db(tx), {
      ticketId: ticket.id, workspaceId: scope.workspace, kind: 'created', actorId: user.id,
      data: { transcriptId: transcript?.id ?? null, transcriptTitle: transcript?.title ?? null },
    });
    return viewTicket(ticket);
  });
}

/**
 * Changes a ticket. When the request carries the `updatedAt` the editor was shown, the ticket must still have it:
 * a change made meanwhile (another member, another tab) is never silently overwritten, and the edit is refused in
 * words (Conflict). The ticket's row is locked from that check to the write, so of two edits made from the same
 * version exactly one is saved. The change joins the ticket's history (events.ts), with who made it. `statusChange` is
 * the status before and after when the edit changed it (for the trackers it is sent to), else null.
 */
export async function updateTicket(
  em: EntityManager, scope: Scope, id: string, input: TicketUpdateRequest,
): Promise<{ ticket: TicketView; statusChange: { previous: TicketView['status']; status: TicketView['status'] } | null }> {
  const shown = shownVersion(input.updatedAt);
  return em.transactional(async (tx) => {
    // Locked, so the history's "before" is what this edit replaced even when two edits race.
    const ticket = await ownTicket(tx, scope, id, true);
    if (shown !== undefined && shown !== ticket.updatedAt.getTime()) throw new Conflict(TICKET_CHANGED_SINCE);
    const changes: Record<string, unknown> = editableFields(input);
    for (const field of ['title', 'description', 'project'] as const) {
      if (input[field] !== undefined) changes[field] = required(input[field]);
    }
    const dependencies = await checkDependencies(tx, scope, input.dependencies, ticket.id);
    if (dependencies) changes['dependencies'] = dependencies;
    const transcript = await ownTranscriptRef(tx, scope, input.transcriptId);
    if (transcript !== undefined) changes['transcript'] = transcript;
    const before = editedSnapshot(ticket);
    tx.assign(ticket, { ...changes, editedBy: scope.user });
    await tx.flush();
    // The history keeps who changed what: only the fields whose values differ, before and after.
    const edited = editedChanges(before, editedSnapshot(ticket));
    if (edited) {
      await recordTicketEvent(db(tx), { ticketId: ticket.id, workspaceId: scope.workspace, kind: 'edited', actorId: scope.user.id, data: { changes: edited } });
    }
    const previous = before.values.status as TicketView['status'];
    return { ticket: viewTicket(ticket), statusChange: previous === ticket.status ? null : { previous, status: ticket.status } };
  });
}

/** The `updatedAt` an edit was made from, in milliseconds; undefined when the request carries none. */
function shownVersion(updatedAt: unknown): number | undefined {
  if (updatedAt === undefined || updatedAt === null) return undefined;
  const time = typeof updatedAt === 'string' ? Date.parse(updatedAt) : Number.NaN;
  if (Number.isNaN(time)) throw new InvalidInput("updatedAt must be the ticket's updatedAt as the API gave it (an ISO 8601 time).");
  return time;
}

export async function deleteTicket(em: EntityManager, scope: WorkspaceScope, id: string): Promise<void> {
  const ticket = await ownTicket(em, scope, id);
  // Other tickets that depended on this one no longer do.
  await db(em).updateTable('tickets').set({ dependencies: sql<string[]>`dependencies - ${ticket.id}::text` })
    .where('workspace_id', '=', scope.workspace).where(sql<SqlBool>`jsonb_exists(dependencies, ${ticket.id})`).execute();
  await em.remove(ticket).flush();
}
