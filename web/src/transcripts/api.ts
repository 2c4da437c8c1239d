import { api } from '../api/browser.ts';
import type { Paged, TranscriptDetail, TranscriptStatus, TranscriptSummary, UploadResponse } from './types.ts';

/** The transcript calls of spec section 7. */
export const transcriptsApi = {
  list: (page = 1, limit = 10) =>
    api.get<Paged<TranscriptSummary>>(`/api/transcripts?page=${encodeURIComponent(page)}&limit=${encodeURIComponent(limit)}`),
  get: (id: string) => api.get<TranscriptDetail>(`/api/transcripts/${encodeURIComponent(id)}`),
  status: (id: string) => api.get<TranscriptStatus>(`/api/transcripts/${encodeURIComponent(id)}/status`),
  remove: (id: string) => api.del<unknown>(`/api/transcripts/${encodeURIComponent(id)}`),
  upload: (file: File) => {
    const form = new FormData();
    form.append('transcript', file);
    return api.upload<UploadResponse>('/api/transcripts/upload', form);
  },
};

/** The largest page the list endpoint serves in one call. */
export const MAX_PAGE_SIZE = 100;
