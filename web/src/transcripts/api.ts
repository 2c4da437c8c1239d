import { api } from '../api/browser.ts';
import { dataOf, formBody } from '../api/client.ts';
import type { operations } from '../api/openapi.ts';
import type { Schema } from '../api/schema.ts';

export type TranscriptSummary = Schema<'TranscriptSummary'>;
export type TranscriptDetail = Schema<'TranscriptDetail'>;
export type TranscriptListQuery = NonNullable<operations['listTranscripts']['parameters']['query']>;

const byId = (id: string) => ({ params: { path: { id } } });

/** The transcript calls of the spec's "The calls it makes"; the list is searched, sorted and paged by the server. */
export const transcriptsApi = {
  /** The size limit and the extensions this server reads (its parser plugins' too); public. */
  uploadLimits: () => dataOf(api.GET('/api/transcripts/upload-limits')),
  list: (query: TranscriptListQuery) => dataOf(api.GET('/api/transcripts', { params: { query } })),
  get: (id: string) => dataOf(api.GET('/api/transcripts/{id}', byId(id))),
  status: (id: string) => dataOf(api.GET('/api/transcripts/{id}/status', byId(id))),
  remove: async (id: string) => {
    await api.DELETE('/api/transcripts/{id}', byId(id));
  },
  upload: (file: File) => {
    const form = new FormData();
    form.append('transcript', file);
    return dataOf(api.POST('/api/transcripts/upload', { middleware: [formBody(form)] }));
  },
};
