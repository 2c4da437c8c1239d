import type { TranscriptListQuery } from '../../../schemas/types.ts';
import { api } from '../api/browser.ts';
import type { TranscriptDetail, TranscriptList, TranscriptStatus, UploadResponse } from './types.ts';

/** The query string of a list request: only the parameters that differ from the server's defaults. */
function listQuery(query: TranscriptListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  return params.toString();
}

/** The transcript calls of spec section 7; the list is searched, sorted and paged by the server. */
export const transcriptsApi = {
  list: (query: TranscriptListQuery) => api.get<TranscriptList>(`/api/transcripts?${listQuery(query)}`),
  get: (id: string) => api.get<TranscriptDetail>(`/api/transcripts/${encodeURIComponent(id)}`),
  status: (id: string) => api.get<TranscriptStatus>(`/api/transcripts/${encodeURIComponent(id)}/status`),
  remove: (id: string) => api.del<unknown>(`/api/transcripts/${encodeURIComponent(id)}`),
  upload: (file: File) => {
    const form = new FormData();
    form.append('transcript', file);
    return api.upload<UploadResponse>('/api/transcripts/upload', form);
  },
};
