import CheckIcon from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatTokens } from '../usage/tokens.ts';
import type { Subscription, Tier, Tiers } from './api.ts';
import { formatPrice } from './format.ts';
import { planAction } from './planActions.ts';
import { billingTexts as texts } from './texts.ts';

export interface PlanCardsProps {
  tiers: Tiers;
  subscription: Subscription | undefined;
  /** The plan whose checkout is being opened, if any: every button waits meanwhile. */
  busyTierId: string | null;
  onSubscribe(tier: Tier): void;
  /** Free chosen while subscribed: asks before cancelling. */
  onChooseFree(): void;
}

function PlanCard({ tier, subscription, busyTierId, onSubscribe, onChooseFree }: Omit<PlanCardsProps, 'tiers'> & { tier: Tier }) {
  const action = planAction(tier, subscription);
  const headingId = `plan-${tier.id}-heading`;
  const busy = busyTierId === tier.id;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 1.5, borderColor: tier.current ? 'primary.main' : undefined, borderWidth: tier.current ? 2 : 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} variant="h3" sx={{ fontSize: '1.2rem', fontWeight: 700 }}>
          {tier.name}
        </Typography>
        {tier.current && <Chip size="small" color="primary" label={texts.currentPlan} />}
      </Box>
      <Typography sx={{ fontSize: '1.35rem', fontWeight: 700 }}>{formatPrice(tier.price, tier.currency, tier.interval)}</Typography>
      <Typography color="textSecondary">{tier.description}</Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        {[
          { label: texts.inputCredits, value: formatTokens(tier.tokenLimits.input, 1) },
          { label: texts.outputCredits, value: formatTokens(tier.tokenLimits.output, 1) },
        ].map((limit) => (
          <Box key={limit.label} sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}>
            <Typography component="dt" variant="body2" color="textSecondary">
              {limit.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
              {limit.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.75 }}>
        {tier.features.map((feature) => (
          <Typography component="li" key={feature} variant="body2" sx={{ display: 'flex', gap: 1 }}>
            <CheckIcon fontSize="small" color="success" aria-hidden />
            {feature}
          </Typography>
        ))}
      </Box>
      <Box sx={{ flexGrow: 1 }} />
      <Button
        variant={action.kind === 'subscribe' ? 'contained' : 'outlined'}
        disabled={action.kind === 'none' || busyTierId !== null}
        onClick={action.kind === 'subscribe' ? () => onSubscribe(tier) : action.kind === 'cancel' ? onChooseFree : undefined}
        aria-describedby={headingId}
      >
        {busy ? texts.redirecting : action.label}
      </Button>
    </Paper>
  );
}

/** The plans side by side (stacked on phones), with the reason when paid plans cannot be bought here. */
export function PlanCards({ tiers, ...card }: PlanCardsProps) {
  return (
    <Box component="section" aria-labelledby="plans-heading">
      <Typography id="plans-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {texts.plansHeading}
      </Typography>
      {!tiers.paidPlansAvailable && tiers.notice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {tiers.notice}
        </Alert>
      )}
      <Box
        component="ul"
        aria-labelledby="plans-heading"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {tiers.tiers.map((tier) => (
          <PlanCard key={tier.id} tier={tier} {...card} />
        ))}
      </Box>
    </Box>
  );
}
