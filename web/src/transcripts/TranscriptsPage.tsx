import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { UploadPanel } from '../ui/UploadPanel.tsx';
import { MAX_PAGE_SIZE, transcriptsApi } from './api.ts';
import { failureText, formatDate, formatDateTime } from './format.ts';
import { viewTranscripts, type SortField, type SortOrder } from './listView.ts';
import {
  DEFAULT_PAGE_SIZE, PAGE_SIZES, transcriptsTexts, type TranscriptsNavigationState,
} from './texts.ts';
import type { TranscriptSummary } from './types.ts';
import { useNotification } from './useNotification.ts';

const texts = transcriptsTexts.list;
const dialogTexts = transcriptsTexts.deleteDialog;
/** A safety stop for the page-by-page load of every transcript. */
const MAX_PAGES_LOADED = 50;

/** Every transcript of the user, page by page (search and sort work on the whole list). */
async function loadAllTranscripts(): Promise<TranscriptSummary[]> {
  const first = await transcriptsApi.list(1, MAX_PAGE_SIZE);
  const all = [...first.data];
  const pages = Math.min(first.pagination.totalPages, MAX_PAGES_LOADED);
  for (let page = 2; page <= pages; page += 1) {
    all.push(...(await transcriptsApi.list(page, MAX_PAGE_SIZE)).data);
  }
  // A transcript uploaded while paging can shift a row onto the next page: keep each id once.
  const seen = new Set<string>();
  return all.filter((transcript) => !seen.has(transcript.id) && seen.add(transcript.id));
}

function TranscriptRow({ transcript, onDelete }: { transcript: TranscriptSummary; onDelete(): void }) {
  const details = [
    transcript.date ? formatDate(transcript.date) : null,
    texts.uploaded(formatDateTime(transcript.createdAt)),
    transcript.participantCount > 0 ? texts.participants(transcript.participantCount) : null,
    transcript.messageCount > 0 ? texts.messages(transcript.messageCount) : null,
  ].filter((detail): detail is string => detail !== null && detail !== '');

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        alignItems: 'center',
        gap: { xs: 1, sm: 2 },
        py: 1.75,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 auto' }}>
        <Link
          component={RouterLink}
          to={`/transcripts/${transcript.id}`}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {transcript.title}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {details.join(' · ')}
        </Typography>
      </Box>
      <StatusBadge status={transcript.processingStatus} />
      <Box sx={{ display: 'flex', gap: 1, ml: { xs: 'auto', sm: 0 } }}>
        <Button
          component={RouterLink}
          to={`/transcripts/${transcript.id}`}
          size="small"
          variant="outlined"
          aria-label={texts.viewLabel(transcript.title)}
        >
          {texts.view}
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={onDelete} aria-label={texts.deleteLabel(transcript.title)}>
          {texts.delete}
        </Button>
      </Box>
    </Box>
  );
}

/** The transcript list of spec section 2. */
export default function TranscriptsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const arrived = (location.state as TranscriptsNavigationState | null)?.notification;
  const { notification, notify, dismiss } = useNotification(typeof arrived === 'string' ? arrived : null);

  const [transcripts, setTranscripts] = useState<TranscriptSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(true);
  const [search, setSearch] = useState('');
  const [sortBy, setSortBy] = useState<SortField>('date');
  const [order, setOrder] = useState<SortOrder>('newest');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  // The transcript stays set while the dialog closes, so its text does not change during the animation.
  const [toDelete, setToDelete] = useState<TranscriptSummary | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const loaded = useRef(false);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  // A notification that came through navigation state is shown once: drop it from the history entry.
  useEffect(() => {
    if (typeof arrived === 'string') void navigate(location.pathname, { replace: true, state: null });
  }, [arrived, location.pathname, navigate]);

  // Each bump loads the list again (the Refresh button, after an upload, a finished processing run or a delete).
  const [reloads, setReloads] = useState(0);
  const load = useCallback(() => {
    setRefreshing(true);
    setReloads((count) => count + 1);
  }, []);

  useEffect(() => {
    let active = true;
    loadAllTranscripts().then(
      (all) => {
        if (!active) return;
        loaded.current = true;
        setTranscripts(all);
        setError(null);
        setRefreshing(false);
      },
      (failure: unknown) => {
        if (!active) return;
        setError(failureText(failure, loaded.current ? texts.refreshFailed : texts.fetchFailed));
        setRefreshing(false);
      },
    );
    return () => {
      active = false;
    };
  }, [reloads]);

  const view = useMemo(
    () => viewTranscripts(transcripts ?? [], { search, sortBy, order, page, pageSize }),
    [transcripts, search, sortBy, order, page, pageSize],
  );

  const confirmDelete = async () => {
    if (!toDelete || !dialogOpen) return;
    setDeleting(true);
    try {
      await transcriptsApi.remove(toDelete.id);
      const deletedId = toDelete.id;
      setTranscripts((current) => current?.filter((transcript) => transcript.id !== deletedId) ?? null);
      setDialogOpen(false);
      setError(null);
      notify(texts.deleted);
      load();
    } catch (failure) {
      setDialogOpen(false);
      setError(failureText(failure, texts.deleteFailed));
    } finally {
      setDeleting(false);
    }
  };

  const changePage = (next: number) => {
    setPage(next);
    listHeadingRef.current?.scrollIntoView?.({ block: 'start' });
  };

  const first = view.total === 0 ? 0 : (view.page - 1) * pageSize + 1;
  const last = Math.min(view.page * pageSize, view.total);

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
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}

        <UploadPanel onUploaded={load} onProcessed={load} />

        <Paper variant="outlined" component="section" aria-labelledby="transcript-list-heading" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
            <Typography
              id="transcript-list-heading"
              ref={listHeadingRef}
              variant="h2"
              sx={{ fontSize: '1.25rem', flexGrow: 1, scrollMarginTop: 16 }}
            >
              {texts.listHeading}
            </Typography>
            <Button variant="text" onClick={load} disabled={refreshing}>
              {texts.refresh}
            </Button>
          </Box>

          <Box
            role="search"
            aria-label={texts.search}
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr))' },
              mb: 2,
            }}
          >
            <TextField
              type="search"
              label={texts.search}
              placeholder={texts.searchPlaceholder}
              size="small"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" aria-hidden="true" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TextField
              select
              label={texts.sortBy}
              size="small"
              value={sortBy}
              onChange={(event) => {
                setSortBy(event.target.value as SortField);
                setPage(1);
              }}
            >
              <MenuItem value="date">{texts.sortDate}</MenuItem>
              <MenuItem value="title">{texts.sortTitle}</MenuItem>
            </TextField>
            <TextField
              select
              label={texts.order}
              size="small"
              value={order}
              onChange={(event) => {
                setOrder(event.target.value as SortOrder);
                setPage(1);
              }}
            >
              <MenuItem value="newest">{texts.newest}</MenuItem>
              <MenuItem value="oldest">{texts.oldest}</MenuItem>
            </TextField>
            <TextField
              select
              label={texts.itemsPerPage}
              size="small"
              value={pageSize}
              onChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(1);
              }}
            >
              {PAGE_SIZES.map((size) => (
                <MenuItem key={size} value={size}>
                  {size}
                </MenuItem>
              ))}
            </TextField>
          </Box>

          {transcripts === null ? (
            error === null && (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                <CircularProgress aria-label={texts.listHeading} />
              </Box>
            )
          ) : transcripts.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {texts.empty}
            </Typography>
          ) : view.total === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {texts.noMatches}
            </Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {texts.summary(first, last, view.total)}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-labelledby="transcript-list-heading">
                {view.items.map((transcript) => (
                  <TranscriptRow key={transcript.id} transcript={transcript} onDelete={() => {
                      setToDelete(transcript);
                      setDialogOpen(true);
                    }}
                  />
                ))}
              </Box>
              <Box sx={{ mt: 2 }}>
                <Pagination page={view.page} totalPages={view.totalPages} onChange={changePage} label={texts.pagination} />
              </Box>
            </>
          )}
        </Paper>
      </Stack>

      <ConfirmDialog
        open={dialogOpen}
        title={dialogTexts.title}
        message={dialogTexts.message(toDelete?.title ?? '')}
        confirmLabel={dialogTexts.confirm}
        busyLabel={dialogTexts.busy}
        cancelLabel={dialogTexts.cancel}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDialogOpen(false)}
      />
    </Container>
  );
}
