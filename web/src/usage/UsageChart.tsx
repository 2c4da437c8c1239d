import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import { Panel } from '../ui/Panel.tsx';
import { bucketUsage, hasEnoughForChart } from './buckets.ts';
import { LoadMoreButton } from './HistoryTable.tsx';
import { usageTexts as texts } from './texts.ts';
import type { UsageHistory } from './usageApi.ts';

const UsageLineChart = lazy(() => import('./UsageLineChart.tsx'));

const HEADING_ID = 'usage-chart-heading';

function Note({ children, error = false }: { children: string; error?: boolean }) {
  return (
    <Typography color={error ? 'error' : 'textSecondary'} role={error ? 'alert' : undefined} sx={{ py: 2 }}>
      {children}
    </Typography>
  );
}

/**
 * 'Usage Over Time': input and output tokens of the history loaded so far, summed in 30-minute buckets; 'Load
 * More for Chart' adds older entries while the server has more.
 */
export function UsageChart({ history }: { history: UsageHistory }) {
  const { entries, failed, hasMore, loadingMore, loadMore, loadMoreFailed } = history;
  const buckets = useMemo(() => bucketUsage(entries ?? []), [entries]);

  let content;
  if (failed) content = <Note error>{texts.chartFailed}</Note>;
  else if (entries === undefined) content = <Note>{texts.chartLoading}</Note>;
  // No usage at all is said where it is true, under the chart, not beside the credit meters' '0 of 2.00M'.
  else if (entries.length === 0) content = <Note>{texts.noUsage}</Note>;
  else if (!hasEnoughForChart(buckets)) content = <Note>{texts.chartTooFew}</Note>;
  else {
    content = (
      <Suspense fallback={<Note>{texts.chartLoading}</Note>}>
        <UsageLineChart buckets={buckets} labelledBy={HEADING_ID} />
      </Suspense>
    );
  }

  return (
    <Panel id={HEADING_ID} heading={texts.chartHeading} headingGap={1}>
      {content}
      {loadMoreFailed && <Note error>{texts.chartFailed}</Note>}
      {hasMore && <LoadMoreButton label={texts.loadMoreForChart} busyLabel={texts.loading} busy={loadingMore} onClick={loadMore} />}
    </Panel>
  );
}
