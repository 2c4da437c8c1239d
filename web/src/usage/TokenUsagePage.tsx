import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { failureText } from '../api/client.ts';
import { PageHeading } from '../ui/PageHeading.tsx';
import { CHART_PAGE_SIZE, TABLE_PAGE_SIZE } from './history.ts';
import { ResetUsage } from './ResetUsage.tsx';
import { usageTexts as texts } from './texts.ts';
import { TokenUsagePanel } from './TokenUsagePanel.tsx';
import { UsageChart } from './UsageChart.tsx';
import { UsageHistoryTable } from './UsageHistoryTable.tsx';
import { useTokenStats, useUsageHistory } from './usageApi.ts';

/**
 * Token Usage (the spec's "Screens and routes"): the credit summary with the reset button, the chart over time, the
 * history.
 */
export default function TokenUsagePage() {
  const stats = useTokenStats();
  const chartHistory = useUsageHistory(CHART_PAGE_SIZE);
  const tableHistory = useUsageHistory(TABLE_PAGE_SIZE);

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeading title={texts.pageTitle} heading={texts.heading} intro={texts.intro} />
      <Stack spacing={3}>
        <TokenUsagePanel
          id="token-credits-heading"
          heading={texts.summaryHeading}
          stats={stats.data}
          failure={stats.isError && stats.data === undefined ? failureText(stats.error, texts.statsFailed) : null}
          upgradeLink
        >
          {stats.data && <ResetUsage stats={stats.data} />}
        </TokenUsagePanel>
        <UsageChart history={chartHistory} />
        <UsageHistoryTable history={tableHistory} />
      </Stack>
    </Container>
  );
}
