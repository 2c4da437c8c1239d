// Generated from schemas/*.schema.json by `npm run schemas:types`. Do not edit.
import type { TrackerItemPreview } from '../plugins/sdk/types.ts';

// api/auth/change-password.request.schema.json
/**
 * Change the password; the user's other sessions end.
 */
export interface ChangePasswordRequest {
  currentPassword: string;
  /**
   * At least 6 characters.
   */
  newPassword: string;
}

// api/auth/current-user.response.schema.json
/**
 * The signed-in user.
 */
export interface CurrentUserResponse {
  user: User;
}

// api/auth/login.request.schema.json
/**
 * Sign in with e-mail and password.
 */
export interface LoginRequest {
  /**
   * Trimmed and lower-cased by the server.
   */
  email: string;
  password: string;
}

// api/auth/message.response.schema.json
/**
 * A confirmation in words.
 */
export interface MessageResponse {
  message: string;
}

// api/auth/reset-password.request.schema.json
/**
 * Ask for a password reset link. The answer is the same whether or not the account exists.
 */
export interface ResetPasswordRequest {
  /**
   * Trimmed and lower-cased by the server.
   */
  email: string;
}

// api/auth/session.response.schema.json
/**
 * The signed-in user and the session token (also set as an HttpOnly cookie).
 */
export interface SessionResponse {
  user: User;
  /**
   * Send as `Authorization: Bearer <token>`.
   */
  token: string;
}

// api/auth/signup.request.schema.json
/**
 * Create an account; a verification e-mail follows, unless the sign-up comes with an invitation to the same address.
 */
export interface SignupRequest {
  /**
   * Trimmed and lower-cased by the server.
   */
  email: string;
  /**
   * At least 6 characters.
   */
  password: string;
  fullName: string;
  /**
   * The token of an invitation link (/invitations/{token}) sent to this address: the account is made verified (the link proved the inbox), joins the invitation's workspace with its role, and no verification e-mail is sent.
   */
  invitationToken?: string;
}

// api/auth/signup.response.schema.json
/**
 * The new account. No token: the address must be verified first, unless the sign-up came with an invitation to it (then the account is verified and may log in at once).
 */
export interface SignupResponse {
  user: User;
  message: string;
}

// api/auth/update-user.request.schema.json
/**
 * Set a new password with the reset link's token_hash as bearer token; every session ends.
 */
export interface UpdateUserRequest {
  /**
   * At least 6 characters.
   */
  password: string;
  /**
   * The link's `type` query value: `recovery`.
   */
  type: string;
}

// api/auth/update-user.response.schema.json
/**
 * The account whose password was reset.
 */
export interface UpdateUserResponse {
  user: User;
  message: string;
}

// api/auth/user.schema.json
/**
 * A Tickscribe account as the API shows it (never its password hash).
 */
export interface User {
  id: string;
  fullName: string;
  email: string;
  /**
   * Null means the Free plan.
   */
  subscriptionTier: string | null;
  isSubscribed: boolean;
  transcriptsProcessed: number;
}

// api/auth/verify-email.query.schema.json
/**
 * The verification link's query.
 */
export interface VerifyEmailQuery {
  /**
   * The e-mailed token.
   */
  token?: string;
}

// api/billing/cancel.response.schema.json
/**
 * The cancellation in words, and the subscription after it.
 */
export interface CancelSubscriptionResponse {
  message: string;
  subscription: CurrentSubscription;
}

// api/billing/current.response.schema.json
/**
 * The user's plan and subscription as this installation knows them.
 */
export interface CurrentSubscription {
  tierId: string;
  tierName: string;
  /**
   * A paid plan applies now.
   */
  isSubscribed: boolean;
  /**
   * Stripe's subscription status (active, trialing, past_due, unpaid, incomplete, canceled…); null without a Stripe subscription.
   */
  status: string | null;
  /**
   * stripe: a Stripe subscription; administrator: the plan was set with `tickscribe set-tier`; none: Free.
   */
  managedBy: "stripe" | "administrator" | "none";
  /**
   * The subscription date: monthly credits reset on its day of the month.
   */
  subscribedAt: string | null;
  /**
   * When the paid period ends (renews, or ends when cancelAtPeriodEnd).
   */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /**
   * Whether 'Manage Billing' (the Stripe portal) can open for this user.
   */
  canManageBilling: boolean;
  paidPlansAvailable: boolean;
}

// api/billing/payment-history.response.schema.json
/**
 * The user's payments, newest first (the latest 100), from this installation's own records.
 */
export interface PaymentHistory {
  payments: BillingPayment[];
}

// api/billing/payment.schema.json
/**
 * A payment from the payments table.
 */
export interface BillingPayment {
  id: string;
  date: string;
  /**
   * In dollars (or the currency's main unit).
   */
  amount: number;
  currency: string;
  description: string;
  status: "successful" | "failed" | "refunded" | "pending";
  amountRefunded: number;
}

// api/billing/portal.response.schema.json
/**
 * The Stripe Customer Portal page for the user's billing details, invoices and payment methods.
 */
export interface PortalSession {
  /**
   * The portal's address, to open in the browser.
   */
  url: string;
}

// api/billing/stripe-event.schema.json
/**
 * A Stripe event as Stripe posts it; its Stripe-Signature header is verified against the raw body.
 */
export interface StripeWebhookEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  data: {
    object: {};
  };
}

// api/billing/subscribe.request.schema.json
/**
 * The plan to subscribe to.
 */
export interface SubscribeRequest {
  /**
   * A plan id from GET /api/subscriptions/tiers (pro, enterprise).
   */
  tierId: string;
}

// api/billing/subscribe.response.schema.json
/**
 * Where to send the browser: Stripe Checkout for a new subscription, or back to /billing after a plan change.
 */
export interface SubscribeResponse {
  redirectUrl: string;
  message: string;
}

// api/billing/tier.schema.json
/**
 * A plan: its monthly price and limits, and whether this user can choose it here.
 */
export interface SubscriptionTier {
  /**
   * Sent as tierId to subscribe: free, pro or enterprise.
   */
  id: string;
  name: string;
  /**
   * Price per interval in dollars (19 for $19.00).
   */
  price: number;
  /**
   * ISO currency code, lower case (usd).
   */
  currency: string;
  /**
   * Billing interval: month.
   */
  interval: string;
  description: string;
  features: string[];
  /**
   * Monthly input and output token credits.
   */
  tokenLimits: {
    input: number;
    output: number;
  };
  /**
   * Transcripts a month.
   */
  transcriptLimit: number;
  /**
   * Whether the plan can be bought on this installation (Free always can).
   */
  available: boolean;
  /**
   * The user's plan now.
   */
  current: boolean;
}

// api/billing/tiers.response.schema.json
/**
 * The plans, the user's current one, and whether paid plans can be bought on this installation.
 */
export interface SubscriptionTiers {
  tiers: SubscriptionTier[];
  currentTierId: string;
  /**
   * False on an installation without Stripe: everyone is on Free unless an administrator sets a plan.
   */
  paidPlansAvailable: boolean;
  /**
   * Why paid plans cannot be bought here, in words for the plan cards; null when they can.
   */
  notice: string | null;
}

// api/billing/webhook.response.schema.json
/**
 * The event was received: processed now, or already processed before.
 */
export interface StripeWebhookReceipt {
  received: true;
  duplicate: boolean;
  /**
   * What processing did, or why the event changed nothing.
   */
  outcome: string;
}

// api/bots/bot.response.schema.json
/**
 * One bot.
 */
export interface MeetingBotResponse {
  success: true;
  bot: MeetingBot;
}

// api/bots/bot.schema.json
/**
 * A meeting bot the user sent, where it stands, and the transcript of its meeting once fetched.
 */
export interface MeetingBot {
  id: string;
  /**
   * The bot service's id of the bot: the {id} of the bot routes.
   */
  recallBotId: string;
  /**
   * The bot service that sent it (a bot plugin id: recall, attendee, …).
   */
  provider: string;
  /**
   * null until the bot service reports on the bot ('Bot Initializing...'); pending ('Joining Meeting...'), recording ('Recording in Progress'), done ('Completed': the meeting is over and its transcript is being processed), failed, cancelled.
   */
  status: "pending" | "recording" | "done" | "failed" | "cancelled" | null;
  /**
   * Why it ended as it did, when known: waiting_room_timeout, kicked, recording_denied, meeting_not_found, fatal, no_recording, unknown (from the bot service); limit_reached, too_large, transcript_failed (from Tickscribe).
   */
  reason: string | null;
  /**
   * Why it failed, in words for people.
   */
  error: string | null;
  meetingUrl: string;
  meetingTitle: string | null;
  /**
   * The meeting's transcript, once fetched from the bot service.
   */
  transcriptId: string | null;
  createdAt: string;
  updatedAt: string;
}

// api/bots/create.request.schema.json
/**
 * The meeting to send a bot into: its link (required; 'Please enter a meeting URL.', 'Please enter a valid URL.') and an optional title, trimmed.
 */
export interface MeetingBotRequest {
  /**
   * The meeting's link (Google Meet, Zoom, Microsoft Teams, …), http or https.
   */
  meetingUrl: string;
  /**
   * The title its transcript gets; the platform and the day when left out.
   */
  meetingTitle?: string | null;
}

// api/bots/list.response.schema.json
/**
 * The user's active bots (status null, pending or recording), newest first, and whether this installation has a meeting bot at all.
 */
export interface MeetingBotList {
  success: true;
  bots: MeetingBot[];
  /**
   * False when no bot service is configured (MEETING_BOT_PROVIDER): no bot can be sent.
   */
  configured: boolean;
  /**
   * When not configured, what the operator has to set.
   */
  notice: string | null;
}

// api/bots/webhook.request.schema.json
/**
 * A webhook of the configured bot service as it posts it (Recall.ai's Svix-signed bot and transcript events, Attendee's signed bot.state_change, …); its signature is verified on the raw body.
 */
export interface MeetingBotWebhook {}

// api/bots/webhook.response.schema.json
/**
 * The delivery was genuine and received: handed to the bot's lifecycle (applied), a delivery of an event handled before (duplicate), an event that changes nothing or concerns no bot of this installation (ignored), or one for a bot whose lifecycle has ended (finished).
 */
export interface MeetingBotWebhookReceipt {
  received: true;
  outcome: "applied" | "duplicate" | "ignored" | "finished";
}

// api/connections/connection-type.schema.json
/**
 * A connection type: a loaded tracker plugin, built-in or third-party, with the credential and setting fields its manifest's schemas declare.
 */
export interface ConnectionType {
  /**
   * What connection_type is set to, e.g. github.
   */
  id: string;
  /**
   * The tracker's name for people, e.g. GitHub.
   */
  name: string;
  /**
   * What the tracker plugin does with a ticket.
   */
  description?: string;
  /**
   * Present when the tracker offers "Connect with …" and the operator configured its app: whose sign-in it is, for the button ("Connect with GitHub").
   */
  oauth?: {
    provider: string;
  };
  /**
   * The credential fields, in the order the plugin declares them; all are text.
   */
  credentials: {
    /**
     * The key under credentials.<type>, e.g. apiToken.
     */
    name: string;
    /**
     * The field in words: the schema's title, else its name in words (apiToken: API token).
     */
    title: string;
    description?: string;
    /**
     * The schema's format, e.g. uri or email.
     */
    format?: string;
    /**
     * Whether a connection needs it.
     */
    required: boolean;
    /**
     * Whether it is a secret (a token, key or password) to be typed into a password input: every field is, except a URL, an e-mail address, a username and an organization.
     */
    secret: boolean;
  }[];
  /**
   * The tracker's own settings, projectIdentifier first (what the project identifier is in this tracker). projectMappings and userMappings, which every connection has, are not listed, nor are settings that are not text, a URL, a choice or a switch.
   */
  settings: {
    /**
     * The key under settings (projectIdentifier is sent as project_identifier).
     */
    name: string;
    /**
     * The setting in words: the schema's title, else its name in words.
     */
    title: string;
    description?: string;
    /**
     * string (text), uri (a URL), enum (one of `enum`) or boolean (a switch).
     */
    type: "string" | "boolean" | "enum" | "uri";
    /**
     * The choices of an enum setting.
     */
    enum?: string[];
    /**
     * What the setting is when left out.
     */
    default?: string | boolean;
    required: boolean;
  }[];
}

// api/connections/connection.request.schema.json
/**
 * A connection to create or change. On create, name, project_identifier and connection_type are required (blank counts as missing) and so are the credentials the tracker needs. On update, fields left out keep their values, credential fields left empty keep the saved ones (unless connection_type changes), and settings, when given, replace the saved ones.
 */
export interface ConnectionRequest {
  name?: string;
  /**
   * The project in the tracker (a repository, project key or board) and the Tickscribe project name the connection serves.
   */
  project_identifier?: string;
  /**
   * The id of a tracker plugin loaded on this server, e.g. github, jira, azure, miro or webhook.
   */
  connection_type?: string;
  /**
   * Credentials keyed by connection type, e.g. { "jira": { "url": "…", "username": "…", "apiToken": "…" } }; only the entry of connection_type is used. Empty fields count as not given.
   */
  credentials?: {
    [k: string]: {
      [k: string]: string | null;
    };
  };
  /**
   * projectMappings, userMappings, and the tracker plugin's own settings (e.g. includePriority, workItemType, baseUrl).
   */
  settings?: {
    /**
     * Further Tickscribe project names pushed through this connection.
     *
     * @maxItems 500
     */
    projectMappings?: string[];
    /**
     * Participant name → username in the tracker.
     */
    userMappings?: {
      [k: string]: string;
    };
    [k: string]: unknown;
  };
}

// api/connections/connection.schema.json
/**
 * A connection as the API shows it. Credentials are never returned: `credentials` says which of the tracker's credential fields are set.
 */
export interface ConnectionView {
  id: string;
  name: string;
  projectIdentifier: string;
  connectionType: string;
  /**
   * Each credential field of the tracker plugin and whether it is set, e.g. { "url": true, "username": true, "apiToken": true }.
   */
  credentials: {
    [k: string]: boolean;
  };
  /**
   * Whose sign-in gave the connection its token ("GitHub"), when it was made with "Connect with …"; absent for typed-in credentials.
   */
  connectedWith?: string;
  settings: {
    projectMappings: string[];
    userMappings: {
      [k: string]: string;
    };
    [k: string]: unknown;
  };
  statusFollowing?: ConnectionStatusFollowing;
  lastVerification: ConnectionVerification | null;
  createdAt: string;
  updatedAt: string;
}

// api/connections/deleted.response.schema.json
/**
 * A deleted connection whose access the vendor could not be told to revoke.
 */
export interface ConnectionDeleted {
  notice: string;
}

// api/connections/deliveries.response.schema.json
/**
 * The requests the connection's tracker plugin made, newest first (the newest 200 are kept). URLs are shown without their query string; no header or body is kept.
 */
export interface ConnectionDeliveries {
  deliveries: {
    at: string;
    method: string;
    url: string;
    /**
     * The HTTP status of the answer, or null when none came.
     */
    status: number | null;
    /**
     * Why no answer came, in words, or null.
     */
    error: string | null;
    durationMs: number;
    /**
     * The tracker call the request belonged to: verify, create, findByMarker, link, resolveUser, searchUsers, itemStatus, setStatus, search, comment or preview.
     */
    purpose: string;
  }[];
}

// api/connections/list.response.schema.json
/**
 * The signed-in user's connections, newest first.
 */
export interface ConnectionList {
  connections: ConnectionView[];
}

// api/connections/oauth-complete.request.schema.json
/**
 * What the vendor sent the browser back to APP_URL/connections/oauth/callback with, handed over by the web app under the user's session: the state, and the code or the vendor's error.
 */
export interface OAuthCompleteRequest {
  state?: string;
  code?: string;
  error?: string;
  error_description?: string;
}

// api/connections/oauth-start.request.schema.json
/**
 * Starts "Connect with …" for the path's connection type: either for a new connection, with what the form holds (`connection`, as a create would send it; secret credential fields are ignored, the vendor gives the token), or to reconnect a saved one (`connection_id`), whose tokens are replaced.
 */
export interface OAuthStartRequest {
  connection?: ConnectionRequest;
  /**
   * The user's connection to reconnect.
   */
  connection_id?: string;
}

// api/connections/oauth-start.response.schema.json
/**
 * Where to send the browser: the vendor's authorize page, carrying a single-use state valid for ten minutes.
 */
export interface OAuthStartResponse {
  url: string;
}

// api/connections/project.response.schema.json
/**
 * Whether one of the user's connections serves the project (by its project identifier, its name or its project mappings, ignoring case and surrounding spaces), and which.
 */
export interface ProjectConnectionCheck {
  exists: boolean;
  connection: ConnectionView | null;
}

// api/connections/projects.request.schema.json
/**
 * Tickscribe projects the connection is to serve from now on, added to its project mappings (those it has already, ignoring case and surrounding spaces, are left as they are).
 */
export interface ConnectionProjectsRequest {
  /**
   * @minItems 1
   * @maxItems 500
   */
  projects: [string, ...string[]];
}

// api/connections/projects.response.schema.json
/**
 * The connection's project mappings after the addition.
 */
export interface ConnectionProjectsResponse {
  projectMappings: string[];
}

// api/connections/saved.response.schema.json
/**
 * The saved connection and the outcome of checking it with its tracker (also kept as its lastVerification). A failed check does not undo the save.
 */
export interface ConnectionSaved {
  connection: ConnectionView;
  verification: ConnectionVerification;
}

// api/connections/status-following.schema.json
/**
 * How the connection's tickets follow their items' status, as far as its tracker plugin allows: read back from the items every TRACKER_STATUS_POLL_SECONDS (poll), told by the tracker's webhook (webhook), and sent to the items when changed in Tickscribe (pushBack).
 */
export interface ConnectionStatusFollowing {
  poll: boolean;
  pushBack: boolean;
  /**
   * The tracker's webhook, when its plugin takes one: the address to register, whether a secret was made for it, and what to register, in words.
   */
  webhook: {
    url: string;
    secretSet: boolean;
    instructions: string;
  } | null;
}

// api/connections/types.response.schema.json
/**
 * The connection types this server offers, in load order (the built-in trackers first). A form for any of them can be built from this answer.
 */
export interface ConnectionTypes {
  types: ConnectionType[];
}

// api/connections/user-search.request.schema.json
/**
 * A search of the people the tracker can assign, for the user mapping: of a saved connection (connection_id alone), or of the connection form as it stands (connection_type, project_identifier, credentials, settings), where blank credential fields take the saved connection's (connection_id) as an update does.
 */
export interface UserSearchRequest {
  /**
   * What the user typed: part of a name, login or e-mail address.
   */
  query: string;
  /**
   * The saved connection whose type, target, settings and credentials fill what the request leaves out.
   */
  connection_id?: string;
  /**
   * The id of a tracker plugin loaded on this server.
   */
  connection_type?: string;
  /**
   * The project in the tracker (a repository, project key or board).
   */
  project_identifier?: string;
  /**
   * As the connection form sends them: keyed by connection type, only that of connection_type used; empty fields count as not given.
   */
  credentials?: {
    [k: string]: {
      [k: string]: string | null;
    };
  };
  /**
   * The tracker plugin's own settings as the form holds them (mappings are ignored).
   */
  settings?: {
    [k: string]: unknown;
  };
}

// api/connections/user-search.response.schema.json
/**
 * The people found, or why none could be: offered is false when the tracker plugin has no search (the username is then typed), message says in words what went wrong with the tracker (refused credentials, a target not found, no answer in time).
 */
export interface UserSearchResponse {
  offered: boolean;
  /**
   * At most 20, best first.
   */
  users: {
    /**
     * What the user mapping keeps for this person (the tracker's login, account id or unique name).
     */
    value: string;
    /**
     * The name people know them by.
     */
    name: string;
    /**
     * Their login or user name, when the tracker shows one.
     */
    login?: string;
    /**
     * Their e-mail address, when the tracker shows it.
     */
    email?: string;
  }[];
  message: string | null;
}

// api/connections/verification.schema.json
/**
 * The outcome of checking a connection with its tracker: who the credentials belong to and which target they reached, or why it failed, in words.
 */
export interface ConnectionVerification {
  ok: boolean;
  /**
   * Who the credentials belong to (when ok).
   */
  account?: string;
  /**
   * The repository, project or board they reached (when ok).
   */
  target?: string;
  /**
   * Why it failed (when not ok): auth (the credentials were refused), forbidden or not_found (the credentials work but the target cannot be used), validation, rate_limited, transient (unreachable, timed out, or an unexpected answer).
   */
  kind?: "auth" | "forbidden" | "not_found" | "validation" | "rate_limited" | "transient";
  message: string;
  at: string;
}

// api/connections/verify.response.schema.json
export interface ConnectionVerifyResponse {
  verification: ConnectionVerification;
}

// api/connections/webhook-secret.response.schema.json
/**
 * A new webhook secret for the connection, shown this once (only its being set is shown again), with the address to register it at and what to register, in words. A secret made earlier no longer verifies deliveries.
 */
export interface ConnectionWebhookSecret {
  /**
   * The payload URL to register with the tracker.
   */
  url: string;
  secret: string;
  contentType: "application/json";
  instructions: string;
}

// api/dev-outbox.response.schema.json
/**
 * Development only (no SMTP_URL, not production): the latest e-mails, newest first, with their links.
 */
export interface DevOutboxResponse {
  emails: {
    id: string;
    to: string;
    subject: string;
    text: string;
    links: string[];
    /**
     * kept: no mail server is configured; the e-mail stays here.
     */
    status: "pending" | "sent" | "kept";
    createdAt: string;
  }[];
}

// api/error.schema.json
/**
 * Every failed request answers with this body and an HTTP status that fits.
 */
export interface ErrorResponse {
  /**
   * What went wrong, in words a person can act on.
   */
  error: string;
}

// api/health.response.schema.json
/**
 * Whether the service and the parts it depends on are up. Answered with 200 while requests can be served (ok or degraded), with 503 when the database or Temporal is down.
 */
export interface HealthResponse {
  /**
   * ok: every part is up. degraded: requests are served, but the workers or an API process are not all up (uploads may wait). unavailable: the database or Temporal is down.
   */
  status: "ok" | "degraded" | "unavailable";
  database: "ok" | "down";
  temporal: "ok" | "down";
  /**
   * ok: workers poll the task queue and every worker process runs. degraded: some worker process is down and being started again. down: no worker polls the task queue, or every worker process is down.
   */
  workers: "ok" | "degraded" | "down";
  /**
   * degraded: one of the processes serving the API is down and being started again; the others answer.
   */
  api: "ok" | "degraded";
  /**
   * What is degraded or down, in words.
   */
  detail?: string;
  /**
   * Names the parts that are down.
   */
  error?: string;
}

// api/proposals/accept.request.schema.json
/**
 * Accept a proposal: merge the tickets, or mark the ticket Done. Nothing proposed is applied unless asked.
 */
export interface ProposalAcceptRequest {
  /**
   * 'same': give the open ticket the due date this meeting proposed.
   */
  applyDueDate?: boolean;
  /**
   * 'same': give the open ticket the priority this meeting proposed.
   */
  applyPriority?: boolean;
}

// api/proposals/decision.response.schema.json
/**
 * The proposal as decided.
 */
export interface ProposalDecision {
  proposal: ProposalView;
}

// api/proposals/list.response.schema.json
/**
 * A meeting's proposals: open ones first, then by score.
 */
export interface ProposalList {
  proposals: ProposalView[];
}

// api/proposals/proposal.schema.json
/**
 * What a meeting proposes about a ticket already open in its workspace.
 */
export interface ProposalView {
  id: string;
  /**
   * same: a ticket this meeting gave restates an open one (merge or keep separate). done: the meeting says an open ticket's task is finished.
   */
  kind: "same" | "done";
  state: "open" | "accepted" | "dismissed";
  /**
   * How alike the two are, 0 to 1 (core/tickets/matching.ts).
   */
  score: number;
  /**
   * The meeting that raised it.
   */
  transcriptId: string;
  decidedAt: string | null;
  /**
   * Who accepted or dismissed it, by name.
   */
  decidedBy: string | null;
  /**
   * The open ticket the proposal is about.
   */
  ticket: {
    id: string;
    title: string;
    status: "ToDo" | "InProgress" | "Done";
    priority: "Low" | "Medium" | "High";
    assignee: string | null;
    project: string;
    dueDate: string | null;
    externalKey: string | null;
    externalUrl: string | null;
    externalType: string | null;
    /**
     * The meeting the open ticket came from; null for a ticket made by hand.
     */
    meeting: {
      id: string;
      title: string | null;
      /**
       * YYYY-MM-DD: the meeting's date, else the day it was uploaded.
       */
      date: string | null;
    } | null;
    /**
     * The words of its meeting the open ticket was made from, when kept.
     */
    quote: string | null;
  };
  /**
   * 'same': the ticket this meeting gave, which a merge folds into the open one; null for 'done', and once merged or deleted.
   */
  newTicket: {
    id: string;
    title: string;
    priority: "Low" | "Medium" | "High";
    assignee: string | null;
    dueDate: string | null;
    externalKey: string | null;
    externalType: string | null;
  } | null;
  /**
   * 'same': the new ticket's title as the meeting gave it (kept after a merge).
   */
  newTitle: string | null;
  /**
   * This meeting's words: the new ticket's quote, or the sentence saying the task is done.
   */
  quote: string | null;
  /**
   * 'done': who said it.
   */
  speaker: string | null;
  /**
   * Words the two share, the evidence.
   */
  sharedWords: string[];
  sameAssignee: boolean;
  sameProject: boolean;
  /**
   * 'same': what this meeting gave that differs from the open ticket; a merge applies each only when asked.
   */
  proposed: {
    /**
     * YYYY-MM-DD: the due date this meeting gave, when it differs.
     */
    dueDate?: string;
    priority?: "Low" | "Medium" | "High";
  };
}

// api/push/analyze.request.schema.json
/**
 * The tickets selected for a push.
 */
export interface PushAnalysisRequest {
  /**
   * @maxItems 500
   */
  ticketIds: string[];
}

// api/push/analyze.response.schema.json
/**
 * What a push of the selected tickets would do: which are already pushed, the projects of the rest with the connection that serves each (or none), and per connection the assignees without a user mapping.
 */
export interface PushAnalysis {
  selected: number;
  /**
   * Selected tickets without an external item.
   */
  toPush: number;
  alreadyPushed: {
    ticketId: string;
    title: string;
    project: string;
    externalUrl: string;
    externalType: string | null;
    externalKey: string | null;
  }[];
  /**
   * The projects of the tickets to push, in the order they first appear; connection null: none serves it (map-connections).
   */
  projects: {
    project: string;
    ticketIds: string[];
    connection: PushConnectionSummary | null;
  }[];
  /**
   * Each connection that would push some of the tickets: which, and the assignees of those tickets it has no user mapping for (map-users).
   */
  connections: {
    connection: PushConnectionSummary;
    projects: string[];
    ticketIds: string[];
    unmappedAssignees: string[];
  }[];
  /**
   * 'All selected tickets have already been pushed to external systems' when none is left to push; otherwise null.
   */
  message: string | null;
  /**
   * Tickets to push that a meeting proposed as the same task as a ticket already open, not yet decided (merge or keep separate on the meeting's page): pushed as they are, each files a second item.
   */
  undecided: {
    ticketId: string;
    title: string;
    /**
     * The meeting whose page decides it.
     */
    transcriptId: string;
    proposalId: string;
    sameAs: {
      id: string;
      title: string;
      externalType: string | null;
      externalKey: string | null;
    };
  }[];
}

// api/push/bulk-push.request.schema.json
/**
 * Tickets to push through one connection. Tickets that already have an external item are skipped; the others are created in dependency order.
 */
export interface BulkPushRequest {
  /**
   * The user's tickets to push (at most 500). An empty list answers 'Please select at least one ticket to push'.
   *
   * @maxItems 500
   */
  ticketIds: string[];
  /**
   * Participant names mapped to tracker usernames, merged into the connection's userMappings before the push. Empty usernames are ignored (those assignees stay unmapped: their tickets go unassigned).
   */
  updatedUserMappings?: {
    [k: string]: string;
  };
  /**
   * Names the push (e.g. a UUID the client makes once per Confirm & Push): a second request with the same batchId joins the first push instead of starting another, and its progress can be read with GET /api/connections/{id}/pushes/{batchId}. A new one is made when it is left out.
   */
  batchId?: string;
  /**
   * How long to wait for the push to finish before answering 202 with its progress. Default 20.
   */
  waitSeconds?: number;
  /**
   * What to do instead of creating an item, per ticket: link it to an existing item the candidates search found (it becomes the ticket's item on this connection), or comment on that item with the meeting's words and link it. Tickets without a choice are created.
   *
   * @maxItems 500
   */
  choices?: {
    ticketId: string;
    action: "link" | "comment";
    /**
     * The item's id, as the candidates search gave it.
     */
    externalId: string;
  }[];
}

// api/push/candidates.request.schema.json
/**
 * Tickets about to be pushed through a connection, for which to find the tracker's open items that may be the same task.
 */
export interface PushCandidatesRequest {
  /**
   * The workspace's tickets (at most 50 a request: each is one search of the tracker). Tickets already pushed are not searched.
   *
   * @maxItems 50
   */
  ticketIds: string[];
}

// api/push/candidates.response.schema.json
/**
 * Per ticket, the open items of the connection's tracker that are likely the same task, each with the same-task matcher's score, best first (only those above its threshold). Nothing is changed.
 */
export interface PushCandidates {
  connectionId: string;
  /**
   * The tracker's name for people, e.g. GitHub.
   */
  trackerName: string;
  /**
   * Whether the tracker can be searched at all (its plugin offers search); when false, tickets is empty and every ticket is created.
   */
  searchable: boolean;
  /**
   * Whether a ticket may comment on an item it is linked to (the plugin offers comments).
   */
  commentable: boolean;
  tickets: {
    ticketId: string;
    /**
     * The ticket's title.
     */
    title: string;
    /**
     * At most ten, best first.
     */
    candidates: {
      externalId: string;
      /**
       * What people call the item, e.g. #42 or PROJ-7.
       */
      key: string;
      url: string;
      title: string;
      /**
       * The start of its description, plain text.
       */
      excerpt: string | null;
      /**
       * Where it stands, in the tracker's words.
       */
      status: string | null;
      /**
       * How likely it is the same task (core/tickets/matching.ts).
       */
      score: number;
    }[];
    /**
     * Why the tracker could not be searched for this ticket, in words; the ticket can still be created.
     */
    error: string | null;
  }[];
}

// api/push/connection.schema.json
/**
 * A connection as the push wizard needs it.
 */
export interface PushConnectionSummary {
  id: string;
  name: string;
  connectionType: string;
  projectIdentifier: string;
  userMappings: {
    [k: string]: string;
  };
}

// api/push/preview.request.schema.json
/**
 * One ticket whose item a push through the connection would create, with the user mappings the wizard has typed so far.
 */
export interface PushPreviewRequest {
  ticketId: string;
  /**
   * Participant names mapped to tracker usernames, as the push would merge them into the connection's userMappings; nothing is saved.
   */
  updatedUserMappings?: {
    [k: string]: string;
  };
}

// api/push/preview.response.schema.json
/**
 * What a push through the connection would send for the ticket, built by the tracker plugin's own create code without sending anything; or, in words, why it cannot be shown.
 */
export interface PushPreview {
  ticketId: string;
  /**
   * The tracker's name, e.g. 'GitHub'.
   */
  trackerName: string;
  /**
   * The item as the tracker would receive it; null when the tracker plugin shows none or the tracker could not be read.
   */
  preview: null | TrackerItemPreview;
  /**
   * What the person should know, in words: an assignee that cannot be assigned, what the tracker answered, a tracker that shows no preview.
   */
  problems: string[];
}

// api/push/progress.schema.json
/**
 * How far a push is: planning, resolving the mapped assignees, creating the items (done of total, in dependency order), linking them, done.
 */
export interface PushProgress {
  phase: "planning" | "resolving" | "creating" | "linking" | "done";
  /**
   * Tickets the push creates (those skipped are not counted).
   */
  total: number;
  /**
   * Tickets handled so far, pushed or failed.
   */
  done: number;
  failed: number;
  /**
   * The ticket being pushed or linked now.
   */
  current: {
    ticketId: string;
    title: string;
  } | null;
  /**
   * While the tracker limits requests: when the push goes on (a timer of the workflow).
   */
  waitingUntil: string | null;
  /**
   * While a step is being tried again after a failure the tracker may recover from (a timeout, a 5xx): that failure in words, and the attempt. Null when nothing is being retried.
   */
  lastError?: string | null;
}

// api/push/result.schema.json
/**
 * The outcome of a finished push. totalProcessed = successfulPushes + failedPushes; skipped tickets are counted apart and listed in results too.
 */
export interface PushResult {
  batchId: string;
  connectionId: string;
  /**
   * The connection's type, e.g. 'github'; null when the connection could not be used at all.
   */
  connectionType: string | null;
  /**
   * The tracker's name for people, e.g. 'GitHub' (for 'Ticket pushed successfully to <type>').
   */
  trackerName: string | null;
  totalProcessed: number;
  successfulPushes: number;
  failedPushes: number;
  skippedTickets: number;
  /**
   * Per project of the selected tickets, in the order they first appear.
   */
  projectResults: {
    project: string;
    total: number;
    successful: number;
    failed: number;
    skipped: number;
  }[];
  /**
   * One per selected ticket, in the order they were sent.
   */
  results: PushTicketResult[];
}

// api/push/started.response.schema.json
/**
 * The push is still running: follow it with GET /api/connections/{id}/pushes/{batchId}.
 */
export interface PushStarted {
  batchId: string;
  status: "running";
  /**
   * Null while the progress cannot be read (no worker is answering at the moment).
   */
  progress: PushProgress | null;
}

// api/push/status.response.schema.json
/**
 * Where a push stands: running (with its progress), completed (with its result), or failed (the push itself stopped; error says why).
 */
export interface PushStatus {
  batchId: string;
  status: "running" | "completed" | "failed";
  /**
   * Null while the progress cannot be read (no worker is answering at the moment), or after a failure.
   */
  progress: PushProgress | null;
  result: PushResult | null;
  error: string | null;
}

// api/push/ticket-result.schema.json
/**
 * What a push did with one ticket: pushed (with where it now lives), failed (error in the tracker's words), or skipped (error says why: not found, or already pushed, with where to).
 */
export interface PushTicketResult {
  ticketId: string;
  title: string | null;
  project: string | null;
  success: boolean;
  /**
   * The ticket did not enter the push.
   */
  skipped: boolean;
  error?: string;
  externalUrl?: string;
  externalId?: string;
  /**
   * What people call the item, e.g. '#42' or 'PROJ-7'.
   */
  key?: string;
  /**
   * Pushed, but not all as the ticket had it, in words: a mapped assignee the tracker would not assign, what the tracker left out or cut (its plugin's notices), a link to a dependency that could not be made (the body still names it).
   */
  warning?: string;
  /**
   * Present when the ticket was linked to an item that already existed instead of creating one: 'link', or 'comment' when the meeting's words were also posted on it.
   */
  linked?: "link" | "comment";
}

// api/tickets/create.request.schema.json
/**
 * A new ticket; title, project and description are required (blank counts as missing).
 */
export type TicketCreateRequest = TicketFields;

// api/tickets/event-actor.schema.json
/**
 * Who did it: the uploader, the editor, who pushed; null for no one, or once their account is gone.
 */
export type TicketEventActor = {
  id: string;
  /**
   * Their full name, or else their e-mail address.
   */
  name: string;
} | null;

// api/tickets/event.schema.json
/**
 * One thing that happened to a ticket: extracted from a meeting, created by hand, edited, pushed to a tracker, merged with a ticket a later meeting gave, its status followed from or sent to a tracker, linked to a tracker item that already existed.
 */
export type TicketEvent =
  | {
      id: string;
      kind: "extracted";
      at: string;
      actor: TicketEventActor;
      data: {
        transcriptId: string | null;
        transcriptTitle: string | null;
        /**
         * An uploaded file, or a meeting bot's transcript.
         */
        source: "upload" | "bot";
        /**
         * The bot service, for a bot's transcript.
         */
        botProvider: string | null;
        /**
         * The extractor's provider, as its token usage names it (openai, heuristic, …); null when unknown.
         */
        extractor: string | null;
        model: string | null;
        /**
         * The tokens the meeting's extraction used (all its chunks, shared by the tickets it gave); null when none were recorded.
         */
        tokens: {
          input: number;
          output: number;
        } | null;
        /**
         * How many tickets the meeting gave.
         */
        ticketsFromMeeting: number | null;
        /**
         * The meeting's words the ticket came from, as the extractor gave them; null when not kept.
         */
        quote: string | null;
        /**
         * Seconds from the meeting's start of the message holding the quote; null when unknown.
         */
        quoteAt: number | null;
      };
    }
  | {
      id: string;
      kind: "created";
      at: string;
      actor: TicketEventActor;
      data: {
        transcriptId: string | null;
        transcriptTitle: string | null;
      };
    }
  | {
      id: string;
      kind: "edited";
      at: string;
      actor: TicketEventActor;
      data: {
        /**
         * The fields the edit changed (at least one), in the ticket's order.
         */
        changes: {
          field:
            | "title"
            | "description"
            | "context"
            | "implementation"
            | "notes"
            | "project"
            | "status"
            | "priority"
            | "effort"
            | "assignee"
            | "tags"
            | "dueDate"
            | "dependencies"
            | "transcript";
          /**
           * A field's value: text, a YYYY-MM-DD date, a list (tags; dependencies as ticket ids), the meeting by its title, or null for none.
           */
          before: string | string[] | null;
          /**
           * A field's value: text, a YYYY-MM-DD date, a list (tags; dependencies as ticket ids), the meeting by its title, or null for none.
           */
          after: string | string[] | null;
        }[];
        /**
         * Why, when a meeting said so: a proposal accepted from that meeting (the sentence saying the task is done).
         */
        because?: {
          transcriptId: string | null;
          transcriptTitle: string | null;
          quote: string | null;
        };
      };
    }
  | {
      id: string;
      kind: "pushed";
      at: string;
      actor: TicketEventActor;
      data: {
        connectionId: string;
        connectionName: string;
        /**
         * The tracker type (connection type), e.g. github.
         */
        tracker: string;
        /**
         * The tracker plugin's name, e.g. GitHub.
         */
        trackerName: string;
        /**
         * created: a new item; found: the item an earlier attempt had made, found by its marker; updated: an existing item changed; failed: see error.
         */
        result: "created" | "found" | "updated" | "failed";
        externalId: string | null;
        key: string | null;
        url: string | null;
        /**
         * Why it failed, in the tracker's words.
         */
        error: string | null;
        batchId: string;
      };
    }
  | {
      id: string;
      kind: "status";
      at: string;
      actor: TicketEventActor;
      data: {
        /**
         * The ticket's status after the change.
         */
        status: "ToDo" | "InProgress" | "Done";
        /**
         * The ticket's status before it.
         */
        previous: "ToDo" | "InProgress" | "Done";
        /**
         * webhook: the tracker's webhook said the item changed; poll: Tickscribe read the item and found it changed; tickscribe: a status set in Tickscribe reached the item.
         */
        source: "webhook" | "poll" | "tickscribe";
        connectionId: string;
        connectionName: string;
        /**
         * The tracker type (connection type), e.g. github.
         */
        tracker: string;
        /**
         * The tracker plugin's name, e.g. GitHub.
         */
        trackerName: string;
        /**
         * What people call the item, e.g. #42.
         */
        key: string | null;
        url: string | null;
      };
    }
  | {
      id: string;
      kind: "merged";
      at: string;
      actor: TicketEventActor;
      data: {
        /**
         * The ticket the meeting gave, folded into this one and deleted.
         */
        mergedTicketId: string;
        mergedTitle: string;
        transcriptId: string | null;
        transcriptTitle: string | null;
        /**
         * The meeting's words: a new mention of this ticket.
         */
        quote: string | null;
        /**
         * What the meeting gave for the due date and priority.
         */
        proposed: {
          dueDate: string | null;
          priority: ("Low" | "Medium" | "High") | null;
        };
        /**
         * What the merge applied, as asked (the due date, the priority); empty when nothing.
         */
        changes: {
          field: "dueDate" | "priority";
          before: string | null;
          after: string | null;
        }[];
      };
    }
  | {
      id: string;
      kind: "linked";
      at: string;
      actor: TicketEventActor;
      data: {
        connectionId: string;
        connectionName: string;
        /**
         * The tracker type (connection type), e.g. github.
         */
        tracker: string;
        /**
         * The tracker plugin's name, e.g. GitHub.
         */
        trackerName: string;
        externalId: string;
        /**
         * What people call the item, e.g. #42.
         */
        key: string;
        url: string;
        /**
         * Whether the meeting's words were posted on the item as a comment too.
         */
        commented: boolean;
        batchId: string;
      };
    };

// api/tickets/events.query.schema.json
export interface TicketEventsQuery {
  /**
   * Events per page.
   */
  limit?: number;
  /**
   * How many events to skip.
   */
  offset?: number;
  /**
   * Only events of this kind (the newest status event tells where the ticket's status came from).
   */
  kind?: "extracted" | "created" | "edited" | "pushed" | "merged" | "linked" | "status";
}

// api/tickets/events.response.schema.json
/**
 * A ticket's history, newest first.
 */
export interface TicketEventList {
  events: TicketEvent[];
  pagination: {
    limit: number;
    offset: number;
    total: number;
    hasMore: boolean;
  };
}

// api/tickets/fields.request.schema.json
/**
 * A ticket's fields as the web app sends them when creating or changing one; the ticket's own ids and times are accepted and ignored.
 */
export interface TicketFields {
  title?: string;
  description?: string;
  project?: string;
  context?: string | null;
  implementation?: string | null;
  notes?: string | null;
  /**
   * @maxItems 100
   */
  dependencies?: string[];
  effort?: "Small" | "Medium" | "Large" | null;
  status?: "ToDo" | "InProgress" | "Done";
  priority?: "Low" | "Medium" | "High";
  assignee?: string | null;
  /**
   * @maxItems 50
   */
  tags?: string[];
  dueDate?: string | null;
  transcriptId?: string | null;
  id?: unknown;
  /**
   * Sent by the web app on create; the server uses the signed-in user.
   */
  user_id?: {
    [k: string]: unknown;
  };
  userId?: unknown;
  externalUrl?: unknown;
  externalId?: unknown;
  externalType?: unknown;
  externalKey?: unknown;
  createdAt?: unknown;
  /**
   * On a change: the ticket's updatedAt as the editor was shown it. When sent, the change is refused (409) if the ticket was changed since, so no edit silently overwrites another.
   */
  updatedAt?: {
    [k: string]: unknown;
  };
}

// api/tickets/filtered.query.schema.json
export interface TicketFilterQuery {
  /**
   * Page number, from 1.
   */
  page?: number;
  limit?: number;
  search?: string;
  status?: "ToDo" | "InProgress" | "Done" | "All" | "";
  priority?: "Low" | "Medium" | "High" | "All" | "";
  project?: string;
  pushed?: "true" | "false" | "Pushed" | "NotPushed" | "All" | "";
}

// api/tickets/list.query.schema.json
export interface TicketListQuery {
  /**
   * Page number, from 1.
   */
  page?: number;
  limit?: number;
}

// api/tickets/list.response.schema.json
export interface TicketList {
  data: TicketView[];
  pagination: {
    page: number;
    limit: number;
    total: number;
    totalPages: number;
  };
  /**
   * Present (true) when a filter or search has at least 10,000 matches (1,000 with a text search): pagination.total then says that number. Without a filter the total is exact.
   */
  totalCapped?: boolean;
}

// api/tickets/search.query.schema.json
export interface TicketSearchQuery {
  q?: string;
  limit?: number;
}

// api/tickets/search.response.schema.json
export interface TicketSearchResponse {
  tickets: TicketView[];
}

// api/tickets/ticket.response.schema.json
export interface TicketResponse {
  ticket: TicketView;
}

// api/tickets/ticket.schema.json
/**
 * A ticket as the API shows it.
 */
export interface TicketView {
  id: string;
  title: string;
  description: string;
  context: string | null;
  implementation: string | null;
  dependencies: string[];
  effort: "Small" | "Medium" | "Large" | null;
  notes: string | null;
  project: string;
  status: "ToDo" | "InProgress" | "Done";
  priority: "Low" | "Medium" | "High";
  assignee: string | null;
  tags: string[];
  dueDate: string | null;
  externalUrl: string | null;
  externalId: string | null;
  /**
   * The tracker type (connection type) the ticket was pushed to, e.g. 'github'; null until it is pushed.
   */
  externalType: string | null;
  /**
   * What people call the pushed item, e.g. '#42' or 'PROJ-7' (shown as 'Pushed to <type> (<key>)'); null until it is pushed.
   */
  externalKey: string | null;
  transcriptId: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * Who made the ticket (an upload's tickets: the uploader); null once they no longer have an account.
   */
  createdBy: {
    id: string;
    /**
     * Their full name, or their e-mail address when they gave none.
     */
    name: string;
  } | null;
  /**
   * Who last edited the ticket; null until someone does, or once they no longer have an account. A push is not an edit.
   */
  editedBy: {
    id: string;
    /**
     * Their full name, or their e-mail address when they gave none.
     */
    name: string;
  } | null;
}

// api/tickets/update.request.schema.json
/**
 * Changes to a ticket; fields left out keep their values.
 */
export type TicketUpdateRequest = TicketFields;

// api/tickets/users-search.query.schema.json
export interface AssigneeSearchQuery {
  q?: string;
  limit?: number;
  project?: string;
}

// api/tickets/users-search.response.schema.json
/**
 * Names for the assignee field: participants of the user's transcripts and assignees already used.
 */
export interface AssigneeSearchResponse {
  users: {
    name: string;
  }[];
}

// api/token-usage/history.query.schema.json
export interface TokenUsageHistoryQuery {
  limit?: number;
  /**
   * How many entries to skip.
   */
  offset?: number;
}

// api/token-usage/history.response.schema.json
/**
 * Usage entries, newest first.
 */
export interface TokenUsageHistory {
  history: {
    id: string;
    createdAt: string;
    /**
     * snake_case
     */
    operationType: string;
    aiProvider: string;
    inputTokens: number;
    outputTokens: number;
  }[];
  pagination: {
    limit: number;
    offset: number;
    total: number;
    hasMore: boolean;
  };
}

// api/token-usage/reset.response.schema.json
/**
 * The manual reset in words, and the stats after it.
 */
export interface TokenUsageReset {
  message: string;
  /**
   * The credits were used up until this reset.
   */
  unblocked: boolean;
  stats: TokenUsageStats;
}

// api/token-usage/stats.response.schema.json
/**
 * This period's token use against the plan's limits, when the credits reset, and the manual reset's cooldown.
 */
export interface TokenUsageStats {
  used: {
    input: number;
    output: number;
  };
  limit: {
    input: number;
    output: number;
  };
  /**
   * The next monthly reset, on the subscription date (the sign-up date on Free).
   */
  resetDate: string;
  /**
   * When the usage counted here began: the last reset.
   */
  periodStart: string;
  /**
   * The credits are used up: new transcripts are refused until a reset or an upgrade.
   */
  blocked: boolean;
  lastReset: {
    at: string;
    reason: "monthly" | "renewal" | "manual" | "plan-change";
    /**
     * The credits were used up until this reset.
     */
    unblocked: boolean;
  } | null;
  /**
   * POST /api/token-usage/reset works once every cooldownDays days.
   */
  manualReset: {
    available: boolean;
    lastResetAt: string | null;
    /**
     * When the cooldown ends; null while a reset is available.
     */
    nextAvailableAt: string | null;
    daysRemaining: number;
    cooldownDays: number;
  };
}

// api/trackers/webhook.response.schema.json
/**
 * The delivery was genuine and received: tickets whose status changed (applied, with how many), none changed as they had it already or the item is no ticket's (unchanged), a delivery that changes no status (ignored), or the tracker checking the address (ping).
 */
export interface TrackerWebhookReceipt {
  received: true;
  outcome: "applied" | "unchanged" | "ignored" | "ping";
  /**
   * How many tickets changed status.
   */
  tickets: number;
}

// api/transcripts/detail.response.schema.json
export interface TranscriptDetail {
  transcript: TranscriptView;
  status: "pending" | "processing" | "completed" | "failed";
  tickets: TicketView[];
}

// api/transcripts/list.query.schema.json
export interface TranscriptListQuery {
  /**
   * Page number, from 1.
   */
  page?: number;
  limit?: number;
  /**
   * Only transcripts whose title or source contains this text, ignoring case.
   */
  search?: string;
  /**
   * date: upload time; title: alphabetical.
   */
  sort?: "date" | "title";
  /**
   * newest: latest upload (or, by title, Z to A) first; oldest: the reverse.
   */
  order?: "newest" | "oldest";
}

// api/transcripts/list.response.schema.json
export interface TranscriptList {
  data: TranscriptSummary[];
  pagination: {
    page: number;
    limit: number;
    total: number;
    totalPages: number;
  };
}

// api/transcripts/metadata.schema.json
/**
 * What processing learned about a transcript: the format read, warnings, and when it failed, why.
 */
export interface TranscriptMetadata {
  /**
   * The parser that read the file.
   */
  format?: string;
  variant?: string;
  confidence?: number;
  warnings?: string[];
  /**
   * Parsers that recognised the file better than the one that read it, but failed on it, and why (each confident one is also a warning).
   */
  parserFailures?: {
    format: string;
    name: string;
    confidence: number;
    problem: string;
  }[];
  ticketCount?: number;
  /**
   * What failed, in words.
   */
  error?: string;
  tokenLimitExceeded?: boolean;
  /**
   * Set when the file could not be read: no extraction ran, and the transcript does not count against the month.
   */
  failedStage?: "parse";
}

// api/transcripts/status.response.schema.json
export interface TranscriptStatus {
  id: string;
  status: "pending" | "processing" | "completed" | "failed";
  processingStatus: "pending" | "processing" | "completed" | "failed";
  metadata: TranscriptMetadata;
  ticketCount: number;
}

// api/transcripts/summary.schema.json
/**
 * A transcript in a list (without its conversation).
 */
export interface TranscriptSummary {
  id: string;
  title: string;
  date: string | null;
  source: string | null;
  duration: number | null;
  processingStatus: "pending" | "processing" | "completed" | "failed";
  metadata: TranscriptMetadata;
  participantCount: number;
  messageCount: number;
  createdAt: string;
}

// api/transcripts/transcript.schema.json
/**
 * A transcript with its conversation.
 */
export interface TranscriptView {
  id: string;
  title: string;
  date: string | null;
  source: string | null;
  duration: number | null;
  participants: {
    id: string;
    name: string;
    role?: string | null;
  }[];
  messages: {
    id: string;
    content: string;
    /**
     * Seconds from the start of the meeting.
     */
    timestamp: number | null;
    speaker: {
      id: string;
    };
    confidence?: number | null;
  }[];
  processingStatus: "pending" | "processing" | "completed" | "failed";
  metadata: TranscriptMetadata;
  fileName: string | null;
  createdAt: string;
  updatedAt: string;
}

// api/transcripts/upload-error.schema.json
/**
 * Why an upload was refused; nothing was stored. `message` repeats `error` for clients that read it.
 */
export interface TranscriptUploadError {
  success: false;
  error: string;
  message: string;
}

// api/transcripts/upload-limits.response.schema.json
/**
 * What an upload may be on this server: at most maxBytes, with one of the extensions (the built-in ones and those its parser plugins declare).
 */
export interface UploadLimits {
  /**
   * The size limit, the same for every file (1 MB).
   */
  maxBytes: number;
  /**
   * Lower-case, with the dot, built-in ones first: .txt .json .vtt .srt .csv .tsv .tab, then those of parser plugins (e.g. .md).
   */
  acceptedExtensions: string[];
}

// api/transcripts/upload.response.schema.json
/**
 * The upload was stored and processing started.
 */
export interface TranscriptUpload {
  success: true;
  message: string;
  transcript: {
    id: string;
    title: string;
  };
  processingStatus: "pending";
  /**
   * @maxItems 0
   */
  tickets: [];
}

// api/workspaces/invitation-link.response.schema.json
/**
 * What an invitation link offers, for its page: shown to whoever holds the link, signed in or not.
 */
export interface InvitationLinkResponse {
  invitation: {
    /**
     * The workspace the invitation joins: the one to switch to once it is accepted.
     */
    workspaceId: string;
    workspaceName: string;
    /**
     * The inviter's full name, else their e-mail address; null once their account is gone.
     */
    invitedBy: string | null;
    /**
     * The invited address: only its account can accept.
     */
    email: string;
    role: "admin" | "member";
    expiresAt: string;
    /**
     * Whether an account uses the invited address: sign in to accept, else sign up with the link's token.
     */
    accountExists: boolean;
  };
}

// api/workspaces/invitation.response.schema.json
export interface WorkspaceInvitationResponse {
  invitation: WorkspaceInvitationView;
}

// api/workspaces/invitation.schema.json
/**
 * A pending invitation to the workspace, as its admins see it.
 */
export interface WorkspaceInvitationView {
  id: string;
  email: string;
  role: "admin" | "member";
  /**
   * Who sent it; null once their account is gone.
   */
  invitedBy: {
    id: string;
    /**
     * Their full name, else their e-mail address.
     */
    name: string;
  } | null;
  createdAt: string;
  expiresAt: string;
}

// api/workspaces/invite.request.schema.json
/**
 * Invite someone to the workspace by e-mail; a pending invitation to the same address is replaced.
 */
export interface InvitationRequest {
  /**
   * Trimmed and lower-cased by the server.
   */
  email: string;
  /**
   * The role they get on accepting.
   */
  role: "admin" | "member";
}

// api/workspaces/list.response.schema.json
/**
 * The workspaces the signed-in user belongs to: their personal one first, then the others by name.
 */
export interface WorkspaceList {
  workspaces: WorkspaceSummary[];
}

// api/workspaces/member-role.request.schema.json
/**
 * A member's new role. The owner's cannot be changed: the owner hands the workspace over instead.
 */
export interface MemberRoleRequest {
  role: "admin" | "member";
}

// api/workspaces/member.response.schema.json
export interface WorkspaceMemberResponse {
  member: WorkspaceMemberView;
}

// api/workspaces/member.schema.json
/**
 * A member of the workspace.
 */
export interface WorkspaceMemberView {
  userId: string;
  /**
   * Their full name, else their e-mail address.
   */
  name: string;
  email: string;
  role: "owner" | "admin" | "member";
  joinedAt: string;
}

// api/workspaces/members.response.schema.json
/**
 * The workspace's members, the owner first, then by name; and its pending invitations (not used, withdrawn or expired), newest first.
 */
export interface WorkspaceMembersResponse {
  members: WorkspaceMemberView[];
  invitations: WorkspaceInvitationView[];
}

// api/workspaces/name.request.schema.json
/**
 * A team workspace's name, to create one or to rename one.
 */
export interface WorkspaceNameRequest {
  /**
   * Trimmed by the server; 1 to 100 characters on one line.
   */
  name: string;
}

// api/workspaces/transfer.request.schema.json
/**
 * Hand the workspace to another member: they become its owner, the caller an admin.
 */
export interface WorkspaceTransferRequest {
  /**
   * The member (a user id) who becomes the owner.
   */
  userId: string;
}

// api/workspaces/workspace.response.schema.json
/**
 * A workspace and the signed-in user's role in it now.
 */
export interface WorkspaceResponse {
  workspace: WorkspaceSummary;
}

// api/workspaces/workspace.schema.json
/**
 * A workspace and the signed-in user's role in it.
 */
export interface WorkspaceSummary {
  /**
   * What a request names in its X-Workspace-Id header to act in this workspace.
   */
  id: string;
  name: string;
  /**
   * The workspace made with the user, which they alone own.
   */
  personal: boolean;
  /**
   * What the user may do there (see the README's roles).
   */
  role: "owner" | "admin" | "member";
}

// config.schema.json
/**
 * Tickscribe settings, read from environment variables at start.
 */
export interface Config {
  /**
   * Runtime mode. 'production' turns off response validation and pretty logs.
   */
  NODE_ENV: "development" | "production" | "test";
  /**
   * Interface the web server binds to.
   */
  HOST: string;
  /**
   * Port of the web server (API and web app).
   */
  PORT: number;
  /**
   * Public address of the web app, used in e-mail links and as the allowed CORS origin. Defaults to http://localhost:PORT.
   */
  APP_URL: string;
  /**
   * Folder for the embedded PostgreSQL cluster, the Temporal dev server's SQLite file and caches.
   */
  DATA_DIR: string;
  /**
   * PostgreSQL connection string. Unset: an embedded PostgreSQL starts with its data under DATA_DIR.
   */
  DATABASE_URL?: string;
  /**
   * Port of the embedded PostgreSQL (only when DATABASE_URL is unset).
   */
  EMBEDDED_POSTGRES_PORT: number;
  /**
   * host:port of a Temporal frontend. Unset: the Temporal CLI dev server starts with its state under DATA_DIR.
   */
  TEMPORAL_ADDRESS?: string;
  /**
   * Temporal namespace for workflows.
   */
  TEMPORAL_NAMESPACE: string;
  /**
   * Port of the embedded Temporal dev server's frontend (only when TEMPORAL_ADDRESS is unset).
   */
  TEMPORAL_PORT: number;
  /**
   * Port of the embedded Temporal dev server's Web UI.
   */
  TEMPORAL_UI_PORT: number;
  /**
   * Path to the temporal CLI binary. Unset: 'temporal' on PATH, then .tools/temporal.
   */
  TEMPORAL_CLI_PATH?: string;
  /**
   * Task queue the worker polls.
   */
  TEMPORAL_TASK_QUEUE: string;
  /**
   * Log level: fatal, error, warn, info, debug, trace or silent.
   */
  LOG_LEVEL: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /**
   * Largest JSON request body accepted, e.g. 1mb or 200kb.
   */
  JSON_BODY_LIMIT: string;
  /**
   * Third-party plugins to load besides the built-in ones: a comma-separated list of package names or paths (relative to the working directory).
   */
  PLUGINS?: string;
  /**
   * SMTP server for e-mail, e.g. smtps://user:pass@smtp.example.com:465. Unset: e-mails go to the local outbox (logged, and listed at /api/dev/outbox outside production).
   */
  SMTP_URL?: string;
  /**
   * Sender of Tickscribe's e-mails.
   */
  MAIL_FROM: string;
  /**
   * Days a session stays valid without use.
   */
  SESSION_DAYS: number;
  /**
   * Which extractor turns transcripts into tickets: 'openai', 'heuristic' (offline), or a plugin id. Unset: 'openai' when OPENAI_API_KEY or OPENAI_BASE_URL is set, else 'heuristic'.
   */
  EXTRACTOR?: string;
  /**
   * API key for the OpenAI-compatible endpoint.
   */
  OPENAI_API_KEY?: string;
  /**
   * Base URL of an OpenAI-compatible API (Azure OpenAI, Ollama, vLLM, LM Studio). Unset: OpenAI's.
   */
  OPENAI_BASE_URL?: string;
  /**
   * Model for extraction.
   */
  OPENAI_MODEL: string;
  /**
   * How many reverse proxies in front of Tickscribe to trust: false (none: the connecting address is the client), true (one), or their number. The client is the address the outermost trusted proxy saw, counted from the right of X-Forwarded-For (entries further left are written by the client and ignored); X-Forwarded-Proto tells HTTPS for cookies.
   */
  TRUST_PROXY: string;
  /**
   * Key that encrypts tracker credentials at rest: 32 bytes as 64 hex digits or base64. Unset: a key is generated on first start and kept in DATA_DIR/credentials-key (readable by the owner only).
   */
  CREDENTIALS_KEY?: string;
  /**
   * Host names and CIDR ranges (comma-separated) that tracker and webhook requests may reach although they are loopback, private or link-local, e.g. 'jira.intranet,10.0.0.0/8'. Empty: only public addresses.
   */
  OUTBOUND_ALLOWLIST?: string;
  /**
   * How many processes serve the API and the web app, sharing PORT. Unset: one per CPU core.
   */
  WEB_CONCURRENCY?: number;
  /**
   * How many worker processes npm start runs beside the API processes, all polling the task queue; an ingest that takes one down takes no request with it. Unset: one per CPU core.
   */
  WORKER_PROCESSES?: number;
  /**
   * Activities (parsing, extraction, tracker and bot calls, e-mail) the worker runs at once. Most wait on the network; the CPU-heavy ones are short.
   */
  WORKER_ACTIVITY_CONCURRENCY: number;
  /**
   * Workflow tasks each worker runs at once (each a few milliseconds of CPU, or held open by an ingest's local step). Unset: 16 per CPU core.
   */
  WORKER_WORKFLOW_CONCURRENCY?: number;
  /**
   * How long one request to a tracker or webhook may take, in milliseconds.
   */
  OUTBOUND_TIMEOUT_MS: number;
  /**
   * Application (client) id of the Microsoft Entra app registration with the Azure DevOps permission: with AZURE_DEVOPS_OAUTH_CLIENT_SECRET, the connection form offers its "Connect with" button. Unset: token fields only.
   */
  AZURE_DEVOPS_OAUTH_CLIENT_ID?: string;
  /**
   * A client secret of that Microsoft Entra app registration (Certificates & secrets).
   */
  AZURE_DEVOPS_OAUTH_CLIENT_SECRET?: string;
  /**
   * Which Microsoft Entra accounts may sign in: 'organizations' (work or school accounts of any tenant, for a multitenant app), or one tenant's id or domain (e.g. contoso.onmicrosoft.com) for a single-tenant app.
   */
  AZURE_DEVOPS_OAUTH_TENANT?: string;
  /**
   * Where the OAuth endpoints of login.microsoftonline.com are reached instead (their paths kept), e.g. a stand-in for tests: http://localhost:4010. Unset: the vendor's own.
   */
  AZURE_DEVOPS_OAUTH_URL?: string;
  /**
   * Client id of the GitHub OAuth App: with GITHUB_OAUTH_CLIENT_SECRET, the connection form offers its "Connect with" button. Unset: token fields only.
   */
  GITHUB_OAUTH_CLIENT_ID?: string;
  /**
   * Client secret of the GitHub OAuth App.
   */
  GITHUB_OAUTH_CLIENT_SECRET?: string;
  /**
   * Where the OAuth endpoints of github.com and api.github.com are reached instead (their paths kept), e.g. a stand-in for tests: http://localhost:4010. Unset: the vendor's own.
   */
  GITHUB_OAUTH_URL?: string;
  /**
   * Client id of the Atlassian OAuth 2.0 (3LO) app: with JIRA_OAUTH_CLIENT_SECRET, the connection form offers its "Connect with" button. Unset: token fields only.
   */
  JIRA_OAUTH_CLIENT_ID?: string;
  /**
   * Client secret of the Atlassian OAuth 2.0 (3LO) app.
   */
  JIRA_OAUTH_CLIENT_SECRET?: string;
  /**
   * Where the OAuth endpoints of auth.atlassian.com and api.atlassian.com (accessible resources and the Jira gateway) are reached instead (their paths kept), e.g. a stand-in for tests: http://localhost:4010. Unset: the vendor's own.
   */
  JIRA_OAUTH_URL?: string;
  /**
   * Client id of the Miro app: with MIRO_OAUTH_CLIENT_SECRET, the connection form offers its "Connect with" button. Unset: token fields only.
   */
  MIRO_OAUTH_CLIENT_ID?: string;
  /**
   * Client secret of the Miro app.
   */
  MIRO_OAUTH_CLIENT_SECRET?: string;
  /**
   * Where the OAuth endpoints of miro.com and api.miro.com are reached instead (their paths kept), e.g. a stand-in for tests: http://localhost:4010. Unset: the vendor's own.
   */
  MIRO_OAUTH_URL?: string;
  /**
   * The meeting bot service: 'recall' (Recall.ai), 'attendee' (a self-hosted Attendee server) or a bot plugin id. Unset: the meeting bot is off and the dashboard says how to configure it.
   */
  MEETING_BOT_PROVIDER?: string;
  /**
   * The bot service's API key (Recall.ai: sent as 'Token <key>'; Attendee: 'Token <key>').
   */
  MEETING_BOT_API_KEY?: string;
  /**
   * The bot service's API address, e.g. https://us-west-2.recall.ai (Recall.ai's region) or your Attendee server. Unset: Recall.ai's us-west-2 region.
   */
  MEETING_BOT_BASE_URL?: string;
  /**
   * Secret that signs the bot service's webhooks (Recall.ai: the Svix 'whsec_…' secret; Attendee: the webhook secret). Unset: webhooks are refused and the status poll alone follows bots.
   */
  MEETING_BOT_WEBHOOK_SECRET?: string;
  /**
   * How often a bot's lifecycle asks the bot service where the bot stands when no webhook said it, in milliseconds (the backup for lost webhooks).
   */
  MEETING_BOT_POLL_INTERVAL_MS: number;
  /**
   * The name the bot shows in the meeting.
   */
  MEETING_BOT_NAME: string;
  /**
   * How often a ticket pushed to a tracker that can be asked (GitHub) is checked against its item, in seconds: the backup for a webhook that is not set up or lost a delivery.
   */
  TRACKER_STATUS_POLL_SECONDS: number;
  /**
   * Stripe secret key (sk_live_… or sk_test_…). Unset: paid plans are not offered and everyone is on Free.
   */
  STRIPE_SECRET_KEY?: string;
  /**
   * Signing secret of the Stripe webhook endpoint (whsec_…) for POST /stripe/webhook.
   */
  STRIPE_WEBHOOK_SECRET?: string;
  /**
   * Address of the Stripe API, e.g. http://127.0.0.1:12111 for stripe-mock. Unset: Stripe's.
   */
  STRIPE_API_BASE?: string;
  /**
   * Stripe price id of the Pro plan (price_…).
   */
  STRIPE_PRICE_PRO?: string;
  /**
   * Stripe price id of the Enterprise plan (price_…).
   */
  STRIPE_PRICE_ENTERPRISE?: string;
}

// webhook-payload.schema.json
/**
 * The JSON body of every event the webhook tracker delivers (docs/webhooks.md), signed per Standard Webhooks. Receivers should ignore members they do not know: later versions may add some.
 */
export type WebhookPayload =
  | {
      type: "ticket.created";
      /**
       * When the event was sent; the webhook-timestamp header is the same instant in whole seconds.
       */
      timestamp: string;
      data: {
        /**
         * Always 'tickscribe'.
         */
        source: "tickscribe";
        /**
         * The connection's project identifier: the label the receiving system knows the project by.
         */
        projectIdentifier: string;
        /**
         * tickscribe-<ticket id>: what marks the ticket in every tracker.
         */
        marker: string;
        /**
         * Every field of the ticket as Tickscribe keeps it.
         */
        ticket: {
          /**
           * Tickscribe's id of the ticket.
           */
          id: string;
          title: string;
          description: string;
          /**
           * What in the meeting led to the task.
           */
          context: string | null;
          /**
           * How it could be done.
           */
          implementation: string | null;
          notes: string | null;
          effort: "Small" | "Medium" | "Large" | null;
          /**
           * The words from the transcript the ticket came from.
           */
          quote: string | null;
          priority: "Low" | "Medium" | "High";
          status: "ToDo" | "InProgress" | "Done";
          /**
           * The Tickscribe project name.
           */
          project: string;
          tags: string[];
          /**
           * YYYY-MM-DD, or null.
           */
          dueDate: string | null;
          /**
           * The mapped username (the receiver maps users itself), or null for unassigned.
           */
          assignee: {
            id: string;
            name: string;
          } | null;
          /**
           * Tickets this one depends on that were pushed before (to this connection or another).
           */
          dependsOn: {
            title: string;
            key: string | null;
            url: string | null;
          }[];
        };
        /**
         * The ticket's long-form fields as Markdown: the description, then Context, Implementation details, Notes, Effort, Depends on and From the meeting, each present when set.
         */
        body: string;
      };
    }
  | {
      type: "ticket.dependency";
      /**
       * When the event was sent; the webhook-timestamp header is the same instant in whole seconds.
       */
      timestamp: string;
      data: {
        /**
         * Always 'tickscribe'.
         */
        source: "tickscribe";
        /**
         * The connection's project identifier: the label the receiving system knows the project by.
         */
        projectIdentifier: string;
        /**
         * The item that depends on the other, as its delivery made it.
         */
        item: {
          externalId: string;
          key: string;
          url: string;
        };
        /**
         * The item that must be done first.
         */
        dependsOn: {
          externalId: string;
          key: string;
          url: string;
        };
      };
    }
  | {
      type: "ping";
      /**
       * When the event was sent; the webhook-timestamp header is the same instant in whole seconds.
       */
      timestamp: string;
      data: {
        /**
         * Always 'tickscribe'.
         */
        source: "tickscribe";
        /**
         * The connection's project identifier: the label the receiving system knows the project by.
         */
        projectIdentifier: string;
      };
    };
