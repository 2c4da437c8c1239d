// Generated from plugins/sdk/schemas/*.schema.json by `npm run schemas:types`. Do not edit.

// bot-state.schema.json
/**
 * Where a meeting bot that a bot plugin sent stands.
 */
export interface BotState {
  /**
   * The bot service's own id.
   */
  botId: string;
  status: "pending" | "recording" | "done" | "failed" | "cancelled";
  /**
   * Why the bot failed, in words, when it did.
   */
  error?: string;
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
   * File extensions the parser claims, with the dot, lower-case. Used only to break detection ties.
   */
  extensions?: string[];
  /**
   * Media types the parser claims.
   */
  mediaTypes?: string[];
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
