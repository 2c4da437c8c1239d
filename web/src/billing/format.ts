import type { BadgeTone } from '../ui/StatusBadge.tsx';

/** An amount in the currency's main unit with 2 decimals: 19 usd → '$19.00'. */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.trim().toUpperCase() || 'USD';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${code}`;
  }
}

/** The spec's "Screens and routes": a plan's price in dollars with 2 decimals per interval: '$19.00 / month'. */
export function formatPrice(price: number, currency: string, interval: string): string {
  return `${formatMoney(price, currency)} / ${interval}`;
}

export interface ShownStatus {
  label: string;
  tone: BadgeTone;
}

const PAYMENT_STATUSES = new Map<string, ShownStatus>([
  ['successful', { label: 'Successful', tone: 'success' }],
  ['failed', { label: 'Failed', tone: 'error' }],
  ['refunded', { label: 'Refunded', tone: 'warning' }],
]);
const PENDING: ShownStatus = { label: 'Pending', tone: 'default' };

/** The spec's "States and transitions": successful, failed or refunded; anything else is shown as pending. */
export function paymentStatus(status: string): ShownStatus {
  return PAYMENT_STATUSES.get(status) ?? PENDING;
}

/** The spec's "Screens and routes" (dashboard): the plan's name, with '(Active)' when a paid plan applies. */
export function subscriptionLabel(tierName: string, isSubscribed: boolean, active: string): string {
  return isSubscribed ? `${tierName} ${active}` : tierName;
}

/** A plan's name from its id ('pro' → 'Pro'), until the plan's own name has loaded. */
export function planNameFromId(tierId: string): string {
  return tierId.charAt(0).toUpperCase() + tierId.slice(1);
}

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A calendar day for billing dates (renewal, cancellation, next reset); empty for none or an unreadable value. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : day.format(date);
}

/** Why the browser came back to /billing: from Stripe Checkout, or after an in-place plan change. */
export type BillingReturn = { kind: 'checkout-success' } | { kind: 'checkout-cancelled' } | { kind: 'plan-changed'; tierId: string } | null;

/** Reads ?checkout=success, ?checkout=cancelled and ?plan=<id> from the address /billing was opened with. */
export function billingReturn(search: string): BillingReturn {
  const params = new URLSearchParams(search);
  const checkout = params.get('checkout');
  if (checkout === 'success') return { kind: 'checkout-success' };
  if (checkout === 'cancelled') return { kind: 'checkout-cancelled' };
  const plan = params.get('plan')?.trim();
  return plan ? { kind: 'plan-changed', tierId: plan } : null;
}
