// Generated from schemas/*.schema.json by `npm run schemas:types`. Do not edit.

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
 * Create an account; a verification e-mail follows.
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
}

// api/auth/signup.response.schema.json
/**
 * The new, not yet verified account. No token: the address must be verified first.
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
  settings: {
    projectMappings: string[];
    userMappings: {
      [k: string]: string;
    };
    [k: string]: unknown;
  };
  lastVerification: ConnectionVerification | null;
  createdAt: string;
  updatedAt: string;
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
     * The tracker call the request belonged to: verify, create, findByMarker, link or resolveUser.
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

// api/connections/project.response.schema.json
/**
 * Whether one of the user's connections serves the project (by its project identifier, its name or its project mappings, ignoring case and surrounding spaces), and which.
 */
export interface ProjectConnectionCheck {
  exists: boolean;
  connection: ConnectionView | null;
}

// api/connections/saved.response.schema.json
/**
 * The saved connection and the outcome of checking it with its tracker (also kept as its lastVerification). A failed check does not undo the save.
 */
export interface ConnectionSaved {
  connection: ConnectionView;
  verification: ConnectionVerification;
}

// api/connections/types.response.schema.json
/**
 * The connection types this server offers, in load order (the built-in trackers first). A form for any of them can be built from this answer.
 */
export interface ConnectionTypes {
  types: ConnectionType[];
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
 * Whether the service and the parts it depends on are up. Answered with 503 when a part is down.
 */
export interface HealthResponse {
  status: "ok" | "unavailable";
  database: "ok" | "down";
  temporal: "ok" | "down";
  /**
   * Names the parts that are down.
   */
  error?: string;
}

// api/tickets/create.request.schema.json
/**
 * A new ticket; title, project and description are required (blank counts as missing).
 */
export interface TicketCreateRequest {
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
  createdAt?: unknown;
  updatedAt?: unknown;
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
   * Present (true) when there are at least 10,000 matches (1,000 with a text search): pagination.total then says that number.
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
  transcriptId: string | null;
  createdAt: string;
  updatedAt: string;
}

// api/tickets/update.request.schema.json
/**
 * Changes to a ticket; fields left out keep their values.
 */
export interface TicketUpdateRequest {
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
  createdAt?: unknown;
  updatedAt?: unknown;
}

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

// api/token-usage/stats.response.schema.json
/**
 * This month's token use against the plan's limits, and when the credits reset.
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
  resetDate: string;
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
   * Whether X-Forwarded-For and X-Forwarded-Proto from a reverse proxy in front of Tickscribe are trusted (client addresses for rate limits, HTTPS for cookies).
   */
  TRUST_PROXY: boolean;
  /**
   * Key that encrypts tracker credentials at rest: 32 bytes as 64 hex digits or base64. Unset: a key is generated on first start and kept in DATA_DIR/credentials-key (readable by the owner only).
   */
  CREDENTIALS_KEY?: string;
  /**
   * Host names and CIDR ranges (comma-separated) that tracker and webhook requests may reach although they are loopback, private or link-local, e.g. 'jira.intranet,10.0.0.0/8'. Empty: only public addresses.
   */
  OUTBOUND_ALLOWLIST?: string;
  /**
   * How long one request to a tracker or webhook may take, in milliseconds.
   */
  OUTBOUND_TIMEOUT_MS: number;
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
   * The name the bot shows in the meeting.
   */
  MEETING_BOT_NAME: string;
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
