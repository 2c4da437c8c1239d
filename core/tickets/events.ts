/**
 * A ticket's history (ticket_events, TicketEvent): what writes it and what reads it. Each event is written in the
 * transaction (or the statement) that made the change it records, so a change is never without its event: an
 * extraction's with its tickets (core/transcripts/ingest.ts), a ticket made or edited by hand here
 * (core/tickets/tickets.ts), a push's outcome with the push ledger (core/push/pusher.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Expression } from 'kysely';
import type { TicketEvent as TicketEventView, TicketEventList } from '../../schemas/types.ts';
import { NotFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { db, isoTime, sql, type Db } from '../db/sql.ts';
import type { WorkspaceScope } from '../users/scope.ts';
import type { TicketEventKind } from './ticket-event.entity.ts';
import type { Ticket } from './ticket.entity.ts';

/** What an event of `kind` keeps in its data (schemas/api/tickets/event.schema.json). */
export type TicketEventData<K extends TicketEventKind> = Extract<TicketEventView, { kind: K }>['data'];

type EditedChange = TicketEventData<'edited'>['changes'][number];
type EditedField = EditedChange['field'];

const TICKET_NOT_FOUND = 'Ticket not found';

/** Writes one event; `at` defaults to the transaction's time. */
export async function recordTicketEvent<K extends TicketEventKind>(
  d: Db, event: { ticketId: string; workspaceId: string; kind: K; actorId: string | null; data: TicketEventData<K> },
): Promise<void> {
  await d.insertInto('ticket_events').values({
    id: crypto.randomUUID(), ticket_id: event.ticketId, workspace_id: event.workspaceId, kind: event.kind, actor_id: event.actorId,
    data: sql`${JSON.stringify(event.data)}::jsonb`, created_at: sql<Date>`now()`,
  }).execute();
}

/**
 * The 'extracted' events of the tickets an ingest has just inserted (`tickets`: each new ticket's id and the quote
 * its extractor gave), in one statement: the meeting (its title, whether a bot sent it), the extractor and model
 * and the tokens of the meeting's extraction as its token usage recorded them, and the quote with the time of the
 * first message of the meeting that holds it (whitespace and case aside), when there is one.
 */
export async function recordExtracted(d: Db, input: { transcriptId: string; workspaceId: string; actorId: string; tickets: { id: string; quote: string | null }[] }): Promise<void> {
  if (!input.tickets.length) return;
  const fold = (text: Expression<string>) => sql<string>`regexp_replace(lower(${text}), '\\s+', ' ', 'g')`;
  const quoteAt = sql<number | null>`(select (m->>'timestamp')::float8 from jsonb_array_elements(tr.messages) m
      where t.quote is not null and btrim(t.quote) <> '' and strpos(${fold(sql`m->>'content'`)}, btrim(${fold(sql.ref('t.quote'))})) > 0 limit 1)`;
  const usage = sql`(select jsonb_build_object('provider', (array_agg(k.ai_provider order by k.created_at desc))[1], 'model', (array_agg(k.model order by k.created_at desc))[1],
      'input', sum(k.input_tokens)::int, 'output', sum(k.output_tokens)::int)
      from token_usage k where k.transcript_id = tr.id and k.operation_type = 'ticket_extraction' having count(*) > 0)`;
  const data = sql`jsonb_build_object(
      'transcriptId', tr.id, 'transcriptTitle', tr.title,
      'source', case when tr.metadata->'bot' is not null then 'bot' else 'upload' end, 'botProvider', tr.metadata->'bot'->>'provider',
      'extractor', u.usage->>'provider', 'model', u.usage->>'model',
      'tokens', case when u.usage is null then null else jsonb_build_object('input', (u.usage->>'input')::int, 'output', (u.usage->>'output')::int) end,
      'ticketsFromMeeting', ${input.tickets.length}::int, 'quote', nullif(t.quote, ''), 'quoteAt', ${quoteAt})`;
  await d.insertInto('ticket_events').columns(['id', 'ticket_id', 'workspace_id', 'kind', 'actor_id', 'data', 'created_at'])
    .expression(sql`select gen_random_uuid(), t.id, ${input.workspaceId}::uuid, 'extracted', ${input.actorId}::uuid, ${data}, now()
      from jsonb_to_recordset(${JSON.stringify(input.tickets)}::jsonb) as t(id uuid, quote text)
      join transcripts tr on tr.id = ${input.transcriptId}::uuid
      left join lateral (select ${usage} as usage) u on true`)
    .execute();
}

/** The fields an edit is recorded by, each as the history keeps it (text, a date, a list, or null). */
const EDITED_FIELDS: Record<EditedField, (ticket: Ticket) => string | string[] | null> = {
  title: (t) => t.title,
  description: (t) => t.description,
  context: (t) => t.context ?? null,
  implementation: (t) => t.implementation ?? null,
  notes: (t) => t.notes ?? null,
  project: (t) => t.project,
  status: (t) => t.status,
  priority: (t) => t.priority,
  effort: (t) => t.effort ?? null,
  assignee: (t) => t.assignee ?? null,
  tags: (t) => [...t.tags],
  dueDate: (t) => (t.dueDate ? String(t.dueDate).slice(0, 10) : null),
  dependencies: (t) => [...t.dependencies],
  // The meeting by its title; compared by id (two meetings may share a title).
  transcript: (t) => t.transcript?.title ?? null,
};

/** A ticket's recorded fields as they are now, to compare after an edit (editedChanges). */
export function editedSnapshot(ticket: Ticket) {
  const values = Object.fromEntries(Object.entries(EDITED_FIELDS).map(([field, read]) => [field, read(ticket)])) as Record<EditedField, string | string[] | null>;
  return { values, transcriptId: ticket.transcript?.id ?? null };
}

/** The fields an edit changed, each with its value before and after; null when it changed none. */
export function editedChanges(before: ReturnType<typeof editedSnapshot>, after: ReturnType<typeof editedSnapshot>): TicketEventData<'edited'>['changes'] | null {
  const changes: EditedChange[] = (Object.keys(EDITED_FIELDS) as EditedField[]).filter((field) => field === 'transcript'
    ? before.transcriptId !== after.transcriptId
    : JSON.stringify(before.values[field]) !== JSON.stringify(after.values[field]))
    .map((field) => ({ field, before: before.values[field], after: after.values[field] }));
  return changes.length ? changes : null;
}

/**
 * A page of a ticket of the workspace's history, newest first, of one kind of event when `kind` is given; NotFound for
 * a ticket the workspace lacks.
 */
export async function ticketEvents(
  em: EntityManager, scope: WorkspaceScope, ticketId: string, page: { limit: number; offset: number; kind?: TicketEventKind },
): Promise<TicketEventList> {
  const d = db(em);
  const ofKind = page.kind === undefined ? sql`true` : sql`e.kind = ${page.kind}`;
  const ticket = isUuid(ticketId)
    ? await d.selectFrom('tickets').select(['id', sql<number>`(select count(*)::int from ticket_events e where e.ticket_id = tickets.id and ${ofKind})`.as('total')])
      .where('id', '=', ticketId).where('workspace_id', '=', scope.workspace).executeTakeFirst()
    : undefined;
  if (!ticket) throw new NotFound(TICKET_NOT_FOUND);
  const rows = await d.selectFrom('ticket_events as e').leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.id', 'e.kind', 'e.data', isoTime(sql.ref<Date>('e.created_at')).as('at'), 'u.id as actorId', sql<string | null>`coalesce(nullif(u.full_name, ''), u.email)`.as('actorName')])
    .where('e.ticket_id', '=', ticket.id).$if(page.kind !== undefined, (query) => query.where('e.kind', '=', page.kind!))
    .orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(page.limit).offset(page.offset).execute();
  const events = rows.map((row) => ({
    id: row.id, kind: row.kind, at: row.at, actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null, data: row.data,
  })) as TicketEventView[];
  const total = ticket.total;
  return { events, pagination: { limit: page.limit, offset: page.offset, total, hasMore: page.offset + events.length < total } };
}
