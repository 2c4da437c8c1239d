import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../api/client.ts';
import { refreshTickets } from '../api/queryKeys.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { PushWizard } from '../push/PushWizard.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { PageHeadingWithToggle } from '../ui/PageHeadingWithToggle.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { SUCCESS_BANNER_MS, useTimedMessage } from '../ui/useTimedMessage.ts';
import { CreateTicketForm } from './CreateTicketForm.tsx';
import { hasActiveFilters, pushProblem } from './listState.ts';
import { ticketTexts } from './texts.ts';
import { TicketFilterBar } from './TicketFilterBar.tsx';
import { TicketListToolbar } from './TicketListToolbar.tsx';
import { TicketTable } from './TicketTable.tsx';
import { useTicketDeletion } from './useTicketDeletion.ts';
import { useTicketList } from './useTicketList.ts';

const texts = ticketTexts.list;
const CREATE_FORM_ID = 'create-ticket-form';

interface Notice {
  severity: AlertColor;
  text: string;
  /** What the notice is about (the selection and the list it was made in): once that changes, it no longer shows. */
  cause?: string;
}

/**
 * The ticket list (/tickets): create, search, filter, select, push and delete (the spec's "Screens and routes" and
 * "States and transitions").
 */
export default function TicketsPage() {
  const { user } = useAuth();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const queryClient = useQueryClient();
  const list = useTicketList();
  const [showCreate, setShowCreate] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** The tickets the push wizard was opened for; null while it is closed. */
  const [pushing, setPushing] = useState<string[] | null>(null);
  const created = useTimedMessage(SUCCESS_BANNER_MS);
  const deletion = useTicketDeletion(list, (failure) => setNotice(failure === null ? null : { severity: 'error', text: failure }));

  if (!user) return null;
  const { result, rows } = list;
  const loading = result.isFetching;
  const selection = JSON.stringify([list.selectedTickets.map((ticket) => ticket.id), list.params]);
  const shown = notice !== null && (notice.cause === undefined || notice.cause === selection) ? notice : null;

  const askBulkDelete = () => {
    if (list.selectedTickets.length === 0) {
      setNotice({ severity: 'warning', text: texts.selectToDelete, cause: selection });
      return;
    }
    setNotice(null);
    deletion.ask({ tickets: list.selectedTickets, bulk: true });
  };
  const push = () => {
    const problem = pushProblem(list.selectedTickets);
    setNotice(problem === null ? null : { severity: 'warning', text: problem, cause: selection });
    if (problem === null) setPushing(list.selectedTickets.map((ticket) => ticket.id));
  };
  const pushClosed = (pushed: string[]) => {
    setPushing(null);
    list.unselect(pushed);
  };
  const onCreated = () => {
    setShowCreate(false);
    created.show(texts.created);
    list.setPage(1);
    list.clearSelection();
    void refreshTickets(queryClient);
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeadingWithToggle
        title={texts.pageTitle}
        heading={texts.heading}
        intro={texts.intro}
        toggleLabel={texts.createToggle}
        expanded={showCreate}
        controls={showCreate ? CREATE_FORM_ID : undefined}
        onToggle={() => setShowCreate((open) => !open)}
      />

      <Stack spacing={2.5}>
        {created.message !== null && (
          <Alert severity="success" onClose={created.clear}>
            {created.message}
          </Alert>
        )}
        {showCreate && (
          <CreateTicketForm id={CREATE_FORM_ID} userId={user.id} onCreated={onCreated} onCancel={() => setShowCreate(false)} />
        )}
        <TicketFilterBar list={list} />
        <TicketListToolbar list={list} onDeleteSelected={askBulkDelete} onPush={push} deleting={deletion.busy} />

        {shown !== null && (
          <Alert severity={shown.severity} onClose={() => setNotice(null)}>
            {shown.text}
          </Alert>
        )}
        {!loading && result.isError && <Alert severity="error">{failureText(result.error, texts.fetchFailed)}</Alert>}

        {result.isPending ? (
          <PageLoader />
        ) : (
          <Box aria-busy={loading} sx={{ position: 'relative' }}>
            {loading && <LinearProgress aria-label={texts.loading} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
            {list.answer !== null && rows.length === 0 ? (
              <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
                <Typography color="textSecondary">
                  {hasActiveFilters(list.params.filters) ? texts.noMatches : texts.noTickets}
                </Typography>
              </Paper>
            ) : (
              rows.length > 0 && (
                <TicketTable
                  tickets={rows}
                  selected={list.selected}
                  onToggle={list.toggle}
                  onToggleAll={list.toggleAll}
                  onDelete={(ticket) => deletion.ask({ tickets: [ticket], bulk: false })}
                  compact={compact}
                  busy={deletion.busy}
                />
              )
            )}
          </Box>
        )}

        <Pagination
          page={list.params.page}
          totalPages={list.answer?.pagination.totalPages ?? 0}
          onChange={list.setPage}
          disabled={loading}
        />
      </Stack>

      {pushing !== null && <PushWizard ticketIds={pushing} onClose={pushClosed} />}
      <ConfirmDialog
        {...deletion.dialog}
        title={deletion.title}
        message={deletion.message}
        confirmLabel={texts.confirmDelete}
        cancelLabel={texts.cancel}
      />
    </Container>
  );
}
