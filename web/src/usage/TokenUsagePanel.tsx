import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../billing/format.ts';
import { Panel } from '../ui/Panel.tsx';
import { usageTexts as texts } from './texts.ts';
import { formatTokens, usedPercent } from './tokens.ts';
import type { TokenStats } from './usageApi.ts';

export interface TokenUsagePanelProps {
  /** The heading's id, which names the section. */
  id: string;
  heading: string;
  stats: TokenStats | undefined;
  /** The text shown in place of the numbers when the stats could not be loaded, or null. */
  failure: string | null;
  /** Offer the 'Upgrade Subscription' link when the credits are used up (not on the billing page itself). */
  upgradeLink?: boolean;
  /** The viewer is not the workspace's owner: used-up credits are said to wait for the owner's upgrade. */
  notOwner?: boolean;
  /** Shown under the numbers, e.g. the reset button. */
  children?: ReactNode;
}

function Meter({ label, used, limit }: { label: string; used: number; limit: number }) {
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography component="span" color="textSecondary">
          {texts.usedOf(formatTokens(used, 2), formatTokens(limit, 2))}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={usedPercent(used, limit)}
        color={used >= limit ? 'error' : 'primary'}
        aria-label={texts.percentUsed(label)}
        sx={{ mt: 0.75, height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** The credit summary: this period's input and output tokens against the plan's limits, and the next reset. */
export function TokenUsagePanel({ id, heading, stats, failure, upgradeLink = false, notOwner = false, children }: TokenUsagePanelProps) {
  let content;
  if (failure !== null) content = <Alert severity="error">{failure}</Alert>;
  else if (stats === undefined) content = <CircularProgress aria-label={texts.loading} />;
  else {
    const resetDay = formatDay(stats.resetDate);
    content = (
      <Stack spacing={2}>
        {stats.blocked && (
          <Alert
            severity="warning"
            action={
              upgradeLink && (
                <Button component={RouterLink} to="/billing" color="inherit" size="small" variant="outlined" sx={{ whiteSpace: 'nowrap' }}>
                  {texts.upgrade}
                </Button>
              )
            }
            sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
          >
            {notOwner ? texts.blockedNotOwner(resetDay) : texts.blocked(resetDay)}
          </Alert>
        )}
        {!stats.blocked && stats.lastReset?.unblocked && <Alert severity="success">{texts.unblocked(formatDay(stats.lastReset.at))}</Alert>}
        <Meter label={texts.inputTokens} used={stats.used.input} limit={stats.limit.input} />
        <Meter label={texts.outputTokens} used={stats.used.output} limit={stats.limit.output} />
        <Typography color="textSecondary">{texts.resetsOn(resetDay)}</Typography>
        {children}
      </Stack>
    );
  }
  return (
    <Panel id={id} heading={heading} headingGap={2}>
      {content}
    </Panel>
  );
}
