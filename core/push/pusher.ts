/**
 * The steps of a push, each safe to run again: planning, resolving the mapped assignees, creating one ticket's
 * item, and linking one ticket's item to its dependencies. A create runs under the ticket's advisory lock (its
 * tracker call under the connection's too) and through the push ledger (PushRecord): 'creating' is committed,
 * uncertain, before the tracker is called, so an attempt whose outcome is unknown is followed by a look-up by marker
 * instead of a second create, and 'created' is committed with the ticket's external fields the moment the item exists.
 *
 * Tracker failures come back as outcomes: rate_limited as a wait (the workflow sleeps on a timer), validation,
 * auth, forbidden and not_found as the ticket's failure in the tracker's words. Transient ones are thrown, for
 * the workflow's retry policy to repeat with backoff.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { isTrackerError, type TrackerComment, type TrackerItem, type TrackerTicket, type TrackerUser } from '../../plugins/sdk/index.ts';
import type { Connection } from '../connections/connection.entity.ts';
import type { Connections } from '../connections/connections.ts';
import type { OpenedTracker } from '../connections/open-tracker.ts';
import type { Orm } from '../db/orm.ts';
import { db, sql, type Db } from '../db/sql.ts';
import { DomainError } from '../errors.ts';
import { PluginOutputError } from '../plugins/boundary.ts';
import { recordTicketEvent, type TicketEventData } from '../tickets/events.ts';
import { Ticket } from '../tickets/ticket.entity.ts';
import { viewTicket } from '../tickets/tickets.ts';
import type { AdvisoryLocks, LockSession } from './locks.ts';
import { alreadyPushed, planTickets, TICKET_NOT_FOUND } from './plan.ts';
import { PushRecord } from './push-record.entity.ts';
import type { PushChoice } from './candidates.ts';
import type { LinkInput, LinkOutcome, PushInput, PushOutcome, PushPlan, PushTicketInput, ResolveOutcome, Wait } from './types.ts';
import type { WorkspaceScope } from '../users/scope.ts';

export interface PusherDependencies {
  orm: Orm;
  connections: Connections;
  locks: AdvisoryLocks;
}

/** When a tracker limits requests without saying until when. */
const DEFAULT_WAIT_MS = 60_000;

/** Whose push it is: the user who started it and the workspace it works in (PushInput). */
type PushOwner = Pick<PushInput, 'userId' | 'workspaceId'>;

/**
 * The workspace a push works in. A push started before pushes named their workspace worked on its user's own
 * tickets and connections, which are in their personal workspace.
 */
async function scopeOf(em: EntityManager, owner: PushOwner): Promise<WorkspaceScope> {
  if (owner.workspaceId) return { workspace: owner.workspaceId };
  const personal = await db(em).selectFrom('workspaces').select('id').where('owner_id', '=', owner.userId).where('personal', '=', true).executeTakeFirst();
  return { workspace: personal?.id ?? '00000000-0000-0000-0000-000000000000' };
}

type PushedEvent = TicketEventData<'pushed'>;
/** A push's outcome as the ticket's history keeps it, and who pushed. */
interface PushEvent {
  actorId: string;
  data: PushedEvent;
}

/** Writes a push's event for the ticket, in the ticket's workspace. */
async function recordPushEvent(d: Db, ticketId: string, event: PushEvent): Promise<void> {
  const ticket = await d.selectFrom('tickets').select('workspace_id').where('id', '=', ticketId).executeTakeFirst();
  if (ticket) await recordTicketEvent(d, { ticketId, workspaceId: ticket.workspace_id, kind: 'pushed', actorId: event.actorId, data: event.data });
}

/**
 * What a comment on an existing item says for the ticket: its title, the meeting's words it came from (its extraction's
 * quote, or the quote a later meeting's merge brought, the newest), and the meeting's title and date.
 */
async function commentOf(em: EntityManager, ticket: TrackerTicket): Promise<TrackerComment> {
  const d = db(em);
  const quoted = await d.selectFrom('ticket_events').select(sql<string | null>`data->>'quote'`.as('quote'))
    .where('ticket_id', '=', ticket.id).where('kind', 'in', ['extracted', 'merged']).where(sql<boolean>`coalesce(data->>'quote', '') <> ''`)
    .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  const meeting = await d.selectFrom('tickets as t').innerJoin('transcripts as r', 'r.id', 't.transcript_id')
    .select(['r.title', 'r.date']).where('t.id', '=', ticket.id).executeTakeFirst();
  const date = meeting?.date && /^\d{4}-\d{2}-\d{2}/.test(meeting.date) ? meeting.date.slice(0, 10) : null;
  return { ticketId: ticket.id, title: ticket.title, quote: quoted?.quote ?? null, meeting: meeting?.title ?? null, meetingDate: date };
}

const connectionLock = (connectionId: string) => `push-connection:${connectionId}`;
const ticketLock = (ticketId: string) => `push-ticket:${ticketId}`;

/** A ticket's external fields and its ledger row for one connection, as read under the locks. */
interface LedgerRow {
  external_url: string | null;
  external_id: string | null;
  external_type: string | null;
  external_key: string | null;
  state: PushRecord['state'] | null;
  uncertain: boolean | null;
  item_id: string | null;
  item_key: string | null;
  item_url: string | null;
}

/** Why a ticket mapped to `username` goes unassigned, in words for the push result. */
const unassigned = (username: string, why: string) =>
  `Not assigned to "${username}" (the connection's user mapping): ${why} Check the mapping on the Connections page.`;

const itemOf = (record: PushRecord): TrackerItem => ({ externalId: record.externalId!, key: record.key!, url: record.url! });

/** The wait a rate-limited call asks for, or undefined for any other failure. */
function waitFor(error: unknown): Wait | undefined {
  if (!isTrackerError(error) || error.kind !== 'rate_limited') return undefined;
  return { status: 'wait', retryAt: error.retryAt ?? new Date(Date.now() + DEFAULT_WAIT_MS).toISOString() };
}

/** The words of a failure that repeating will not cure, or undefined for one to throw (transient, aborted, unexpected). */
function finalFailure(error: unknown, signal?: AbortSignal): string | undefined {
  if (signal?.aborted) return undefined;
  if (isTrackerError(error)) return error.kind === 'transient' || error.kind === 'rate_limited' ? undefined : error.message;
  if (error instanceof PluginOutputError || error instanceof DomainError) return error.message;
  return undefined;
}

/**
 * The ticket as the tracker receives it (a push, and the preview of one), with the meeting's words it came from;
 * dependencies that already live somewhere are named in its body.
 */
export async function trackerTicketOf(em: EntityManager, ticket: Ticket, assignee: TrackerUser | null): Promise<TrackerTicket> {
  const dependencies = ticket.dependencies.filter((id) => id !== ticket.id);
  const pushed = dependencies.length
    ? await em.find(Ticket, { id: { $in: dependencies }, workspace: ticket.workspace, externalUrl: { $ne: null } })
    : [];
  const byId = new Map(pushed.map((dependency) => [dependency.id, dependency]));
  const { id, title, description, context, implementation, notes, effort, priority, status, project, tags, dueDate } = viewTicket(ticket);
  // The words of the meeting the ticket was extracted from (its history's first 'extracted' event); none for a ticket made by hand.
  const extracted = await db(em).selectFrom('ticket_events').select(sql<string | null>`data->>'quote'`.as('quote'))
    .where('ticket_id', '=', ticket.id).where('kind', '=', 'extracted').where(sql<boolean>`coalesce(data->>'quote', '') <> ''`)
    .orderBy('created_at').limit(1).executeTakeFirst();
  return {
    id, title, description, context, implementation, notes, effort, quote: extracted?.quote ?? null, priority, status, project, tags, dueDate,
    assignee,
    dependsOn: dependencies.flatMap((id) => {
      const dependency = byId.get(id);
      return dependency ? [{ title: dependency.title, url: dependency.externalUrl ?? null, key: dependency.externalKey ?? dependency.externalId ?? null }] : [];
    }),
  };
}

export class Pusher {
  readonly #deps: PusherDependencies;
  /**
   * Until when each connection's tracker asked this process to wait. A call made meanwhile waits without a request,
   * so the calls queued behind the one that was limited do not each spend a request (and a look-up by marker).
   */
  readonly #limitedUntil = new Map<string, number>();

  constructor(deps: PusherDependencies) {
    this.#deps = deps;
  }

  /** A wait for the connection while its tracker's limit lasts, else undefined. */
  #stillLimited(connectionId: string): Wait | undefined {
    const until = this.#limitedUntil.get(connectionId) ?? 0;
    if (until > Date.now()) return { status: 'wait', retryAt: new Date(until).toISOString() };
    this.#limitedUntil.delete(connectionId);
    return undefined;
  }

  /** The wait a failure asks for, remembered for the connection; undefined when it is not a rate limit. */
  #limited(connectionId: string, error: unknown): Wait | undefined {
    const wait = waitFor(error);
    if (wait) this.#limitedUntil.set(connectionId, Math.max(this.#limitedUntil.get(connectionId) ?? 0, Date.parse(wait.retryAt) || 0));
    return wait;
  }

  /** The connection opened as the workspace's tracker, or the reason it cannot be used, in words. */
  async #open(em: EntityManager, owner: PushOwner, connectionId: string): Promise<OpenedTracker | { refused: string }> {
    try {
      return await this.#deps.connections.openTracker(em, await scopeOf(em, owner), connectionId);
    } catch (error) {
      if (error instanceof DomainError) return { refused: error.message };
      throw error;
    }
  }

  async plan(input: PushInput): Promise<PushPlan> {
    const em = this.#deps.orm.em.fork();
    const opened = await this.#open(em, input, input.connectionId);
    if ('refused' in opened) return opened;
    const plan = await planTickets(em, await scopeOf(em, input), opened.connection, input.ticketIds, input.batchId);
    return { connectionType: opened.connection.connectionType, trackerName: opened.tracker.manifest.name, ...plan };
  }

  /**
   * The tracker user for a mapped username; null (unassigned) when there is none or it cannot be looked up, with
   * the problem in words, which the push reports on each ticket that goes unassigned for it.
   */
  async resolveUser(input: PushOwner & { connectionId: string; username: string }, signal?: AbortSignal): Promise<ResolveOutcome> {
    const limited = this.#stillLimited(input.connectionId);
    if (limited) return limited;
    const opened = await this.#open(this.#deps.orm.em.fork(), input, input.connectionId);
    if ('refused' in opened) return { status: 'resolved', user: null, problem: unassigned(input.username, opened.refused) };
    const tracker = opened.tracker.manifest.name;
    try {
      const user = await opened.tracker.resolveUser(input.username, { ...(signal ? { signal } : {}) });
      return user
        ? { status: 'resolved', user }
        : { status: 'resolved', user: null, problem: unassigned(input.username, `${tracker} has no user by that name who can be assigned here.`) };
    } catch (error) {
      const wait = this.#limited(input.connectionId, error);
      if (wait) return wait;
      const message = finalFailure(error, signal);
      if (message !== undefined) return { status: 'resolved', user: null, problem: unassigned(input.username, message) };
      throw error;
    }
  }

  /**
   * Creates the ticket's item once, or finds the one an earlier attempt made. What does not depend on the ledger
   * (the connection, the ticket as the tracker receives it) is read before any lock. The ticket's lock covers its
   * ledger row throughout; the connection's lock is held only around the create, so looking an item up by its
   * marker never holds up the tracker's writes. Locks are always taken in that order (ticket, then connection;
   * linking takes the connection's alone), so two pushes never wait for each other in a circle.
   */
  async pushTicket(input: PushTicketInput, signal?: AbortSignal): Promise<PushOutcome> {
    const limited = this.#stillLimited(input.connectionId);
    if (limited) return limited;
    const em = this.#deps.orm.em.fork();
    const opened = await this.#open(em, input, input.connectionId);
    if ('refused' in opened) return { status: 'failed', error: opened.refused };
    const ticket = await em.findOne(Ticket, { id: input.ticketId, workspace: (await scopeOf(em, input)).workspace });
    if (!ticket) return { status: 'skipped', reason: TICKET_NOT_FOUND, externalUrl: null, key: null };
    const sent = await trackerTicketOf(em, ticket, input.assignee);
    return this.#deps.locks.session(async (locks) => {
      await locks.lock(ticketLock(ticket.id), signal);
      return this.#pushLocked({ em, opened, sent, batchId: input.batchId, actorId: input.userId, locks, signal, choice: input.choice });
    });
  }

  async #pushLocked(step: {
    em: EntityManager; opened: OpenedTracker; sent: TrackerTicket; batchId: string; actorId: string; locks: LockSession; signal?: AbortSignal | undefined;
    choice?: PushChoice | undefined;
  }): Promise<PushOutcome> {
    const { em, opened: { connection, tracker }, sent, signal } = step;
    const d = db(em);
    /** The ticket's history entry for this push's outcome (core/tickets/events.ts). */
    const pushEvent = (result: PushedEvent['result'], fields: { item?: TrackerItem; error?: string }): PushEvent => ({
      actorId: step.actorId,
      data: {
        connectionId: connection.id, connectionName: connection.name, tracker: connection.connectionType, trackerName: tracker.manifest.name, result,
        externalId: fields.item?.externalId ?? null, key: fields.item?.key ?? null, url: fields.item?.url ?? null, error: fields.error ?? null, batchId: step.batchId,
      },
    });
    const found: LedgerRow | undefined = await d.selectFrom('tickets as t')
      .leftJoin('push_records as r', (join) => join.onRef('r.ticket_id', '=', 't.id').on('r.connection_id', '=', connection.id))
      .select(['t.external_url', 't.external_id', 't.external_type', 't.external_key', 'r.state', 'r.uncertain', 'r.external_id as item_id', 'r.key as item_key', 'r.url as item_url'])
      .where('t.id', '=', sent.id).executeTakeFirst();
    if (!found) return { status: 'skipped', reason: TICKET_NOT_FOUND, externalUrl: null, key: null };
    if (found.state === 'created') {
      const item = { externalId: found.item_id!, key: found.item_key!, url: found.item_url! };
      if (!found.external_url) await this.#markPushed(em, connection, sent.id, item);
      return { status: 'created', ...item, adopted: false, already: true };
    }
    if (found.external_url) {
      const pushed = { externalType: found.external_type, externalKey: found.external_key, externalId: found.external_id };
      return { status: 'skipped', reason: alreadyPushed(pushed), externalUrl: found.external_url, key: found.external_key ?? found.external_id };
    }
    const options = signal ? { signal } : {};
    /** The ledger knows no item was made. */
    const settle = () =>
      d.updateTable('push_records').set({ uncertain: false, updated_at: sql<Date>`now()` }).where('ticket_id', '=', sent.id).where('connection_id', '=', connection.id).execute();
    /** The ledger's 'failed', with the failure in the ticket's history, in one transaction. */
    const settleFailed = (error: string) => em.transactional(async (tx) => {
      await db(tx).updateTable('push_records').set({ state: 'failed', error, updated_at: sql<Date>`now()` }).where('ticket_id', '=', sent.id).where('connection_id', '=', connection.id).execute();
      await recordPushEvent(db(tx), sent.id, pushEvent('failed', { error }));
    });
    /** Looks for the item a create may have made: adopted when found; otherwise the ledger knows there is none. */
    const lookUp = async (): Promise<PushOutcome | null> => {
      const made = await tracker.findByMarker(sent.id, options);
      if (made) {
        await this.#markPushed(em, connection, sent.id, made, pushEvent('found', { item: made }));
        return { status: 'created', ...made, adopted: true, already: false };
      }
      await settle();
      return null;
    };
    const failed = async (error: unknown): Promise<PushOutcome> => {
      const wait = this.#limited(connection.id, error);
      if (wait) return wait;
      const message = finalFailure(error, signal);
      if (message === undefined) throw error;
      await settleFailed(message);
      return { status: 'failed', error: message };
    };

    if (step.choice) {
      const { choice } = step;
      let commented = false;
      try {
        // The plugin posts the comment once however often it is asked (it looks for the ticket's marker first), so a
        // step run again after a comment whose answer was lost does not post a second one.
        if (choice.action === 'comment' && tracker.comment) commented = (await tracker.comment(choice.item, await commentOf(em, sent), options)) === 'commented';
      } catch (error) {
        return failed(error);
      }
      const notices = choice.action === 'comment' && !commented ? [`${tracker.manifest.name} took no comment: ${sent.title} was linked to ${choice.item.key} without one.`] : [];
      await this.#markLinked(em, connection, sent.id, choice.item, {
        actorId: step.actorId,
        data: {
          connectionId: connection.id, connectionName: connection.name, tracker: connection.connectionType, trackerName: tracker.manifest.name,
          externalId: choice.item.externalId, key: choice.item.key, url: choice.item.url, commented, batchId: step.batchId,
        },
      }, step.batchId);
      return { status: 'created', ...choice.item, adopted: false, already: false, linked: commented ? 'comment' : 'link', ...(notices.length ? { notices } : {}) };
    }

    // A create begun before and never settled may have made the item: look for it by its marker first.
    if (found.uncertain) {
      try {
        const adopted = await lookUp();
        if (adopted) return adopted;
      } catch (error) {
        return failed(error);
      }
    }
    await step.locks.lock(connectionLock(connection.id), signal);
    // Another push of this connection may have been limited while this one waited for the lock.
    const limited = this.#stillLimited(connection.id);
    if (limited) return limited;
    // Committed before the tracker is called: an attempt that ends without an answer is known to be uncertain.
    await d.insertInto('push_records').values({
      id: crypto.randomUUID(), ticket_id: sent.id, connection_id: connection.id, batch_id: step.batchId, state: 'creating', attempts: 1,
      uncertain: true, created_at: sql<Date>`now()`, updated_at: sql<Date>`now()`,
    }).onConflict((oc) => oc.columns(['ticket_id', 'connection_id']).doUpdateSet({
      batch_id: (eb) => eb.ref('excluded.batch_id'), state: 'creating', attempts: sql<number>`push_records.attempts + 1`, uncertain: true,
      error: null, updated_at: sql<Date>`now()`,
    })).execute();
    let item: TrackerItem;
    try {
      item = await tracker.create(sent, options);
    } catch (error) {
      const outcome = await failed(error);
      if (outcome.status !== 'wait') return outcome;
      // The tracker may have created the item before it limited a later request. Look now, with the connection
      // free for others (creates wait anyway), so the next try can create at once; a limited look-up leaves it uncertain.
      await step.locks.unlock(connectionLock(connection.id));
      return (await lookUp().catch(() => null)) ?? outcome;
    }
    await this.#markPushed(em, connection, sent.id, item, pushEvent('created', { item }));
    return { status: 'created', ...item, adopted: false, already: false };
  }

  /**
   * The ledger's 'created' and the ticket's external fields, in one transaction: both or neither, with the push in
   * the ticket's history when `event` is given (an item just made or found, not a ledger row repaired).
   */
  async #markPushed(em: EntityManager, connection: Connection, ticketId: string, item: TrackerItem, event?: PushEvent): Promise<void> {
    const now = sql<Date>`now()`;
    await em.transactional(async (tx) => {
      await db(tx).with('recorded', (d) => d.updateTable('push_records')
        .set({ state: 'created', uncertain: false, external_id: item.externalId, key: item.key, url: item.url, error: null, updated_at: now })
        .where('ticket_id', '=', ticketId).where('connection_id', '=', connection.id))
        .updateTable('tickets')
        .set({ external_url: item.url, external_id: item.externalId, external_type: connection.connectionType, external_key: item.key, updated_at: now })
        .where('id', '=', ticketId).execute();
      if (event) await recordPushEvent(db(tx), ticketId, event);
    });
  }

  /**
   * The ledger's 'created' for an item that already existed, the ticket's external fields and its 'linked' history
   * event, in one transaction: the item becomes the ticket's on this connection as a push's would.
   */
  async #markLinked(em: EntityManager, connection: Connection, ticketId: string, item: TrackerItem, event: { actorId: string; data: TicketEventData<'linked'> }, batchId: string): Promise<void> {
    const now = sql<Date>`now()`;
    await em.transactional(async (tx) => {
      await db(tx).insertInto('push_records').values({
        id: crypto.randomUUID(), ticket_id: ticketId, connection_id: connection.id, batch_id: batchId, state: 'created', attempts: 0, uncertain: false,
        external_id: item.externalId, key: item.key, url: item.url, created_at: now, updated_at: now,
      }).onConflict((oc) => oc.columns(['ticket_id', 'connection_id']).doUpdateSet({
        batch_id: batchId, state: 'created', uncertain: false, external_id: item.externalId, key: item.key, url: item.url, error: null, updated_at: now,
      })).execute();
      const ticket = await db(tx).updateTable('tickets')
        .set({ external_url: item.url, external_id: item.externalId, external_type: connection.connectionType, external_key: item.key, updated_at: now })
        .where('id', '=', ticketId).returning('workspace_id').executeTakeFirst();
      if (ticket) await recordTicketEvent(db(tx), { ticketId, workspaceId: ticket.workspace_id, kind: 'linked', actorId: event.actorId, data: event.data });
    });
  }

  /**
   * Links the ticket's item to the items of its dependencies that this connection created (any push). Links the
   * tracker cannot make ('unsupported') are fine: the body already names the dependency.
   */
  linkTicket(input: LinkInput, signal?: AbortSignal): Promise<LinkOutcome> {
    return this.#deps.locks.session(async (locks) => {
      await locks.lock(connectionLock(input.connectionId), signal);
      return this.#linkLocked(input, signal);
    });
  }

  async #linkLocked(input: LinkInput, signal?: AbortSignal): Promise<LinkOutcome> {
    const limited = this.#stillLimited(input.connectionId);
    if (limited) return { ...limited, done: input.done, problems: [] };
    const em = this.#deps.orm.em.fork();
    const outcome = { status: 'linked' as const, linked: [] as string[], unsupported: [] as string[], problems: [] as string[] };
    const ticket = await em.findOne(Ticket, { id: input.ticketId, workspace: (await scopeOf(em, input)).workspace });
    const record = ticket && (await em.findOne(PushRecord, { ticket: ticket.id, connection: input.connectionId, state: 'created' }));
    const wanted = ticket?.dependencies.filter((id) => id !== ticket.id && !input.done.includes(id)) ?? [];
    if (!record || !wanted.length) return outcome;
    const opened = await this.#open(em, input, input.connectionId);
    if ('refused' in opened) return { ...outcome, problems: [opened.refused] };
    const dependencies = await em.find(
      PushRecord, { connection: input.connectionId, state: 'created', ticket: { $in: wanted } }, { populate: ['ticket'] },
    );
    const order = new Map(wanted.map((id, index) => [id, index]));
    dependencies.sort((a, b) => order.get(a.ticket.id)! - order.get(b.ticket.id)!);
    for (const dependency of dependencies) {
      try {
        const linked = await opened.tracker.link(itemOf(record), itemOf(dependency), signal ? { signal } : {});
        (linked === 'linked' ? outcome.linked : outcome.unsupported).push(dependency.ticket.id);
      } catch (error) {
        const wait = this.#limited(input.connectionId, error);
        if (wait) return { ...wait, done: [...input.done, ...outcome.linked, ...outcome.unsupported], problems: outcome.problems };
        const message = finalFailure(error, signal);
        if (message === undefined) throw error;
        outcome.problems.push(`Could not link it to '${dependency.ticket.title}': ${message}`);
      }
    }
    return outcome;
  }
}
