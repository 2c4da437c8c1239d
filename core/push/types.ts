/** What the push workflow and its activities pass to each other (plain data, kept in the workflow's history). */
import type { TrackerUser } from '../../plugins/sdk/index.ts';
import type { PushChoice } from './candidates.ts';

/** One push: workflow `push-<connectionId>-<batchId>`. */
export interface PushInput {
  userId: string;
  /** The workspace whose tickets and connection these are; absent in a push started before pushes named it (its user's personal one). */
  workspaceId?: string;
  connectionId: string;
  batchId: string;
  ticketIds: string[];
  /** Tickets the reviewer linked to an item that already exists (and maybe commented on), by ticket id; the others are created. */
  choices?: Record<string, PushChoice>;
}

export interface PlannedTicket {
  id: string;
  title: string;
  project: string;
  /** Ids of the tickets it depends on (any, pushed or not). */
  dependencies: string[];
  /** The tracker username its assignee is mapped to, or null: it goes unassigned. */
  username: string | null;
}

export interface SkippedTicket {
  ticketId: string;
  title: string | null;
  project: string | null;
  reason: string;
  /** Where it already lives, when it was pushed before. */
  externalUrl: string | null;
  key: string | null;
}

export type PushPlan =
  | { refused: string }
  | {
      /** The connection's type (tracker plugin id) and the tracker's name for people. */
      connectionType: string;
      trackerName: string;
      /** The tickets to push, each after the ones it depends on. */
      tickets: PlannedTicket[];
      skipped: SkippedTicket[];
      /** The mapped usernames to resolve with the tracker, once each. */
      usernames: string[];
    };

/** The tracker limits requests: call again at `retryAt` (the workflow waits on a timer). */
export interface Wait {
  status: 'wait';
  retryAt: string;
}

/** A mapped username's tracker user; null with the problem in words when the tracker has none it would assign. */
export type ResolveOutcome = { status: 'resolved'; user: TrackerUser | null; problem?: string } | Wait;

export interface PushTicketInput {
  userId: string;
  /** The workspace whose tickets and connection these are; absent in a push started before pushes named it (its user's personal one). */
  workspaceId?: string;
  connectionId: string;
  batchId: string;
  ticketId: string;
  assignee: TrackerUser | null;
  /** Link the ticket to this existing item (and comment on it) instead of creating one. */
  choice?: PushChoice;
}

export type PushOutcome =
  | {
      status: 'created';
      externalId: string;
      key: string;
      url: string;
      /** Found by its marker after an attempt whose answer never came, rather than created now. */
      adopted: boolean;
      /** Created earlier (another push, or an earlier try of this one). */
      already: boolean;
      /** What the tracker could not take as the ticket had it (the plugin's words), on a create made now. */
      notices?: string[];
      /** Linked to an item that already existed instead of created ('comment': the meeting's words were posted on it too). */
      linked?: 'link' | 'comment';
    }
  | { status: 'failed'; error: string }
  | { status: 'skipped'; reason: string; externalUrl: string | null; key: string | null }
  | Wait;

export interface LinkInput {
  userId: string;
  /** The workspace whose tickets and connection these are; absent in a push started before pushes named it (its user's personal one). */
  workspaceId?: string;
  connectionId: string;
  ticketId: string;
  /** Dependencies already handled by an earlier call (before a wait). */
  done: string[];
}

export type LinkOutcome =
  | { status: 'linked'; linked: string[]; unsupported: string[]; problems: string[] }
  | (Wait & { done: string[]; problems: string[] });
