import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { formatDay } from '../billing/format.ts';
import { usageTexts as texts } from './texts.ts';
import { usageApi, type TokenStats } from './usageApi.ts';

type Outcome = { severity: 'success' | 'error'; text: string } | null;

/**
 * The manual reset (the spec's "States and transitions"): enabled once every cooldown (30 days), otherwise the days
 * remaining and the
 * next date. The server's answer is shown in words, its refusal too.
 */
export function ResetUsage({ stats }: { stats: TokenStats }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { available, cooldownDays, daysRemaining, nextAvailableAt } = stats.manualReset;

  const reset = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await usageApi.reset();
      queryClient.setQueryData(queryKeys.tokenUsage.stats, answer.stats);
      setOutcome({ severity: 'success', text: answer.message });
    } catch (error) {
      setOutcome({ severity: 'error', text: failureText(error, texts.resetFailed) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tokenUsage.stats });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void reset()} disabled={!available || busy}>
          {busy ? texts.resetting : texts.reset}
        </Button>
        <Typography variant="body2" color="textSecondary">
          {available ? texts.resetHint(cooldownDays) : texts.resetCooldown(daysRemaining, formatDay(nextAvailableAt))}
        </Typography>
      </Box>
      <Box aria-live="polite" sx={{ mt: outcome ? 2 : 0 }}>
        {outcome && (
          <Alert severity={outcome.severity} onClose={() => setOutcome(null)} slotProps={{ closeButton: { 'aria-label': texts.dismiss } }}>
            {outcome.text}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
