import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { refreshTranscripts } from '../api/queryKeys.ts';
import { transcriptsApi } from '../transcripts/api.ts';
import { isInProgress, parseMetadata, type ProcessingStatus } from '../transcripts/processing.ts';
import { isGone, useProcessingStatus, useTranscript, useUploadLimits, type TranscriptStatus } from '../transcripts/queries.ts';
import {
  nextProgress, processingFailure, PROGRESS_INTERVAL_MS, uploadFailure, uploadProblem, uploadTexts, type Failure,
} from './UploadPanel.logic.ts';

export interface UploadCallbacks {
  /** Called when processing of the uploaded transcript has ended, completed or failed. */
  onProcessed?(transcriptId: string, status: ProcessingStatus): void;
}

export type UploadPhase =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'processing'; transcriptId: string; title: string }
  | { kind: 'completed'; transcriptId: string; tickets: { id: string; title: string }[] | null; ticketCount: number }
  | { kind: 'failed'; failure: Failure };

/** What the upload's answer says: stored, pending. */
const pending = (id: string): TranscriptStatus => ({ id, status: 'pending', processingStatus: 'pending', metadata: {}, ticketCount: 0 });

/**
 * Where the uploaded transcript stands: processing until its status says otherwise; completed once its tickets are
 * in (or could not be loaded); failed with the reason, or when the transcript is gone.
 */
function processingPhase(
  tracked: { id: string; title: string },
  status: { data?: TranscriptStatus; error: unknown },
  created: { data?: { tickets: { id: string; title: string }[] }; isPending: boolean },
): UploadPhase {
  if (isGone(status.error)) return { kind: 'failed', failure: { kind: 'error', message: uploadTexts.processingFailed } };
  const ended = status.data && !isInProgress(status.data.processingStatus) ? status.data : null;
  if (ended?.processingStatus === 'failed') return { kind: 'failed', failure: processingFailure(parseMetadata(ended.metadata)) };
  if (ended === null || created.isPending) return { kind: 'processing', transcriptId: tracked.id, title: tracked.title };
  const tickets = created.data?.tickets ?? null;
  return { kind: 'completed', transcriptId: tracked.id, tickets, ticketCount: tickets?.length ?? ended.ticketCount };
}

/**
 * The upload of the spec's "States and transitions", "Validation rules" and "Error catalogue": the client-side checks
 * against the limits this server announced, the upload with its fake progress (+10% every
 * 500 ms, up to 90%), then the status poll until processing completes (with the tickets it created) or fails.
 * The lists of transcripts and tickets load again once the file is stored and once processing has ended.
 */
export function useUpload({ onProcessed }: UploadCallbacks) {
  const queryClient = useQueryClient();
  const limits = useUploadLimits();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [tracked, setTracked] = useState<{ id: string; title: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };
  const upload = useMutation({
    mutationFn: transcriptsApi.upload,
    onSuccess: ({ transcript }) => {
      setFile(null);
      clearInput();
      setTracked(transcript);
      void refreshTranscripts(queryClient);
    },
  });

  useEffect(() => {
    if (!upload.isPending) return;
    const timer = window.setInterval(() => setProgress(nextProgress), PROGRESS_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [upload.isPending]);

  const status = useProcessingStatus(tracked?.id ?? null, tracked && pending(tracked.id));
  const ended = status.data && !isInProgress(status.data.processingStatus) ? status.data : null;
  const created = useTranscript(tracked?.id ?? '', { enabled: ended?.processingStatus === 'completed' });

  let phase: UploadPhase = { kind: 'idle' };
  if (upload.isPending) phase = { kind: 'uploading', progress };
  else if (upload.isError) phase = { kind: 'failed', failure: uploadFailure(upload.error instanceof ApiError ? upload.error.message : null, upload.error instanceof ApiError ? upload.error.status : undefined) };
  else if (tracked !== null) phase = processingPhase(tracked, status, created);

  // Once processing of the uploaded transcript has ended, the lists load again and the screen is told, once.
  const reported = useRef<string | null>(null);
  const endedAs = phase.kind === 'completed' ? 'completed' : ended?.processingStatus === 'failed' ? 'failed' : null;
  useEffect(() => {
    if (tracked === null || endedAs === null || reported.current === tracked.id) return;
    reported.current = tracked.id;
    void refreshTranscripts(queryClient);
    onProcessed?.(tracked.id, endedAs);
  }, [tracked, endedAs, queryClient, onProcessed]);

  const busy = phase.kind === 'uploading' || phase.kind === 'processing';
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(chosen ? uploadProblem(chosen, limits) : null);
    if (busy) return;
    upload.reset();
    setTracked(null);
  };

  return {
    /** What this server accepts (the built-in limits until it has said). */
    limits,
    /** The file input, emptied once its file has gone up (or another file was dropped). */
    inputRef,
    file,
    problem,
    phase,
    busy,
    /** A file was picked: it is checked at once, and what an earlier upload showed goes away. */
    choose,
    /** A file was dropped onto the panel. */
    drop: (dropped: File) => {
      if (busy) return;
      clearInput();
      choose(dropped);
    },
    /** Checks the chosen file and sends it. */
    send: () => {
      if (busy) return;
      const found = uploadProblem(file, limits);
      setProblem(found);
      if (found !== null || file === null) return;
      setTracked(null);
      setProgress(0);
      upload.mutate(file);
    },
  };
}
