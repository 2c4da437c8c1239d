/** The transcript shapes of the API (spec section 3), keys already in camelCase. */

export type ProcessingStatus = 'pending' | 'processing' | 'completed' | 'failed';

/** Spec section 3: metadata is an object or a JSON string, and may hold error and tokenLimitExceeded. */
export interface TranscriptMetadata {
  error?: string;
  tokenLimitExceeded?: boolean;
  [key: string]: unknown;
}

export interface TranscriptSummary {
  id: string;
  title: string;
  date: string | null;
  source: string | null;
  duration: number | null;
  processingStatus: ProcessingStatus;
  metadata: TranscriptMetadata | string | null;
  participantCount: number;
  messageCount: number;
  createdAt: string;
}

export interface Participant {
  id: string;
  name: string;
  role?: string | null;
}

export interface Message {
  id: string;
  content: string;
  timestamp: string | number | null;
  speaker: { id: string } | null;
  confidence?: number | null;
}

export interface Transcript {
  id: string;
  title: string;
  date: string | null;
  source: string | null;
  duration: number | null;
  participants: Participant[];
  messages: Message[];
  processingStatus: ProcessingStatus;
  metadata: TranscriptMetadata | string | null;
  fileName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The ticket fields the transcript screens show. */
export interface TranscriptTicket {
  id: string;
  title: string;
  description: string;
  project: string;
  status: 'ToDo' | 'InProgress' | 'Done';
  priority: 'Low' | 'Medium' | 'High';
  assignee: string | null;
  createdAt: string;
}

export interface Paged<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

export interface TranscriptDetail {
  transcript: Transcript;
  status: ProcessingStatus;
  tickets: TranscriptTicket[];
}

export interface TranscriptStatus {
  id: string;
  status: ProcessingStatus;
  processingStatus: ProcessingStatus;
  metadata: TranscriptMetadata | string | null;
  ticketCount: number;
}

export interface UploadResponse {
  success: boolean;
  message: string;
  transcript: { id: string; title: string };
  processingStatus: ProcessingStatus;
  tickets: TranscriptTicket[];
}

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
