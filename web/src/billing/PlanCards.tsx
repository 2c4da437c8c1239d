import CheckIcon from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatTokens } from '../usage/tokens.ts';
import type { BillingActions } from '../workspaces/permissions.ts';
import type { Subscription, Tier, Tiers } from './api.ts';
import { formatPrice } from './format.ts';
import { planAction, type PlanAction } from './planActions.ts';
import { billingTexts as texts } from './texts.ts';

export interface PlanCardsProps {
  tiers: Tiers;
  subscription: Subscription | undefined;
  /** The plan whose checkout is being opened, if any: every button waits meanwhile. */
  busyTierId: string | null;
  onSubscribe(tier: Tier): void;
  /** Free chosen while subscribed: asks before cancelling. */
  onChooseFree(): void;
  /** What the viewer may do with the workspace's plan (the owner: everything; anyone else: nothing). */
  may: BillingActions;
  /** The viewer's role is still being read: the buttons wait, disabled. */
  waiting: boolean;
  /** The viewer is not the owner: no buttons, and a line says whose the plan is. */
  notOwner: boolean;
}

/** Whether the viewer may do what a card's button does; a button that only names the card's state always. */
function allowed(action: PlanAction, subscription: Subscription | undefined, may: BillingActions): boolean {
  if (action.kind === 'subscribe') return subscription?.isSubscribed ? may.changePlan : may.subscribe;
  if (action.kind === 'cancel') return may.cancel;
  return true;
}

function PlanCard({ tier, subscription, busyTierId, onSubscribe, onChooseFree, may, waiting, notOwner }: Omit<PlanCardsProps, 'tiers'> & { tier: Tier }) {
  const action = planAction(tier, subscription);
  const headingId = `plan-${tier.id}-heading`;
  const busy = busyTierId === tier.id;
  const offered = waiting || (!notOwner && allowed(action, subscription, may));
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
      {offered && (
        <>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant={action.kind === 'subscribe' ? 'contained' : 'outlined'}
            disabled={action.kind === 'none' || busyTierId !== null || waiting}
            onClick={action.kind === 'subscribe' ? () => onSubscribe(tier) : action.kind === 'cancel' ? onChooseFree : undefined}
            aria-describedby={headingId}
          >
            {busy ? texts.redirecting : action.label}
          </Button>
        </>
      )}
    </Paper>
  );
}

/**
 * The plans side by side (stacked on phones), with the reason when paid plans cannot be bought here. An admin or a
 * member of a team workspace sees the plans without their buttons, and a line under the heading says only the owner
 * can change the plan.
 */
export function PlanCards({ tiers, ...card }: PlanCardsProps) {
  return (
    <Box component="section" aria-labelledby="plans-heading">
      <Typography id="plans-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: card.notOwner ? 1 : 2 }}>
        {texts.plansHeading}
      </Typography>
      {card.notOwner && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {texts.ownerOnly}
        </Typography>
      )}
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
