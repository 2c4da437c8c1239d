/**
 * Follow-through across meetings: what a meeting proposes about the tickets already open in its workspace, and what
 * a person decides. When a meeting's tickets are saved (core/transcripts/ingest.ts), each new ticket that restates an
 * open one gets a "same as" proposal, and each sentence that says an open ticket's task is finished ("I finished the
 * login redirect fix") a "done" proposal, both with their evidence (core/tickets/matching.ts). Nothing changes until a
 * person accepts: a merge folds the new ticket into the open one (its quote joins the open ticket's mentions, its due
 * date and priority are applied only when the person asks), and a "done" sets the status Done. Each decision is in
 * the tickets' histories.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlBool } from 'kysely';
import type { ProposalAcceptRequest, ProposalList, ProposalView } from '../../schemas/types.ts';
import { db, isoTime, sql, type Db } from '../db/sql.ts';
import { Conflict, NotFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { Scope, WorkspaceScope } from '../users/scope.ts';
import { recordTicketEvent } from './events.ts';
import { buildMatchIndex, DONE_MATCH_THRESHOLD, findSameTask, saysDone, type MatchEvidence, type OpenTicket } from './matching.ts';

/** The open tickets a meeting is matched against, newest first (bench/same-task.ts times 10,000). */
export const OPEN_TICKETS_MATCHED = 10_000;

const PROPOSAL_NOT_FOUND = 'Proposal not found';

/** A ticket the meeting just gave, as matching reads it, with the quote its extractor kept. */
export interface NewTicket {
  id: string;
  title: string;
  description: string | null;
  assignee: string | null;
  project: string | null;
  dueDate: string | null;
  priority: string;
  quote: string | null;
}

interface OpenRow extends OpenTicket {
  priority: string;
  transcriptId: string | null;
}

/** The workspace's open tickets from other meetings (and by hand), newest first; a ticket awaiting a merge is left out. */
async function openTickets(d: Db, workspaceId: string, transcriptId: string): Promise<OpenRow[]> {
  const rows = await d.selectFrom('tickets as t')
    .leftJoin('transcripts as tr', 'tr.id', 't.transcript_id')
    .select([
      't.id', 't.title', 't.description', 't.assignee', 't.project', 't.priority', 't.transcript_id',
      sql<string | null>`to_char(t.due_date, 'YYYY-MM-DD')`.as('due_date'),
      isoTime(sql`t.created_at`).as('created_at'),
      'tr.title as meeting_title',
      sql<string | null>`coalesce(left(tr.date, 10), to_char(tr.created_at, 'YYYY-MM-DD'))`.as('meeting_date'),
    ])
    .where('t.workspace_id', '=', workspaceId)
    .where('t.status', '<>', 'Done')
    .where(sql<SqlBool>`t.transcript_id is distinct from ${transcriptId}::uuid`)
    .where(({ not, exists, selectFrom }) => not(exists(
      selectFrom('ticket_proposals as p').select('p.id').whereRef('p.new_ticket_id', '=', 't.id').where('p.state', '=', 'open'),
    )))
    .orderBy('t.created_at', 'desc')
    .limit(OPEN_TICKETS_MATCHED)
    .execute();
  return rows.map((row) => ({
    id: row.id, title: row.title, description: row.description, assignee: row.assignee, project: row.project, dueDate: row.due_date,
    priority: row.priority, transcriptId: row.transcript_id, createdAt: row.created_at,
    transcriptTitle: row.meeting_title ?? null, transcriptDate: row.meeting_date,
  }));
}

/** A meeting's messages as stored (core/transcripts/transcript.entity.ts), read defensively. */
export interface StoredMessage {
  speaker?: unknown;
  content?: unknown;
  timestamp?: unknown;
}

/** The sentences of a meeting's messages that say a task is finished, with who said them (by name) and when. */
export function doneSentences(messages: readonly StoredMessage[], participants: readonly { id?: unknown; name?: unknown }[] = []) {
  const names = new Map(participants.flatMap((p) => (typeof p.id === 'string' && typeof p.name === 'string' ? [[p.id, p.name] as const] : [])));
  const out: { sentence: string; speaker: string | null; at: number | null }[] = [];
  for (const message of messages) {
    const speakerId = message.speaker && typeof message.speaker === 'object' ? (message.speaker as { id?: unknown }).id : message.speaker;
    if (typeof message.content !== 'string') continue;
    for (const sentence of message.content.split(/(?<=[.!?])\s+|\n+/)) {
      const text = sentence.trim();
      if (text.length < 8 || text.length > 400 || !saysDone(text)) continue;
      out.push({
        sentence: text,
        speaker: typeof speakerId === 'string' ? names.get(speakerId) ?? null : null,
        at: typeof message.timestamp === 'number' ? message.timestamp : null,
      });
    }
  }
  return out;
}

/** The words shared by a pair, as the review shows them: the title's first, then the description's. */
function sharedWords(evidence: MatchEvidence): string[] {
  return [...new Set([...evidence.titleWords, ...evidence.descriptionWords])].slice(0, 12);
}

/**
 * Makes the meeting's proposals, in the transaction that saves its tickets (so a saved meeting always has them, and
 * saving again makes none twice): a "same as" for each new ticket whose best open match scores at least the
 * threshold, and a "done" for each open ticket a sentence of the meeting says is finished.
 */
export async function proposeFollowThrough(
  d: Db,
  input: { transcriptId: string; workspaceId: string; newTickets: readonly NewTicket[]; messages: readonly StoredMessage[]; participants: readonly { id?: unknown; name?: unknown }[] },
): Promise<{ same: number; done: number }> {
  const open = await openTickets(d, input.workspaceId, input.transcriptId);
  if (!open.length) return { same: 0, done: 0 };
  const index = buildMatchIndex(open);
  const rows: { kind: 'same' | 'done'; ticket: OpenRow; newTicketId: string | null; score: number; evidence: Record<string, unknown> }[] = [];
  for (const ticket of input.newTickets) {
    const [best] = findSameTask(ticket, index, { limit: 1 });
    if (!best) continue;
    const matched = best.ticket as OpenRow;
    const proposed: Record<string, string> = {};
    if (ticket.dueDate && ticket.dueDate !== matched.dueDate) proposed['dueDate'] = ticket.dueDate;
    if (ticket.priority !== matched.priority) proposed['priority'] = ticket.priority;
    rows.push({
      kind: 'same', ticket: matched, newTicketId: ticket.id, score: best.score,
      evidence: {
        newTitle: ticket.title, quote: ticket.quote, sharedWords: sharedWords(best.evidence), phrases: best.evidence.phrases,
        sameAssignee: best.evidence.sameAssignee, sameProject: best.evidence.sameProject, proposed,
      },
    });
  }
  const done = new Map<string, (typeof rows)[number]>();
  for (const said of doneSentences(input.messages, input.participants)) {
    const [best] = findSameTask({ title: said.sentence }, index, { threshold: DONE_MATCH_THRESHOLD, limit: 1 });
    if (!best || (done.get(best.ticket.id)?.score ?? -1) >= best.score) continue;
    done.set(best.ticket.id, {
      kind: 'done', ticket: best.ticket as OpenRow, newTicketId: null, score: best.score,
      evidence: { quote: said.sentence, speaker: said.speaker, quoteAt: said.at, sharedWords: sharedWords(best.evidence), phrases: best.evidence.phrases },
    });
  }
  rows.push(...done.values());
  if (!rows.length) return { same: 0, done: 0 };
  // The open ticket's own words, for "both quotes": the quote its extraction kept.
  const quotes = new Map((await d.selectFrom('ticket_events').select(['ticket_id', sql<string | null>`data->>'quote'`.as('quote')])
    .where('ticket_id', 'in', [...new Set(rows.map((row) => row.ticket.id))]).where('kind', '=', 'extracted').execute())
    .map((row) => [row.ticket_id, row.quote]));
  await d.insertInto('ticket_proposals').values(rows.map((row) => ({
    id: crypto.randomUUID(), workspace_id: input.workspaceId, kind: row.kind, ticket_id: row.ticket.id, new_ticket_id: row.newTicketId,
    transcript_id: input.transcriptId, score: Math.round(row.score * 1000) / 1000, state: 'open' as const, created_at: sql<Date>`now()`,
    evidence: sql`${JSON.stringify({
      ...row.evidence, ticketQuote: quotes.get(row.ticket.id) ?? null,
      meeting: row.ticket.transcriptId ? { id: row.ticket.transcriptId, title: row.ticket.transcriptTitle ?? null, date: row.ticket.transcriptDate ?? null } : null,
    })}::jsonb`,
  }))).onConflict((conflict) => conflict.doNothing()).execute();
  return { same: rows.filter((row) => row.kind === 'same').length, done: done.size };
}

type Read = ReturnType<typeof proposalRead>;

/** The proposals with the fields the review shows of both tickets; `where` narrows it. */
function proposalRead(d: Db, workspaceId: string) {
  return d.selectFrom('ticket_proposals as p')
    .innerJoin('tickets as t', 't.id', 'p.ticket_id')
    .leftJoin('tickets as n', 'n.id', 'p.new_ticket_id')
    .leftJoin('users as u', 'u.id', 'p.decided_by_id')
    .select([
      'p.id', 'p.kind', 'p.state', 'p.score', 'p.evidence', 'p.transcript_id', isoTime(sql`p.decided_at`).as('decided_at'), 'u.full_name as decided_by',
      't.id as t_id', 't.title as t_title', 't.status as t_status', 't.priority as t_priority', 't.assignee as t_assignee', 't.project as t_project',
      sql<string | null>`to_char(t.due_date, 'YYYY-MM-DD')`.as('t_due'), 't.external_key as t_key', 't.external_url as t_url', 't.external_type as t_type',
      'n.id as n_id', 'n.title as n_title', 'n.priority as n_priority', 'n.assignee as n_assignee',
      sql<string | null>`to_char(n.due_date, 'YYYY-MM-DD')`.as('n_due'), 'n.external_key as n_key', 'n.external_type as n_type',
    ])
    .where('p.workspace_id', '=', workspaceId);
}

function viewProposal(row: Awaited<ReturnType<Read['execute']>>[number]): ProposalView {
  const evidence = row.evidence as Record<string, unknown>;
  const proposed = (evidence['proposed'] ?? {}) as { dueDate?: string; priority?: string };
  const meeting = (evidence['meeting'] ?? null) as ProposalView['ticket']['meeting'];
  return {
    id: row.id, kind: row.kind, state: row.state, score: row.score, transcriptId: row.transcript_id,
    decidedAt: row.decided_at, decidedBy: row.decided_by ?? null,
    ticket: {
      id: row.t_id, title: row.t_title, status: row.t_status, priority: row.t_priority, assignee: row.t_assignee, project: row.t_project,
      dueDate: row.t_due, externalKey: row.t_key, externalUrl: row.t_url, externalType: row.t_type, meeting, quote: (evidence['ticketQuote'] as string | null) ?? null,
    },
    newTicket: row.n_id
      ? { id: row.n_id, title: row.n_title!, priority: row.n_priority!, assignee: row.n_assignee, dueDate: row.n_due, externalKey: row.n_key, externalType: row.n_type }
      : null,
    newTitle: (evidence['newTitle'] as string | undefined) ?? null,
    quote: (evidence['quote'] as string | null) ?? null,
    speaker: (evidence['speaker'] as string | null | undefined) ?? null,
    sharedWords: (evidence['sharedWords'] as string[] | undefined) ?? [],
    sameAssignee: evidence['sameAssignee'] === true,
    sameProject: evidence['sameProject'] === true,
    proposed: {
      ...(proposed.dueDate ? { dueDate: proposed.dueDate } : {}),
      ...(proposed.priority === 'Low' || proposed.priority === 'Medium' || proposed.priority === 'High' ? { priority: proposed.priority } : {}),
    },
  };
}

/** A meeting's proposals, open ones first, then by score. NotFound when the meeting is not the workspace's. */
export async function transcriptProposals(em: EntityManager, scope: WorkspaceScope, transcriptId: string): Promise<ProposalList> {
  const d = db(em);
  const transcript = isUuid(transcriptId)
    ? await d.selectFrom('transcripts').select('id').where('id', '=', transcriptId).where('workspace_id', '=', scope.workspace).executeTakeFirst()
    : undefined;
  if (!transcript) throw new NotFound('Transcript not found');
  // An open "same as" whose new ticket was deleted by hand has nothing left to decide.
  const rows = await proposalRead(d, scope.workspace).where('p.transcript_id', '=', transcriptId)
    .where(sql<SqlBool>`not (p.kind = 'same' and p.state = 'open' and p.new_ticket_id is null)`)
    .orderBy(sql`p.state = 'open'`, 'desc').orderBy('p.kind', 'desc').orderBy('p.score', 'desc').orderBy('p.id').execute();
  return { proposals: rows.map(viewProposal) };
}

/** The proposal, locked with its tickets (the open one, then the new one), or NotFound. */
async function lockedProposal(d: Db, scope: WorkspaceScope, id: string) {
  const proposal = isUuid(id)
    ? await d.selectFrom('ticket_proposals').selectAll().where('id', '=', id).where('workspace_id', '=', scope.workspace).forUpdate().executeTakeFirst()
    : undefined;
  if (!proposal) throw new NotFound(PROPOSAL_NOT_FOUND);
  if (proposal.state !== 'open') {
    throw new Conflict(`This proposal was already ${proposal.state === 'accepted' ? 'accepted' : 'dismissed'}.`);
  }
  const ids = [proposal.ticket_id, ...(proposal.new_ticket_id ? [proposal.new_ticket_id] : [])];
  const tickets = await d.selectFrom('tickets').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute();
  const ticket = tickets.find((row) => row.id === proposal.ticket_id);
  const newTicket = tickets.find((row) => row.id === proposal.new_ticket_id);
  // The open ticket deleted takes its proposals with it; the new one deleted by hand leaves nothing to merge.
  if (!ticket || (proposal.kind === 'same' && !newTicket)) throw new NotFound(PROPOSAL_NOT_FOUND);
  return { proposal, ticket, newTicket };
}

async function decided(d: Db, scope: Scope, id: string, state: 'accepted' | 'dismissed'): Promise<ProposalView> {
  await d.updateTable('ticket_proposals').set({ state, decided_by_id: scope.user.id, decided_at: sql<Date>`now()` }).where('id', '=', id).execute();
  const row = await proposalRead(d, scope.workspace).where('p.id', '=', id).executeTakeFirstOrThrow();
  return viewProposal(row);
}

/** Keeps the tickets apart (or the status as it is): the proposal is closed, nothing else changes. */
export async function dismissProposal(em: EntityManager, scope: Scope, id: string): Promise<{ proposal: ProposalView }> {
  return em.transactional(async (tx) => {
    const d = db(tx);
    await lockedProposal(d, scope, id);
    return { proposal: await decided(d, scope, id, 'dismissed') };
  });
}

/**
 * Applies the proposal. "same": the new ticket folds into the open one: its quote and meeting join the open
 * ticket's history ('merged'), the due date and priority it carried are applied only as asked, tickets that depended
 * on it depend on the open one, and it is deleted; a new ticket already pushed to a tracker is not merged (its item
 * would be left behind). "done": the open ticket's status becomes Done, its history saying which meeting said so.
 */
export async function acceptProposal(
  em: EntityManager, scope: Scope, id: string, request: ProposalAcceptRequest,
): Promise<{ proposal: ProposalView; statusChange?: { previous: ProposalView['ticket']['status']; status: 'Done' } }> {
  return em.transactional(async (tx) => {
    const d = db(tx);
    const { proposal, ticket, newTicket } = await lockedProposal(d, scope, id);
    const evidence = proposal.evidence as Record<string, unknown>;
    const meeting = await d.selectFrom('transcripts').select(['id', 'title']).where('id', '=', proposal.transcript_id).executeTakeFirstOrThrow();
    if (proposal.kind === 'done') {
      if (ticket.status !== 'Done') {
        await d.updateTable('tickets').set({ status: 'Done', edited_by_id: scope.user.id, updated_at: sql<Date>`greatest(now(), updated_at + interval '1 millisecond')` })
          .where('id', '=', ticket.id).execute();
        await recordTicketEvent(d, {
          ticketId: ticket.id, workspaceId: scope.workspace, kind: 'edited', actorId: scope.user.id,
          data: { changes: [{ field: 'status', before: ticket.status, after: 'Done' }], because: { transcriptId: meeting.id, transcriptTitle: meeting.title, quote: (evidence['quote'] as string | null) ?? null } },
        });
        // Sent on to the ticket's tracker items once this commits, like an edit of the status (api/routes/proposals.ts).
        return { proposal: await decided(d, scope, id, 'accepted'), statusChange: { previous: ticket.status, status: 'Done' } };
      }
      return { proposal: await decided(d, scope, id, 'accepted') };
    }
    if (newTicket!.external_url) {
      throw new Conflict(`"${newTicket!.title}" was already pushed to ${newTicket!.external_type ?? 'a tracker'}${newTicket!.external_key ? ` (${newTicket!.external_key})` : ''}: merging it would leave that item behind. Keep them separate, or delete one.`);
    }
    const proposed = (evidence['proposed'] ?? {}) as { dueDate?: string; priority?: string };
    const applied: { dueDate?: string; priority?: 'Low' | 'Medium' | 'High' } = {};
    if (request.applyDueDate && proposed.dueDate) applied.dueDate = proposed.dueDate;
    if (request.applyPriority && (proposed.priority === 'Low' || proposed.priority === 'Medium' || proposed.priority === 'High')) applied.priority = proposed.priority;
    const changes: { field: 'dueDate' | 'priority'; before: string | null; after: string | null }[] = [];
    if (applied.dueDate) changes.push({ field: 'dueDate', before: dayOf(ticket.due_date), after: applied.dueDate });
    if (applied.priority) changes.push({ field: 'priority', before: ticket.priority, after: applied.priority });
    await d.updateTable('tickets').set({
      ...(applied.dueDate ? { due_date: applied.dueDate } : {}),
      ...(applied.priority ? { priority: applied.priority } : {}),
      edited_by_id: scope.user.id, updated_at: sql<Date>`greatest(now(), updated_at + interval '1 millisecond')`,
    }).where('id', '=', ticket.id).execute();
    await recordTicketEvent(d, {
      ticketId: ticket.id, workspaceId: scope.workspace, kind: 'merged', actorId: scope.user.id,
      data: {
        mergedTicketId: newTicket!.id, mergedTitle: newTicket!.title, transcriptId: meeting.id, transcriptTitle: meeting.title,
        quote: (evidence['quote'] as string | null) ?? null, proposed: { dueDate: proposed.dueDate ?? null, priority: (applied.priority ?? proposed.priority ?? null) as 'Low' | 'Medium' | 'High' | null },
        changes,
      },
    });
    // Tickets that depended on the merged one depend on the ticket it joined (once).
    await d.updateTable('tickets').set({
      dependencies: sql<string[]>`case when jsonb_exists(dependencies, ${ticket.id}) or id = ${ticket.id}::uuid then dependencies - ${newTicket!.id}::text
        else (dependencies - ${newTicket!.id}::text) || jsonb_build_array(${ticket.id}::text) end`,
    }).where('workspace_id', '=', scope.workspace).where(sql<SqlBool>`jsonb_exists(dependencies, ${newTicket!.id})`).execute();
    // The merged ticket goes, with its own history; the decision stays (new_ticket_id set null).
    await d.deleteFrom('tickets').where('id', '=', newTicket!.id).execute();
    return { proposal: await decided(d, scope, id, 'accepted') };
  });
}

/** A date column as YYYY-MM-DD, whichever way the driver gave it. */
function dayOf(value: unknown): string | null {
  if (value instanceof Date) return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
  return typeof value === 'string' ? value.slice(0, 10) : null;
}
