/**
 * The transcript shapes of the API, from the same JSON Schemas the server validates its answers with
 * (schemas/api/transcripts, generated into schemas/types.ts): no copy to drift.
 */
import type {
  TranscriptDetail, TranscriptList, TranscriptMetadata, TranscriptStatus, TranscriptSummary, TranscriptUpload, TranscriptView,
} from '../../../schemas/types.ts';

export type { TranscriptDetail, TranscriptList, TranscriptMetadata, TranscriptStatus, TranscriptSummary };
export type ProcessingStatus = TranscriptSummary['processingStatus'];
export type Transcript = TranscriptView;
export type Participant = TranscriptView['participants'][number];
export type Message = TranscriptView['messages'][number];
export type TranscriptTicket = TranscriptDetail['tickets'][number];
export type UploadResponse = TranscriptUpload;

/** Reads metadata that may come as an object or as a JSON string. */
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

/** Pending and processing transcripts are still being worked on and are polled (spec section 4). */
export function isInProgress(status: ProcessingStatus): boolean {
  return status === 'pending' || status === 'processing';
}
