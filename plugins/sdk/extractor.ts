import type { CallContext, PluginManifest } from './manifest.ts';
import type { Extraction, ParsedTranscript } from './types.ts';

export interface ExtractorManifest extends PluginManifest {
  kind: 'extractor';
}

/** One ticket suggestion, as schemas/extraction.schema.json describes it. */
export type ExtractedTicket = Extraction['tickets'][number];

/** What an extractor is asked to read: a transcript, or one chunk of a long one (split at speaker turns). */
export interface ExtractionRequest {
  /** Participants, and the messages of this chunk only. */
  transcript: ParsedTranscript;
  /** ISO date of the meeting, when the transcript gives one: relative due dates are resolved against it. */
  meetingDate?: string;
  chunk: { index: number; count: number };
}

export interface ExtractionUsage {
  /** e.g. 'openai' or 'heuristic'. */
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** Calls made to the provider (a retry counts). */
  calls: number;
}

export interface ExtractionResult {
  tickets: ExtractedTicket[];
  usage: ExtractionUsage;
}

export interface ExtractorPlugin {
  manifest: ExtractorManifest;
  /**
   * The most tokens a call for `request` may use, for reserving credits before the call. Must not overstate by
   * much: the reservation is settled with the real usage afterwards.
   */
  estimate(request: ExtractionRequest, context?: CallContext): { inputTokens: number; outputTokens: number };
  /**
   * Finds the tickets. May call a service; `context.signal` aborts it. The host validates the result
   * (schemas/extraction.schema.json for the tickets, whole non-negative token counts) before anyone uses it.
   */
  extract(request: ExtractionRequest, context: CallContext): Promise<ExtractionResult>;
}
