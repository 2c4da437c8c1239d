import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { queryKeys } from '../data/queryClient.ts';
import { useDeleteConfirmation } from '../data/useDeleteConfirmation.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { pageSizeOptions, SelectField } from '../ui/SelectField.tsx';
import { UploadPanel } from '../ui/UploadPanel.tsx';
import { transcriptsApi } from './api.ts';
import { failureText } from './format.ts';
import { PAGE_SIZES, transcriptsTexts, type TranscriptsNavigationState } from './texts.ts';
import { TranscriptRow } from './TranscriptRow.tsx';
import type { TranscriptSummary } from './types.ts';
import { useNotification } from './useNotification.ts';
import { useTranscriptList, type SortField, type SortOrder } from './useTranscriptList.ts';

const texts = transcriptsTexts.list;
const dialogTexts = transcriptsTexts.deleteDialog;
const SORTS = [{ value: 'date', label: texts.sortDate }, { value: 'title', label: texts.sortTitle }] as const satisfies { value: SortField; label: string }[];
const ORDERS = [{ value: 'newest', label: texts.newest }, { value: 'oldest', label: texts.oldest }] as const satisfies { value: SortOrder; label: string }[];

/** The transcript list of spec section 2: searched, sorted and paged by the server. */
export default function TranscriptsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const arrived = (location.state as TranscriptsNavigationState | null)?.notification;
  const { notification, notify, dismiss } = useNotification(typeof arrived === 'string' ? arrived : null);
  const list = useTranscriptList();
  const [actionError, setActionError] = useState<string | null>(null);
  const [listErrorDismissed, setListErrorDismissed] = useState(false);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const reload = () => {
    setListErrorDismissed(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.transcripts });
  };

  // A notification that came through navigation state is shown once: drop it from the history entry.
  useEffect(() => {
    if (typeof arrived === 'string') void navigate(location.pathname, { replace: true, state: null });
  }, [arrived, location.pathname, navigate]);

  const deletion = useDeleteConfirmation(async (transcript: TranscriptSummary) => {
    try {
      await transcriptsApi.remove(transcript.id);
      setActionError(null);
      notify(texts.deleted);
      reload();
    } catch (failure) {
      setActionError(failureText(failure, texts.deleteFailed));
    }
  });

  const listError = list.isError && !listErrorDismissed ? failureText(list.error, list.data ? texts.refreshFailed : texts.fetchFailed) : null;
  const error = actionError ?? listError;
  const data = list.data;
  const total = data?.pagination.total ?? 0;
  const first = total === 0 ? 0 : (list.view.page - 1) * list.view.limit + 1;
  const last = Math.min(list.view.page * list.view.limit, total);
  const changePage = (next: number) => {
    list.setPage(next);
    listHeadingRef.current?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <title>{texts.pageTitle}</title>
      <Typography variant="h1">{texts.heading}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        {texts.intro}
      </Typography>

      <Stack spacing={3}>
        <Box aria-live="polite">
          {notification !== null && (
            <Alert severity="success" onClose={dismiss} slotProps={{ closeButton: { 'aria-label': texts.dismiss } }}>
              {notification}
            </Alert>
          )}
        </Box>
        {error !== null && (
          <Alert severity="error" onClose={() => (actionError !== null ? setActionError(null) : setListErrorDismissed(true))}>
            {error}
          </Alert>
        )}

        <UploadPanel onUploaded={reload} onProcessed={reload} />

        <Paper variant="outlined" component="section" aria-labelledby="transcript-list-heading" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
            <Typography id="transcript-list-heading" ref={listHeadingRef} variant="h2" sx={{ fontSize: '1.25rem', flexGrow: 1, scrollMarginTop: 16 }}>
              {texts.listHeading}
            </Typography>
            <Button variant="text" onClick={reload} disabled={list.isFetching}>
              {texts.refresh}
            </Button>
          </Box>

          <Box
            role="search"
            aria-label={texts.search}
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr))' }, mb: 2 }}
          >
            <TextField
              type="search"
              label={texts.search}
              placeholder={texts.searchPlaceholder}
              size="small"
              value={list.view.search}
              onChange={(event) => list.setSearch(event.target.value)}
              sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
              slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" aria-hidden="true" /></InputAdornment> } }}
            />
            <SelectField<SortField> label={texts.sortBy} value={list.view.sort} options={SORTS} onChange={list.setSort} />
            <SelectField<SortOrder> label={texts.order} value={list.view.order} options={ORDERS} onChange={list.setOrder} />
            <SelectField<number> label={texts.itemsPerPage} value={list.view.limit} options={pageSizeOptions(PAGE_SIZES)} onChange={list.setLimit} />
          </Box>

          {data === undefined ? (
            listError === null && (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                <CircularProgress aria-label={texts.listHeading} />
              </Box>
            )
          ) : total === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {list.searching ? texts.noMatches : texts.empty}
            </Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {texts.summary(first, last, total)}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-labelledby="transcript-list-heading">
                {data.data.map((transcript) => (
                  <TranscriptRow key={transcript.id} transcript={transcript} onDelete={() => deletion.ask(transcript)} />
                ))}
              </Box>
              <Box sx={{ mt: 2 }}>
                <Pagination page={list.view.page} totalPages={data.pagination.totalPages} onChange={changePage} label={texts.pagination} />
              </Box>
            </>
          )}
        </Paper>
      </Stack>

      <ConfirmDialog
        open={deletion.open}
        title={dialogTexts.title}
        message={dialogTexts.message(deletion.item?.title ?? '')}
        confirmLabel={dialogTexts.confirm}
        busyLabel={dialogTexts.busy}
        cancelLabel={dialogTexts.cancel}
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </Container>
  );
}
