import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { failureText } from '../api/client.ts';
import { pageAfterDeletion, shownRange } from '../ui/listPaging.ts';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { UploadPanel } from '../ui/UploadPanel.tsx';
import { useConfirmation } from '../ui/useConfirmation.ts';
import { useDismissible } from '../ui/useDismissible.ts';
import { NOTIFICATION_MS, useTimedMessage } from '../ui/useTimedMessage.ts';
import type { TranscriptSummary } from './api.ts';
import { DeleteTranscriptDialog } from './DeleteTranscriptDialog.tsx';
import { useRemoveTranscript } from './queries.ts';
import { transcriptsTexts, type TranscriptsNavigationState } from './texts.ts';
import { TranscriptListControls } from './TranscriptListControls.tsx';
import { TranscriptRow } from './TranscriptRow.tsx';
import { useTranscriptList } from './useTranscriptList.ts';

const texts = transcriptsTexts.list;

/**
 * The transcript list of the spec's "Screens and routes": searched, sorted and paged by the server, with the upload
 * panel.
 */
export default function TranscriptsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const arrived = (location.state as TranscriptsNavigationState | null)?.notification;
  const notification = useTimedMessage(NOTIFICATION_MS, typeof arrived === 'string' ? arrived : null);
  const list = useTranscriptList();
  const { data, error: listFailure, isFetching, refetch } = list.result;
  const remove = useRemoveTranscript();
  const [actionError, setActionError] = useState<string | null>(null);
  const listError = useDismissible(listFailure);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  // A notification that came through navigation state is shown once: drop it from the history entry.
  useEffect(() => {
    if (typeof arrived === 'string') void navigate(location.pathname, { replace: true, state: null });
  }, [arrived, location.pathname, navigate]);

  const deletion = useConfirmation(async (transcript: TranscriptSummary) => {
    try {
      await remove(transcript.id);
      setActionError(null);
      notification.show(texts.deleted);
      list.setPage(pageAfterDeletion(list.params.page, data?.data.length ?? 0, 1));
    } catch (failure) {
      setActionError(failureText(failure, texts.deleteFailed));
    }
  });

  const listErrorText = listError.shown && failureText(listError.shown, data ? texts.refreshFailed : texts.fetchFailed);
  const error = actionError ?? listErrorText;
  const changePage = (next: number) => {
    list.setPage(next);
    listHeadingRef.current?.scrollIntoView?.({ block: 'start' });
  };

  let content;
  if (data === undefined) {
    content = !listErrorText && (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={texts.listHeading} />
      </Box>
    );
  } else if (data.pagination.total === 0) {
    content = (
      <Typography color="textSecondary" sx={{ py: 2 }}>
        {list.searching ? texts.noMatches : texts.empty}
      </Typography>
    );
  } else {
    const { first, last } = shownRange(data.pagination);
    content = (
      <>
        <Typography variant="body2" color="textSecondary" aria-live="polite">
          {texts.summary(first, last, data.pagination.total)}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-labelledby="transcript-list-heading">
          {data.data.map((transcript) => (
            <TranscriptRow key={transcript.id} transcript={transcript} onDelete={() => deletion.ask(transcript)} />
          ))}
        </Box>
        <Box sx={{ mt: 2 }}>
          <Pagination page={data.pagination.page} totalPages={data.pagination.totalPages} onChange={changePage} label={texts.pagination} />
        </Box>
      </>
    );
  }

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeading title={texts.pageTitle} heading={texts.heading} intro={texts.intro} />

      <Stack spacing={3}>
        <Box aria-live="polite">
          {notification.message !== null && (
            <Alert severity="success" onClose={notification.clear} slotProps={{ closeButton: { 'aria-label': texts.dismiss } }}>
              {notification.message}
            </Alert>
          )}
        </Box>
        {error && (
          <Alert severity="error" onClose={() => (actionError !== null ? setActionError(null) : listError.dismiss())}>
            {error}
          </Alert>
        )}

        <UploadPanel />

        <Paper variant="outlined" component="section" aria-labelledby="transcript-list-heading" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
            <Typography id="transcript-list-heading" ref={listHeadingRef} variant="h2" sx={{ fontSize: '1.25rem', flexGrow: 1, scrollMarginTop: 16 }}>
              {texts.listHeading}
            </Typography>
            <Button variant="text" onClick={() => void refetch()} disabled={isFetching}>
              {texts.refresh}
            </Button>
          </Box>
          <TranscriptListControls list={list} />
          {content}
        </Paper>
      </Stack>

      <DeleteTranscriptDialog title={deletion.item?.title ?? ''} dialog={deletion.dialog} />
    </Container>
  );
}
