import type { Schema } from '../api/schema.ts';

/** Where processing of a transcript stands (the spec's "States and transitions"). */
export type ProcessingStatus = Schema<'TranscriptSummary'>['processingStatus'];
export type TranscriptMetadata = Schema<'TranscriptMetadata'>;

/**
 * The spec's "States and transitions" and "Business constants and limits": a pending or processing transcript's status
 * is asked for every 5 s.
 */
export const STATUS_POLL_MS = 5000;

/**
 * Pending and processing transcripts are still being worked on and are polled (the spec's "States and transitions").
 */
export function isInProgress(status: ProcessingStatus): boolean {
  return status === 'pending' || status === 'processing';
}

/**
 * The spec's "Entities and their fields": metadata may come as an object or as a JSON string, and may hold error and
 * tokenLimitExceeded.
 */
export function parseMetadata(metadata: TranscriptMetadata | string | null | undefined): TranscriptMetadata {
  if (metadata === null || metadata === undefined) return {};
  if (typeof metadata === 'string') {
    try {
      const parsed: unknown = JSON.parse(metadata);
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as TranscriptMetadata) : {};
    } catch {
      return {};
    }
  }
  return metadata;
}

/** What processing warns of (a weak format guess, tickets left out past the limit), to be shown with the transcript. */
export function metadataWarnings(metadata: TranscriptMetadata): string[] {
  const warnings: unknown = metadata.warnings;
  return Array.isArray(warnings) ? warnings.filter((w): w is string => typeof w === 'string' && w.trim() !== '') : [];
}
