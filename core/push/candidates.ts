/**
 * Before a push: the open items of the connection's tracker that are likely the same task as each ticket, so that the
 * reviewer links the ticket to one (or comments on it) instead of creating a second item. The tracker's own search
 * (its plugin's optional search()) finds candidates by the ticket's words; the same-task matcher the meetings use
 * (core/tickets/matching.ts) scores each against the ticket, and only those at or above CANDIDATE_THRESHOLD are
 * offered. A tracker without search answers searchable: false, and every ticket is created as before.
 *
 * Each ticket's answer is kept for a while (per workspace, connection and ticket as it was edited last): the wizard
 * asks again as its summary is shown, and the push checks a chosen item against it, searching again only when it has
 * gone (another process answered, or time passed).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { isTrackerError, type TrackerCandidate, type TrackerItem } from '../../plugins/sdk/index.ts';
import type { PushCandidates } from '../../schemas/types.ts';
import type { Connections } from '../connections/connections.ts';
import type { OpenedTracker } from '../connections/open-tracker.ts';
import { InvalidInput, NotFound } from '../errors.ts';
import { PluginOutputError } from '../plugins/boundary.ts';
import { scoreSameTask, searchWordsOf } from '../tickets/matching.ts';
import type { Ticket } from '../tickets/ticket.entity.ts';
import type { WorkspaceScope } from '../users/scope.ts';
import { ownTickets, TICKET_NOT_FOUND } from './plan.ts';

/**
 * The score at or above which an item is offered. Lower than the meetings' SAME_TASK_THRESHOLD (0.55): an item is
 * compared by its title and the start of its description only, and nothing is applied until the reviewer chooses.
 */
export const CANDIDATE_THRESHOLD = 0.4;
/** How long a ticket's answer is kept. */
const KEPT_MS = 15 * 60_000;
/** The most answers kept in this process. */
const KEPT_MOST = 5_000;
/** The most tickets one request searches for. */
export const CANDIDATE_TICKETS = 50;

export type TicketCandidates = PushCandidates['tickets'][number];
type Scored = TicketCandidates['candidates'][number];

interface Kept {
  at: number;
  answer: TicketCandidates;
}

/** A reviewer's choice for one ticket, checked: the item it links to (and comments on). */
export interface PushChoice {
  action: 'link' | 'comment';
  item: TrackerItem;
}

export class PushCandidateSearch {
  readonly #connections: Connections;
  readonly #kept = new Map<string, Kept>();

  constructor(connections: Connections) {
    this.#connections = connections;
  }

  /** Per ticket not pushed yet, the likely items; searchable false (and no tickets) for a tracker without search. */
  async find(em: EntityManager, scope: WorkspaceScope, connectionId: string, ticketIds: string[], signal?: AbortSignal): Promise<PushCandidates> {
    const unique = [...new Set(ticketIds)];
    if (!unique.length) throw new InvalidInput('Please select at least one ticket to look for in the tracker');
    if (unique.length > CANDIDATE_TICKETS) throw new InvalidInput(`Look for at most ${CANDIDATE_TICKETS} tickets at a time`);
    const opened = await this.#connections.openTracker(em, scope, connectionId);
    const tickets = await ownTickets(em, scope, unique);
    if (tickets.length !== unique.length) throw new NotFound(TICKET_NOT_FOUND);
    const { tracker } = opened;
    const base = { connectionId: opened.connection.id, trackerName: tracker.manifest.name, searchable: Boolean(tracker.search), commentable: Boolean(tracker.comment) };
    if (!tracker.search) return { ...base, tickets: [] };
    const answers: TicketCandidates[] = [];
    let stopped: string | null = null;
    for (const ticket of tickets.filter((each) => !each.externalUrl)) {
      if (stopped) {
        answers.push({ ticketId: ticket.id, title: ticket.title, candidates: [], error: stopped });
        continue;
      }
      const { answer, stop } = await this.#candidates(scope, opened, ticket, signal);
      // A limit or a refusal of the whole tracker holds for the tickets after it: they are not searched in vain.
      if (stop) stopped = answer.error;
      answers.push(answer);
    }
    return { ...base, tickets: answers };
  }

  /**
   * The reviewer's choices checked against the candidates offered: each ticket among the selection, each item one
   * found for it (searched again when the answer is no longer kept), a comment only where the tracker takes them.
   * Throws InvalidInput in words otherwise.
   */
  async check(em: EntityManager, scope: WorkspaceScope, connectionId: string, tickets: Ticket[], choices: { ticketId: string; action: 'link' | 'comment'; externalId: string }[]): Promise<Record<string, PushChoice>> {
    if (!choices.length) return {};
    const opened = await this.#connections.openTracker(em, scope, connectionId);
    const byId = new Map(tickets.map((ticket) => [ticket.id, ticket]));
    const checked: Record<string, PushChoice> = {};
    for (const choice of choices) {
      const ticket = byId.get(choice.ticketId);
      if (!ticket) throw new InvalidInput('A choice names a ticket that is not among those pushed.');
      if (!opened.tracker.search) {
        throw new InvalidInput(`${opened.tracker.manifest.name} cannot be searched for existing items, so “${ticket.title}” can only be created: leave out its choice.`);
      }
      if (choice.action === 'comment' && !opened.tracker.comment) {
        throw new InvalidInput(`${opened.tracker.manifest.name} takes no comments from Tickscribe: link “${ticket.title}” to the item instead.`);
      }
      const found = this.#fresh(scope, opened.connection.id, ticket) ?? (await this.#candidates(scope, opened, ticket)).answer;
      const candidate = found.candidates.find((each) => each.externalId === choice.externalId);
      if (!candidate) {
        throw new InvalidInput(`The item chosen for “${ticket.title}” is not one ${opened.tracker.manifest.name} offered for it (any more): look at the summary again and choose again.`);
      }
      checked[ticket.id] = { action: choice.action, item: { externalId: candidate.externalId, key: candidate.key, url: candidate.url } };
    }
    return checked;
  }

  #key(scope: WorkspaceScope, connectionId: string, ticket: Ticket): string {
    return `${scope.workspace}:${connectionId}:${ticket.id}:${new Date(ticket.updatedAt).getTime()}`;
  }

  #fresh(scope: WorkspaceScope, connectionId: string, ticket: Ticket): TicketCandidates | undefined {
    const kept = this.#kept.get(this.#key(scope, connectionId, ticket));
    return kept && Date.now() - kept.at < KEPT_MS ? kept.answer : undefined;
  }

  /** One ticket's answer; `stop` when the failure holds for the whole tracker (a limit, refused credentials). */
  async #candidates(scope: WorkspaceScope, opened: OpenedTracker, ticket: Ticket, signal?: AbortSignal): Promise<{ answer: TicketCandidates; stop: boolean }> {
    const fresh = this.#fresh(scope, opened.connection.id, ticket);
    if (fresh) return { answer: fresh, stop: false };
    const words = searchWordsOf(ticket);
    if (!words.length) return { answer: { ticketId: ticket.id, title: ticket.title, candidates: [], error: null }, stop: false };
    let found: TrackerCandidate[];
    try {
      found = await opened.tracker.search!({ title: ticket.title, words }, signal ? { signal } : {});
    } catch (error) {
      const stop = isTrackerError(error) && ['rate_limited', 'auth', 'forbidden'].includes(error.kind);
      return { answer: { ticketId: ticket.id, title: ticket.title, candidates: [], error: searchProblem(opened.tracker.manifest.name, error) }, stop };
    }
    const candidates = found.flatMap((candidate): Scored[] => {
      const { score } = scoreSameTask({ title: ticket.title, description: ticket.description }, { title: candidate.title, description: candidate.excerpt ?? null });
      return score >= CANDIDATE_THRESHOLD
        ? [{ externalId: candidate.externalId, key: candidate.key, url: candidate.url, title: candidate.title, excerpt: candidate.excerpt ?? null, status: candidate.status ?? null, score }]
        : [];
    }).sort((a, b) => b.score - a.score);
    const answer = { ticketId: ticket.id, title: ticket.title, candidates, error: null };
    if (this.#kept.size >= KEPT_MOST) this.#kept.delete(this.#kept.keys().next().value!);
    this.#kept.set(this.#key(scope, opened.connection.id, ticket), { at: Date.now(), answer });
    return { answer, stop: false };
  }
}

/** Why a search failed, in words for the summary; a failure that is not the tracker's is thrown on. */
function searchProblem(trackerName: string, error: unknown): string {
  if (isTrackerError(error)) {
    if (error.kind === 'rate_limited') {
      const at = error.retryAt ? ` after ${new Date(error.retryAt).toISOString().slice(11, 16)} UTC` : ' in a minute';
      return `${trackerName} limits how often it can be searched; look again${at}. The ticket can still be created.`;
    }
    return `${trackerName} could not be searched: ${error.message}`;
  }
  if (error instanceof PluginOutputError) return `${trackerName} could not be searched: ${error.message}`;
  throw error;
}
