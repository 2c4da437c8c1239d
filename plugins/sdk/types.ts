// Generated from plugins/sdk/schemas/*.schema.json by `npm run schemas:types`. Do not edit.

// bot-event.schema.json
/**
 * A bot service's webhook as a bot plugin reads it: which bot, where it stands now or that its transcript is ready, and a key that is the same for every delivery of the same event.
 */
export interface BotEvent {
  /**
   * The bot service's own id of the bot the event is about.
   */
  botId: string;
  state?: BotState;
  /**
   * Present (true) when the event says the transcript's fate is settled: fetching it now gives the transcript, or the reason there is none.
   */
  transcriptReady?: true;
  /**
   * The same for every delivery of one event (the provider's message or idempotency id), different for different events.
   */
  dedupeKey: string;
  /**
   * When it happened at the provider (ISO 8601).
   */
  occurredAt: string;
}

// bot-state.schema.json
/**
 * Where a meeting bot that a bot plugin sent stands, in the product's words, with the provider's own code kept beside them. done, failed and cancelled are final.
 */
export interface BotState {
  /**
   * The bot service's own id.
   */
  botId: string;
  /**
   * pending: on its way in, waiting to be let in, or in the meeting but not recording yet; recording: recording the meeting; done: the meeting is over for the bot and what it recorded is being or has been processed (its transcript may still be on its way); failed: it could not record the meeting; cancelled: it was ended at the user's request.
   */
  status: "pending" | "recording" | "done" | "failed" | "cancelled";
  /**
   * Why, when the provider said: waiting_room_timeout (nobody let the bot in in time), kicked (removed from the meeting, or refused at the door), recording_denied (the host did not allow recording), meeting_not_found (the link leads to no meeting the bot could join: unknown, expired, ended, not started, locked or behind a sign-in), fatal (the bot service failed), no_recording (it ended with nothing recorded), unknown (a provider code the plugin does not know).
   */
  reason?:
    "waiting_room_timeout" | "kicked" | "recording_denied" | "meeting_not_found" | "fatal" | "no_recording" | "unknown";
  /**
   * Why the bot failed, in words for people. Required when it failed.
   */
  error?: string;
  /**
   * The provider's own code for this state, with its sub-code after a slash (e.g. 'call_ended/bot_kicked_from_call'), for operators.
   */
  providerStatus?: string;
}

// extraction.schema.json
/**
 * The tickets an extractor finds in a transcript. Every property is required (null when unknown) so the schema works as an OpenAI strict json_schema response format.
 */
export interface Extraction {
  tickets: {
    /**
     * Short imperative summary of the work, at most about 80 characters.
     */
    title: string;
    /**
     * What has to be done and why, in one to three sentences.
     */
    description: string;
    /**
     * What in the meeting led to the task.
     */
    context: string | null;
    /**
     * How it could be done, when the meeting said.
     */
    implementation: string | null;
    /**
     * Titles of other tickets in this same answer that must be done first.
     */
    dependsOn: string[];
    effort: "Small" | "Medium" | "Large" | null;
    priority: "Low" | "Medium" | "High";
    /**
     * Exactly one participant's name as given, or null. Never invented.
     */
    assignee: string | null;
    /**
     * YYYY-MM-DD, resolved against the meeting date when one is known; null otherwise.
     */
    dueDate: string | null;
    tags: string[];
    notes: string | null;
    /**
     * The project or product the task belongs to, when named.
     */
    project: string | null;
    /**
     * The words from the transcript the ticket came from, verbatim.
     */
    quote: string;
  }[];
}

// plugin.schema.json
/**
 * What every plugin declares about itself: who it is, which kind, and the JSON Schemas of its configuration and credentials. Parsers also declare the file extensions and media types they read.
 */
export interface PluginManifest {
  /**
   * Version of the plugin contract the plugin was written against.
   */
  apiVersion: 1;
  /**
   * Unique, lower-case, stable: used in data and on the command line.
   */
  id: string;
  kind: "parser" | "tracker" | "extractor" | "bot";
  /**
   * Display name.
   */
  name: string;
  /**
   * The plugin's own semantic version.
   */
  version: string;
  description?: string;
  /**
   * JSON Schema (draft 2020-12) of the plugin's configuration: the settings a user or operator gives it (a model name, a project key). The host validates the configuration against it, with its defaults filled in, before any call.
   */
  configSchema?: {};
  /**
   * JSON Schema (draft 2020-12) of the plugin's credentials (API keys, tokens): validated like the configuration, but never logged or shown back.
   */
  credentialsSchema?: {};
  /**
   * Extractors: runs on this machine, with no network call and no credits spent, in milliseconds a chunk. The ingest then reads the file, extracts every chunk and saves the tickets in one step instead of one durable step per chunk.
   */
  offline?: boolean;
  /**
   * File extensions the parser claims, with the dot, lower-case. Used only to break detection ties.
   */
  extensions?: string[];
  /**
   * Media types the parser claims.
   */
  mediaTypes?: string[];
}

// tracker-item-preview.schema.json
/**
 * What a tracker will receive for a ticket, before anything is sent (a tracker plugin's preview()): built by the same code its create() sends with, so what a person reviews is what the tracker gets.
 */
export interface TrackerItemPreview {
  /**
   * The item's title as the tracker will show it (cut to the tracker's limit where create() cuts it).
   */
  title: string;
  /**
   * The item's body as the tracker will show it: Markdown, or plain text for a tracker that takes rich text or HTML.
   */
  body: string;
  /**
   * Every other field the create sets, in words, e.g. { name: 'Labels', value: 'priority: high, backend' }.
   *
   * @maxItems 50
   */
  fields: {
    name: string;
    value: string;
  }[];
  /**
   * Who the item will be assigned to, or null for nobody.
   */
  assignee: null | {
    id: string;
    name: string;
  };
  /**
   * What create() does after the item exists, in words (e.g. 'Closed as completed, since the ticket is Done').
   *
   * @maxItems 50
   */
  then: string[];
  /**
   * What create() would tell the person pushing: a title cut to the tracker's limit, labels it makes first.
   *
   * @maxItems 50
   */
  notices: string[];
  /**
   * The request that creates the item, as it will be sent: its method, its address and its JSON body.
   */
  request: {
    method: "POST" | "PUT" | "PATCH";
    url: string;
    /**
     * The JSON body: an object, or an array (a JSON Patch document).
     */
    body:
      | {
          [k: string]: unknown;
        }
      | unknown[];
  };
}

// tracker-item.schema.json
/**
 * An item a tracker plugin created (or found by its marker): where a pushed ticket now lives.
 */
export interface TrackerItem {
  /**
   * The tracker's id of the item, as its API addresses it (e.g. '1296269', '10042', 'uXjVN1234=').
   */
  externalId: string;
  /**
   * What people call the item (e.g. '#42', 'PROJ-7'), shown as 'Pushed to <type> (<key>)'.
   */
  key: string;
  /**
   * Address of the item for people.
   */
  url: string;
  /**
   * What the tracker could not take as the ticket had it, each in words for the reviewer (e.g. 'Title cut to 255 characters, Jira's limit; the full title is in the description.'). Only on the item a create returns.
   *
   * @maxItems 50
   */
  notices?: string[];
}

// transcript.schema.json
/**
 * A meeting transcript as every parser returns it. Every message's speaker id names a participant.
 */
export interface ParsedTranscript {
  title: string;
  /**
   * ISO 8601 date or date-time of the meeting, only when the source gives one; never invented.
   */
  date?: string;
  /**
   * The format the transcript was read from (a parser id).
   */
  source: string;
  /**
   * Length of the meeting in seconds, when known.
   */
  duration?: number;
  participants: {
    id: string;
    name: string;
    role?: string;
  }[];
  /**
   * At least one; the host refuses a transcript without messages.
   */
  messages: {
    id: string;
    content: string;
    /**
     * Seconds from the start of the meeting, or null where the source has no times.
     */
    timestamp: number | null;
    speaker: {
      id: string;
    };
    /**
     * 0..1, only when the source gives one.
     */
    confidence?: number;
  }[];
}
