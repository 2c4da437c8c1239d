import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ApiError } from '../api/client.ts';
import { queryKeys, refreshTranscripts } from '../api/queryKeys.ts';
import type { Schema } from '../api/schema.ts';
import { transcriptsApi } from './api.ts';
import { usableLimits, type UploadLimits } from '../ui/uploadLimits.ts';
import { isInProgress, STATUS_POLL_MS } from './processing.ts';

export type TranscriptStatus = Schema<'TranscriptStatus'>;
type TranscriptList = Schema<'TranscriptList'>;

/** Whether a call failed because the transcript is not there (deleted, or never the user's). */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * What an upload may be on this server (its parser plugins may add extensions), asked once and kept for the page's
 * life. While the answer loads, or when it cannot be had, the built-in limits stand in (only logged), so the form
 * never waits for it; the server checks every file again.
 */
export function useUploadLimits(): UploadLimits {
  const { data } = useQuery({
    queryKey: queryKeys.transcripts.uploadLimits,
    queryFn: transcriptsApi.uploadLimits,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { failureLog: 'Failed to load the upload limits; the built-in ones apply' },
  });
  return useMemo(() => usableLimits(data), [data]);
}

/** A transcript with its conversation and tickets; `failureLog` for a screen that can do without it. */
export function useTranscript(id: string, options: { enabled?: boolean; failureLog?: string } = {}) {
  return useQuery({
    queryKey: queryKeys.transcripts.detail(id),
    queryFn: () => transcriptsApi.get(id),
    enabled: options.enabled ?? true,
    meta: { failureLog: options.failureLog },
  });
}

/**
 * Where processing of a transcript stands, asked every 5 s while it is pending or processing (the spec's "States and
 * transitions").
 * `known` is what the screen already knows (the upload's answer, or the transcript shown), so the first question
 * goes out 5 s after it; polling ends when processing has, or when the transcript is gone.
 */
export function useProcessingStatus(id: string | null, known: TranscriptStatus | null) {
  return useQuery({
    queryKey: queryKeys.transcripts.status(id ?? ''),
    queryFn: () => transcriptsApi.status(id ?? ''),
    enabled: id !== null && known !== null && isInProgress(known.processingStatus),
    initialData: known ?? undefined,
    staleTime: STATUS_POLL_MS,
    refetchInterval: ({ state }) =>
      state.data && isInProgress(state.data.processingStatus) && !isGone(state.error) ? STATUS_POLL_MS : false,
  });
}

/**
 * The transcript of the detail page; while it is pending or processing its status is polled, and a change of
 * status loads the transcript again.
 */
export function usePolledTranscript(id: string) {
  const queryClient = useQueryClient();
  const detail = useTranscript(id);
  const transcript = detail.data?.transcript ?? null;
  const shown = transcript?.processingStatus ?? null;
  const known = transcript && {
    id,
    status: transcript.processingStatus,
    processingStatus: transcript.processingStatus,
    metadata: transcript.metadata,
    ticketCount: detail.data?.tickets.length ?? 0,
  };
  const polled = useProcessingStatus(transcript && id, known).data?.processingStatus ?? null;

  useEffect(() => {
    if (shown !== null && polled !== null && polled !== shown) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.transcripts.detail(id) });
    }
  }, [id, polled, shown, queryClient]);

  return detail;
}

/**
 * Deletes a transcript: it leaves the lists shown at once, and everything that showed it loads again (its
 * tickets stay, without the link).
 */
export function useRemoveTranscript() {
  const queryClient = useQueryClient();
  return async (id: string) => {
    await transcriptsApi.remove(id);
    queryClient.removeQueries({ queryKey: queryKeys.transcripts.detail(id), type: 'inactive' });
    queryClient.setQueriesData<TranscriptList>({ queryKey: queryKeys.transcripts.lists }, (list) =>
      list && { ...list, data: list.data.filter((transcript) => transcript.id !== id) },
    );
    void refreshTranscripts(queryClient);
  };
}
