import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import type { ExtractedTicket } from '../../plugins/sdk/index.ts';
import { Transcript } from './transcript.entity.ts';

/**
 * The tickets extracted from one chunk of a transcript, between the chunk's step and the step that saves them all:
 * the workflow passes ids, never the meeting's words. Deleted when the tickets are saved.
 */
export const ExtractedChunk = defineEntity({
  name: 'ExtractedChunk',
  tableName: 'extracted_chunks',
  properties: {
    /** `<transcriptId>:<chunk>`, so a retried step writes its chunk once. */
    id: p.string().length(80).primary(),
    transcript: () => p.manyToOne(Transcript).deleteRule('cascade').index(),
    tickets: p.json<ExtractedTicket[]>(),
    createdAt: p.datetime().onCreate(createdAt),
  },
});

export type ExtractedChunk = InferEntity<typeof ExtractedChunk>;
