import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { failureText } from '../api/client.ts';
import { useBillingActions } from '../billing/useBillingActions.ts';
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
 * history. The reset and the upgrade link are the workspace's owner's: an admin or a member of a team workspace reads
 * the same numbers, with a line in place of the reset saying whose it is.
 */
export default function TokenUsagePage() {
  const { may, notOwner } = useBillingActions();
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
          upgradeLink={may.subscribe || may.changePlan}
          notOwner={notOwner}
        >
          {stats.data && may.resetUsage && <ResetUsage stats={stats.data} />}
          {stats.data && notOwner && (
            <Typography variant="body2" color="textSecondary">
              {texts.resetOwnerOnly}
            </Typography>
          )}
        </TokenUsagePanel>
        <UsageChart history={chartHistory} />
        <UsageHistoryTable history={tableHistory} />
      </Stack>
    </Container>
  );
}
