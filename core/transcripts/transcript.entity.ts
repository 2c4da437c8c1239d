import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { User } from '../users/user.entity.ts';
import { workspaceOfRow } from '../workspaces/workspace.entity.ts';

const PROCESSING_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

export interface Participant {
  id: string;
  name: string;
  role?: string;
}

export interface Message {
  id: string;
  content: string;
  /** Seconds from the start of the meeting, or null where the source has no times. */
  timestamp: number | null;
  speaker: { id: string };
  confidence?: number;
}

export interface TranscriptMetadata {
  error?: string;
  tokenLimitExceeded?: boolean;
  [key: string]: unknown;
}

export const Transcript = defineEntity({
  name: 'Transcript',
  tableName: 'transcripts',
  indexes: [{ name: 'transcripts_user_created_idx', properties: ['user', 'createdAt'] }, { name: 'transcripts_workspace_created_idx', properties: ['workspace', 'createdAt'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    workspace: () => workspaceOfRow(),
    title: p.string().length(500),
    /** ISO date (or date-time) of the meeting when the source gives one; never invented. */
    date: p.string().length(40).nullable(),
    source: p.string().length(100).nullable(),
    duration: p.integer().nullable(),
    participants: p.json<Participant[]>().default([]),
    messages: p.json<Message[]>().default([]),
    processingStatus: p.enum(PROCESSING_STATUSES).default('pending'),
    metadata: p.json<TranscriptMetadata>().defaultRaw(`'{}'`),
    /** Tickets made from it, kept by database triggers (never written by the app): the status poll reads it. */
    ticketCount: p.integer().default(0),
    /** The file exactly as uploaded. */
    rawFile: p.blob().nullable().lazy(),
    rawFileName: p.string().length(255).nullable(),
    rawFileType: p.string().length(255).nullable(),
    rawFileSize: p.integer().nullable(),
    createdAt: p.datetime().onCreate(createdAt),
    updatedAt: p.datetime().onCreate(createdAt).onUpdate(() => new Date()),
  },
});

export type Transcript = InferEntity<typeof Transcript>;
