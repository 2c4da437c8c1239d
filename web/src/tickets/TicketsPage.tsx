import AddIcon from '@mui/icons-material/Add';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../auth/AuthContext.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { CreateTicketForm } from './CreateTicketForm.tsx';
import {
  hasActiveFilters,
  listQuery,
  NO_FILTERS,
  pageAfterDeletion,
  projectOptions,
  pushProblem,
  type PriorityFilter,
  type PushedFilter,
  type StatusFilter,
  type TicketFilters,
} from './listState.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS, SUCCESS_BANNER_MS, ticketTexts } from './texts.ts';
import { failureText } from './ticketForm.ts';
import { deleteTicket, fetchTickets, PRIORITIES, STATUSES, type Ticket, type TicketPage } from './ticketsApi.ts';
import { TicketTable } from './TicketTable.tsx';

const texts = ticketTexts.list;
const CREATE_FORM_ID = 'create-ticket-form';

interface Notice {
  severity: AlertColor;
  text: string;
}

/** One answer of GET /api/tickets/filtered, tagged with the request it answers. */
interface LoadResult {
  key: string;
  page: TicketPage | null;
  error: string | null;
}

function FilterSelect<T extends string>({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
}) {
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      // The project filter's 'All' is the empty value; show it rather than an empty box.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const statusOptions: readonly { value: StatusFilter; label: string }[] = [
  { value: 'All', label: texts.all },
  ...STATUSES.map((status) => ({ value: status, label: ticketTexts.status[status] })),
];
const priorityOptions: readonly { value: PriorityFilter; label: string }[] = [
  { value: 'All', label: texts.all },
  ...PRIORITIES.map((priority) => ({ value: priority, label: ticketTexts.priority[priority] })),
];
const pushedOptions: readonly { value: PushedFilter; label: string }[] = [
  { value: 'All', label: texts.all },
  { value: 'Pushed', label: texts.pushed },
  { value: 'NotPushed', label: texts.notPushed },
];

export default function TicketsPage() {
  const { user } = useAuth();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });

  const [showCreate, setShowCreate] = useState(false);
  const [searchInput, setSearchInput] = useState('');
  const [filters, setFilters] = useState<TicketFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [reloads, setReloads] = useState(0);
  const [result, setResult] = useState<LoadResult | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<Notice | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // Kept after the dialog closes, so its text does not change while it fades out.
  const [pendingDelete, setPendingDelete] = useState<{ tickets: Ticket[]; bulk: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const searchTimer = useRef<number | undefined>(undefined);

  const requestKey = `${listQuery(filters, page, pageSize)}#${reloads}`;
  useEffect(() => {
    let active = true;
    fetchTickets(filters, page, pageSize).then(
      (answer) => {
        if (active) setResult({ key: requestKey, page: answer, error: null });
      },
      (error: unknown) => {
        if (active) setResult({ key: requestKey, page: null, error: failureText(error, texts.fetchFailed) });
      },
    );
    return () => {
      active = false;
    };
  }, [filters, page, pageSize, requestKey]);

  useEffect(() => () => window.clearTimeout(searchTimer.current), []);

  useEffect(() => {
    if (success === null) return;
    const timer = window.setTimeout(() => setSuccess(null), SUCCESS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  if (!user) return null;

  const loading = result?.key !== requestKey;
  const rows = result?.page?.data ?? [];
  const totalPages = result?.page?.pagination.totalPages ?? 0;
  const total = result?.page?.pagination.total ?? 0;
  const selectedTickets = rows.filter((ticket) => selected.has(ticket.id));

  // Spec section 4: any filter, the page size and the search take the list back to page 1.
  const changeFilter = (patch: Partial<TicketFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
    setSelected(new Set());
  };
  const changeSearch = (value: string) => {
    setSearchInput(value);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(() => changeFilter({ search: value }), SEARCH_DEBOUNCE_MS);
  };
  const changePageSize = (size: number) => {
    setPageSize(size);
    setPage(1);
    setSelected(new Set());
  };
  const changePage = (next: number) => {
    setPage(next);
    setSelected(new Set());
  };

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (select: boolean) => setSelected(select ? new Set(rows.map((ticket) => ticket.id)) : new Set());

  const askDelete = (tickets: Ticket[], bulk: boolean) => {
    setPendingDelete({ tickets, bulk });
    setConfirming(true);
  };
  const askBulkDelete = () => {
    if (selectedTickets.length === 0) {
      setNotice({ severity: 'warning', text: texts.selectToDelete });
      return;
    }
    setNotice(null);
    askDelete(selectedTickets, true);
  };

  const push = () => {
    const problem = pushProblem(selectedTickets);
    setNotice(problem === null ? { severity: 'info', text: texts.noConnection } : { severity: 'warning', text: problem });
  };

  // Spec section 7: a bulk delete sends one DELETE per ticket, all at once.
  const confirmDelete = async () => {
    if (pendingDelete === null || !confirming) return;
    const { tickets, bulk } = pendingDelete;
    setDeleting(true);
    const outcomes = await Promise.allSettled(tickets.map((ticket) => deleteTicket(ticket.id)));
    const deleted = tickets.filter((_ticket, index) => outcomes[index]?.status === 'fulfilled').map((ticket) => ticket.id);
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    setDeleting(false);
    setConfirming(false);
    if (failure !== undefined) {
      setNotice({
        severity: 'error',
        text: bulk ? texts.bulkDeleteFailed : failureText(failure.reason, texts.deleteFailed),
      });
    } else {
      setNotice(null);
    }
    setSelected((current) => new Set([...current].filter((id) => !deleted.includes(id))));
    const nextPage = pageAfterDeletion(page, rows.length, deleted.length);
    if (nextPage !== page) setPage(nextPage);
    else setReloads((count) => count + 1);
  };

  const onCreated = () => {
    setShowCreate(false);
    setSuccess(texts.created);
    setPage(1);
    setSelected(new Set());
    setReloads((count) => count + 1);
  };

  const projects = projectOptions(rows, filters.project);
  const projectFilterOptions = [
    { value: '', label: texts.all },
    ...projects.map((project) => ({ value: project, label: project })),
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <title>{texts.pageTitle}</title>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <Box>
          <Typography variant="h1">{texts.heading}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {texts.intro}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          aria-expanded={showCreate}
          aria-controls={showCreate ? CREATE_FORM_ID : undefined}
          onClick={() => setShowCreate((open) => !open)}
          sx={{ flexShrink: 0 }}
        >
          {texts.createToggle}
        </Button>
      </Box>

      <Stack spacing={2.5}>
        {success !== null && (
          <Alert severity="success" onClose={() => setSuccess(null)}>
            {success}
          </Alert>
        )}
        {showCreate && (
          <CreateTicketForm
            id={CREATE_FORM_ID}
            userId={user.id}
            onCreated={onCreated}
            onCancel={() => setShowCreate(false)}
          />
        )}

        <Paper variant="outlined" role="search" aria-label={texts.filtersLabel} sx={{ p: { xs: 2, sm: 2.5 } }}>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr 1fr' },
            }}
          >
            <TextField
              type="search"
              size="small"
              fullWidth
              label={texts.search}
              name="search"
              placeholder={texts.searchPlaceholder}
              value={searchInput}
              onChange={(event) => changeSearch(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              sx={{ gridColumn: { xs: 'auto', sm: '1 / -1', md: 'auto' } }}
            />
            <FilterSelect
              label={ticketTexts.fields.status}
              name="statusFilter"
              value={filters.status}
              options={statusOptions}
              onChange={(status) => changeFilter({ status })}
            />
            <FilterSelect
              label={ticketTexts.fields.priority}
              name="priorityFilter"
              value={filters.priority}
              options={priorityOptions}
              onChange={(priority) => changeFilter({ priority })}
            />
            <FilterSelect
              label={ticketTexts.fields.project}
              name="projectFilter"
              value={filters.project}
              options={projectFilterOptions}
              onChange={(project) => changeFilter({ project })}
            />
            <FilterSelect
              label={texts.pushedFilter}
              name="pushedFilter"
              value={filters.pushed}
              options={pushedOptions}
              onChange={(pushed) => changeFilter({ pushed })}
            />
          </Box>
        </Paper>

        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <Button variant="outlined" color="error" onClick={askBulkDelete} disabled={deleting}>
              {texts.bulkDelete}
            </Button>
            <Button variant="outlined" onClick={push}>
              {texts.push}
            </Button>
            <Typography variant="body2" color="text.secondary" role="status">
              {selectedTickets.length > 0 ? texts.selectedCount(selectedTickets.length) : ''}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            {result?.page && (
              <Typography variant="body2" color="text.secondary">
                {texts.resultCount(total)}
              </Typography>
            )}
            <TextField
              select
              size="small"
              label={texts.pageSize}
              name="pageSize"
              value={pageSize}
              onChange={(event) => changePageSize(Number(event.target.value))}
              sx={{ minWidth: 150 }}
            >
              {PAGE_SIZES.map((size) => (
                <MenuItem key={size} value={size}>
                  {size}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        </Box>

        {notice !== null && (
          <Alert severity={notice.severity} onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        {!loading && result?.error && <Alert severity="error">{result.error}</Alert>}

        {result === null ? (
          <PageLoader />
        ) : (
          <Box aria-busy={loading} sx={{ position: 'relative' }}>
            {loading && (
              <LinearProgress aria-label={texts.loading} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
            )}
            {result.page !== null && rows.length === 0 ? (
              <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
                <Typography color="text.secondary">
                  {hasActiveFilters(filters) ? texts.noMatches : texts.noTickets}
                </Typography>
              </Paper>
            ) : (
              rows.length > 0 && (
                <TicketTable
                  tickets={rows}
                  selected={selected}
                  onToggle={toggle}
                  onToggleAll={toggleAll}
                  onDelete={(ticket) => askDelete([ticket], false)}
                  compact={compact}
                  busy={deleting}
                />
              )
            )}
          </Box>
        )}

        <Pagination page={page} totalPages={totalPages} onChange={changePage} disabled={loading} />
      </Stack>

      <ConfirmDialog
        open={confirming}
        title={pendingDelete?.bulk ? texts.deleteManyTitle : texts.deleteOneTitle}
        message={
          pendingDelete?.bulk
            ? texts.deleteManyMessage(pendingDelete.tickets.length)
            : texts.deleteOneMessage(pendingDelete?.tickets[0]?.title ?? '')
        }
        confirmLabel={texts.confirmDelete}
        cancelLabel={texts.cancel}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </Container>
  );
}
