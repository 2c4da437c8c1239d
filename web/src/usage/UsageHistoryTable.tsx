import CircularProgress from '@mui/material/CircularProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../ui/dates.ts';
import { Panel } from '../ui/Panel.tsx';
import { operationLabel } from './history.ts';
import { HistoryTable, LoadMoreButton } from './HistoryTable.tsx';
import { usageTexts as texts } from './texts.ts';
import type { UsageHistory } from './usageApi.ts';

const HEADING_ID = 'usage-history-heading';
const COLUMNS = [
  { label: texts.date },
  { label: texts.operation },
  { label: texts.provider },
  { label: texts.inputTokens, align: 'right' },
  { label: texts.outputTokens, align: 'right' },
] as const;
const count = new Intl.NumberFormat();

function Failed() {
  return (
    <Typography color="error" role="alert" sx={{ mt: 2 }}>
      {texts.historyFailed}
    </Typography>
  );
}

/** 'Usage History': one row per AI call, newest first, 20 at a time; Load More appends the next 20. */
export function UsageHistoryTable({ history }: { history: UsageHistory }) {
  const { entries, failed, hasMore, loadingMore, loadMore, loadMoreFailed } = history;

  let content;
  if (failed) content = <Failed />;
  else if (entries === undefined) content = <CircularProgress aria-label={texts.loading} />;
  else if (entries.length === 0) content = <Typography color="textSecondary">{texts.noHistory}</Typography>;
  else {
    content = (
      <HistoryTable labelledBy={HEADING_ID} columns={COLUMNS}>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</TableCell>
            <TableCell>{operationLabel(entry.operationType)}</TableCell>
            <TableCell>{entry.aiProvider}</TableCell>
            <TableCell align="right">{count.format(entry.inputTokens)}</TableCell>
            <TableCell align="right">{count.format(entry.outputTokens)}</TableCell>
          </TableRow>
        ))}
      </HistoryTable>
    );
  }

  return (
    <Panel id={HEADING_ID} heading={texts.historyHeading} headingGap={1.5}>
      {content}
      {loadMoreFailed && <Failed />}
      {hasMore && <LoadMoreButton label={texts.loadMore} busyLabel={texts.loading} busy={loadingMore} onClick={loadMore} />}
    </Panel>
  );
}
