import type { TrackerBudgets } from './budgets.ts';
import type { PluginManifest, PluginSettings } from './manifest.ts';
import type { TrackerOAuth } from './oauth.ts';
import type { TrackerItem, TrackerItemPreview } from './types.ts';

export type { TrackerItem, TrackerItemPreview };

/** A ticket's status, as Tickscribe has it. */
export type TrackerTicketStatus = TrackerTicket['status'];

/**
 * Where an item stands in its tracker: open or closed, and the ticket status that maps to, the same way `create`
 * maps a status onto the item (a tracker with no in-progress state answers 'ToDo' for every open item).
 */
export interface TrackerItemStatus {
  state: 'open' | 'closed';
  status: TrackerTicketStatus;
  /**
   * True when the tracker tells To Do from In Progress itself (a Jira status category, an Azure DevOps state
   * category), so an open ticket follows a move between them; left out when `status` of an open item is a guess
   * (a GitHub issue is only open or closed), and an open ticket keeps the status it has.
   */
  exact?: boolean;
  /** The item's address now, when the tracker says it (an item moved to another project). */
  url?: string;
}

/** A webhook delivery as it arrived: the body's text untouched (signatures cover it) and the headers. */
export interface TrackerWebhookRequest {
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** A verified webhook delivery: its body parsed as JSON, and the headers (names in lower case). */
export interface TrackerWebhookDelivery {
  headers: Record<string, string>;
  body: unknown;
}

/**
 * What a verified delivery says: an item's status changed (`itemId` is the item's `externalId`), or the tracker is
 * checking that the address answers ('ping').
 */
export type TrackerWebhookEvent = ({ kind: 'status'; itemId: string } & TrackerItemStatus) | { kind: 'ping' };

/**
 * How a tracker tells Tickscribe that its items changed: the user registers the connection's webhook address and a
 * secret Tickscribe made with the tracker; the host hands each delivery's raw body and headers to `verify` and acts
 * on nothing that does not pass it.
 */
export interface TrackerWebhook<Settings extends PluginSettings = PluginSettings> {
  /**
   * Whether the delivery was signed with `secret`: checked on the raw body, in constant time. False for an unsigned
   * or forged delivery; it must never throw for one.
   */
  verify(request: TrackerWebhookRequest, secret: string): boolean;
  /**
   * A verified delivery as an event; null for one that changes no item's status (other events and actions, another
   * target than the connection's). Throws an Error only for a body it cannot read at all.
   */
  parse(delivery: TrackerWebhookDelivery, context: Pick<TrackerContext<Settings>, 'settings'>): TrackerWebhookEvent | null;
  /** What the user registers with the tracker, in words for the connection's page: where, which events, which content type. */
  instructions: string;
  /**
   * Optional. What a delivery `verify` refused is answered, in words, where the tracker proves deliveries otherwise
   * than by a signature (a password); without it, that the signature is missing or does not match the secret.
   */
  refused?: string;
}

/**
 * What `search` looks for: the ticket's title and the words to search by (the title's and description's words that
 * say something, function words dropped, at most a dozen), as plain text: the plugin quotes or escapes them for its
 * query language and must never pass them on as syntax.
 */
export interface TrackerSearchQuery {
  /** The ticket's title, as Tickscribe has it. */
  title: string;
  /** Words to search by, best first, each plain text (no operators). Never empty. */
  words: string[];
  /** The most candidates the host takes (it keeps the first `limit` of a longer answer). */
  limit: number;
}

/** An open item of the connection's target that may be the task of a ticket, as `search` finds it. */
export interface TrackerCandidate {
  /** The item's id, key and address, as `create` would return them: what linking a ticket to it records. */
  externalId: string;
  key: string;
  url: string;
  title: string;
  /** The start of its description as plain text, when it has one; the host cuts it to 300 characters. */
  excerpt?: string;
  /** Where it stands, in the tracker's words ("Open", "In Progress"), when the tracker says. */
  status?: string;
}

/** What `comment` writes on an existing item: the meeting's words about the ticket, and the ticket's id for the marker. */
export interface TrackerComment {
  /** Tickscribe's id of the ticket: the comment carries its marker (see `markerOf`) so that a retry finds it. */
  ticketId: string;
  /** The ticket's title. */
  title: string;
  /** The meeting's words the ticket came from, when they were kept. */
  quote: string | null;
  /** The meeting it was said in, as its title, when known. */
  meeting: string | null;
  /** The meeting's date (YYYY-MM-DD), when known. */
  meetingDate: string | null;
}

export interface TrackerManifest extends PluginManifest {
  kind: 'tracker';
}

/**
 * A ticket as a tracker receives it. Every field the product keeps, so a plugin can map each one; the assignee is
 * already resolved through the connection's user mapping and `resolveUser` (never guessed: null is unassigned).
 */
export interface TrackerTicket {
  /** Tickscribe's id of the ticket: the marker's key (see `markerOf`). */
  id: string;
  title: string;
  description: string;
  context: string | null;
  implementation: string | null;
  notes: string | null;
  effort: 'Small' | 'Medium' | 'Large' | null;
  /** The words from the transcript the ticket came from, when known. */
  quote: string | null;
  priority: 'Low' | 'Medium' | 'High';
  status: 'ToDo' | 'InProgress' | 'Done';
  /** The Tickscribe project name (the connection's target is in the settings, not here). */
  project: string;
  tags: string[];
  /** YYYY-MM-DD, or null. */
  dueDate: string | null;
  /** What `resolveUser` returned for the mapped username, or null to leave it unassigned. */
  assignee: TrackerUser | null;
  /**
   * Tickets this one depends on that already live somewhere (an earlier push, or another connection): written
   * into the body as readable references. Links between items of the same tracker are made with `link`.
   */
  dependsOn: { title: string; url: string | null; key: string | null }[];
}

/** A tracker user, as `resolveUser` finds one: the id the tracker assigns by, and a name for people. */
export interface TrackerUser {
  id: string;
  name: string;
}

/**
 * A person the tracker can assign in the connection's target, as `searchUsers` finds them: what to keep in the
 * connection's user mapping, and how to show them so a person can tell who is who.
 */
export interface TrackerUserMatch {
  /** What the user mapping keeps: a value `resolveUser` accepts for this person (a login, an account id, an e-mail). */
  value: string;
  /** The name people know them by (the login when the tracker shows no other). */
  name: string;
  /** Their login or user name, when the tracker shows one besides `value`. */
  login?: string;
  /** Their e-mail address, when the tracker shows it. */
  email?: string;
}

/** What `verify` proved: who the credentials belong to and which target they reach, in words for the user. */
export interface TrackerVerification {
  account: string;
  target: string;
}

/** One HTTP request through the host: the host checks the address, applies timeouts and the abort signal. */
export interface TrackerHttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON (with content-type application/json unless given). */
  body?: unknown;
  /**
   * Whether redirects are followed (each hop checked like the first). Default true. False answers a redirect as it
   * is, its target in the `location` header: Standard Webhooks, for one, counts a redirect as a failed delivery.
   */
  followRedirects?: boolean;
}

export interface TrackerHttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON; undefined when it is empty or not JSON. */
  json: unknown;
}

/**
 * Sends a request and resolves with any HTTP answer (4xx and 5xx included). Rejects with a TrackerError: kind
 * 'transient' when the network failed or timed out, 'forbidden' when the address is not allowed.
 */
export type TrackerHttp = (request: TrackerHttpRequest) => Promise<TrackerHttpResponse>;

/**
 * What each tracker call receives: validated settings, the host's HTTP client, an abort signal, and the request
 * budgets the host counts across its processes (absent where the host shares none: `budgetsOf` then counts in
 * this process).
 */
export interface TrackerContext<Settings extends PluginSettings = PluginSettings> {
  settings: Settings;
  http: TrackerHttp;
  signal?: AbortSignal;
  budgets?: TrackerBudgets;
}

/**
 * A tracker plugin: a side-effect-free definition whose functions talk to the tracker only through
 * `context.http`. Failures are thrown as TrackerError (tracker-errors.ts); anything else thrown counts as
 * transient. The host validates every answer (schemas/tracker-item.schema.json and the shapes below).
 *
 * `Settings` is the shape the manifest's schemas give the settings (the host validates them before every call), e.g.
 * `FromSchema` of json-schema-to-ts over schemas declared `as const`; without it the functions get plain records.
 */
export interface TrackerPlugin<Settings extends PluginSettings = PluginSettings> {
  manifest: TrackerManifest;
  /**
   * Proves the credentials (kind 'auth' when they are refused) and then, separately, the target (kind
   * 'not_found' or 'forbidden' when the project, repository or board cannot be reached or written).
   */
  verify(context: TrackerContext<Settings>): Promise<TrackerVerification>;
  /** Creates one item for the ticket, carrying its marker so `findByMarker` can find it again. */
  create(ticket: TrackerTicket, context: TrackerContext<Settings>): Promise<TrackerItem>;
  /** The item this ticket already created (by its marker), or null: run before any retried create. */
  findByMarker(ticketId: string, context: TrackerContext<Settings>): Promise<TrackerItem | null>;
  /**
   * Records that `item` depends on `dependency` (both created by this connection). 'linked' when the tracker
   * holds a real relation now (an existing one counts), 'unsupported' when it has none; the caller then
   * writes the dependency into the body instead.
   */
  link(item: TrackerItem, dependency: TrackerItem, context: TrackerContext<Settings>): Promise<'linked' | 'unsupported'>;
  /** The tracker's user for a mapped username (login, e-mail, account name), or null when there is none. */
  resolveUser(username: string, context: TrackerContext<Settings>): Promise<TrackerUser | null>;
  /**
   * Optional. The people who can be assigned in the connection's target whose name, login or e-mail matches `query`
   * (the tracker's own matching; an empty query may list the first of them), best first, for the user mapping
   * editor to offer. Each `value` must be one `resolveUser` accepts. Without it the editor keeps free text.
   */
  searchUsers?(query: string, context: TrackerContext<Settings>): Promise<TrackerUserMatch[]>;
  /** "Connect with …": how the vendor's OAuth 2.0 sign-in gives this plugin its credentials (oauth.ts). Optional. */
  oauth?: TrackerOAuth;
  /**
   * Optional. Where an item this connection created stands now, or null when it is gone (deleted, moved out of reach).
   * The host asks it, a batch at a time within the tracker's budgets, for items whose ticket is not Done, so a ticket
   * follows its item even when no webhook arrives. Without it (and without `webhook`) tickets keep their own status.
   */
  itemStatus?(item: TrackerItem, context: TrackerContext<Settings>): Promise<TrackerItemStatus | null>;
  /**
   * Optional. Gives the item the ticket's new status, mapped the way `create` maps it: 'updated' when the item has it
   * now (it had it already counts), 'unsupported' when the tracker has no way to hold it. Without it a status changed
   * in Tickscribe stays in Tickscribe.
   */
  setStatus?(item: TrackerItem, status: TrackerTicketStatus, context: TrackerContext<Settings>): Promise<'updated' | 'unsupported'>;
  /**
   * Optional. What `create` would send for the ticket, without sending it: the item's title, body, fields and
   * assignee, and the create request itself. It may read from the tracker (the host refuses any other request in
   * it). Build it with the functions `create` builds its request with. Without it the push wizard shows no preview.
   */
  preview?(ticket: TrackerTicket, context: TrackerContext<Settings>): Promise<TrackerItemPreview>;
  /**
   * Optional. The connection target's open items that may be the ticket's task, found by the tracker's own search
   * with `query.words` (quoted or escaped: the words are text, never query syntax), best first, at most `query.limit`.
   * The host scores them against the ticket itself and checks every answer; a call has a few seconds (the signal
   * ends it). Without it the push wizard says the tracker cannot be searched and every ticket is created.
   */
  search?(query: TrackerSearchQuery, context: TrackerContext<Settings>): Promise<TrackerCandidate[]>;
  /**
   * Optional. Posts `comment` on an existing item (one `search` found), carrying the ticket's marker: 'commented'
   * when the item has the comment now, and an item that already has a comment with this ticket's marker is not
   * commented again (a retried push must not post twice); 'unsupported' when the tracker has no comments. Without it
   * the wizard offers to link to an item but not to comment on it.
   */
  comment?(item: TrackerItem, comment: TrackerComment, context: TrackerContext<Settings>): Promise<'commented' | 'unsupported'>;
  /** Optional. How the tracker's webhook deliveries are verified and read (see TrackerWebhook). */
  webhook?: TrackerWebhook<Settings>;
}
