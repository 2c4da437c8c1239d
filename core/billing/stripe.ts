import type Stripe from 'stripe';
import type { Config } from '../config.ts';
import { ENDED_SUBSCRIPTION_STATUSES } from './billing-account.entity.ts';

export type PaidTierId = 'pro' | 'enterprise';
export const PAID_TIERS: readonly PaidTierId[] = ['pro', 'enterprise'];

/** How this installation takes payments: a Stripe client and its settings, or the reason it takes none. */
export interface BillingSetup {
  /**
   * The Stripe client, made on first use: the SDK (two hundred modules) loads with the first billing request, not
   * with every process's start.
   */
  stripe: (() => Promise<Stripe>) | null;
  webhookSecret: string | null;
  /** Stripe price id of each paid plan that can be bought here. */
  prices: Partial<Record<PaidTierId, string>>;
  /** Why paid plans cannot be bought here, for the operator's log; null when they can. */
  unavailableReason: string | null;
}

export const NO_BILLING: BillingSetup = { stripe: null, webhookSecret: null, prices: {}, unavailableReason: 'STRIPE_SECRET_KEY is not set' };

/** The SDK's class once a client was made (isStripeError needs it; no Stripe error exists before). */
let loadedSdk: typeof Stripe | undefined;

/** The Stripe SDK pointed at STRIPE_API_BASE when it is set (stripe-mock, a local Stripe), else at Stripe. */
async function createStripeClient(secretKey: string, apiBase?: string): Promise<Stripe> {
  const base = apiBase ? new URL(apiBase) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  const { default: StripeSdk } = await import('stripe');
  loadedSdk = StripeSdk;
  return new StripeSdk(secretKey, {
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Tickscribe' },
  });
}

/**
 * Reads the Stripe settings. Paid plans are offered only with a secret key, a webhook signing secret (without it
 * no payment could ever be confirmed) and the price id of at least one paid plan.
 */
export function billingSetup(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE' | 'STRIPE_PRICE_PRO' | 'STRIPE_PRICE_ENTERPRISE'>): BillingSetup {
  if (!config.STRIPE_SECRET_KEY) return NO_BILLING;
  const prices: Partial<Record<PaidTierId, string>> = {};
  if (config.STRIPE_PRICE_PRO) prices.pro = config.STRIPE_PRICE_PRO;
  if (config.STRIPE_PRICE_ENTERPRISE) prices.enterprise = config.STRIPE_PRICE_ENTERPRISE;
  const missing = [
    ...(config.STRIPE_WEBHOOK_SECRET ? [] : ['STRIPE_WEBHOOK_SECRET']),
    ...(Object.keys(prices).length ? [] : ['STRIPE_PRICE_PRO or STRIPE_PRICE_ENTERPRISE']),
  ];
  const secretKey = config.STRIPE_SECRET_KEY;
  let client: Promise<Stripe> | undefined;
  return {
    stripe: () => (client ??= createStripeClient(secretKey, config.STRIPE_API_BASE)),
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
    prices,
    unavailableReason: missing.length ? `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set` : null,
  };
}

/** Whether a plan can be bought here: the free plan always "can"; a paid one needs Stripe and its price id. */
export function canBuy(setup: BillingSetup, tierId: string): boolean {
  if (tierId === 'free') return true;
  return setup.unavailableReason === null && Boolean(setup.prices[tierId as PaidTierId]);
}

/** The plan a Stripe price stands for, from the configured price ids. */
export function tierOfPrice(setup: BillingSetup, priceId: string | null | undefined): PaidTierId | null {
  if (!priceId) return null;
  return PAID_TIERS.find((tier) => setup.prices[tier] === priceId) ?? null;
}

/** Subscription statuses under which the paid plan's limits apply (past_due: Stripe is still retrying the payment). */
export const PAID_STATUSES = new Set(['active', 'trialing', 'past_due']);
/** Statuses a Stripe subscription never leaves. */
export const ENDED_STATUSES: ReadonlySet<string> = new Set(ENDED_SUBSCRIPTION_STATUSES);

/** An error from the Stripe SDK: Stripe refused the request or could not be reached. */
export function isStripeError(error: unknown): error is Error {
  return loadedSdk !== undefined && error instanceof loadedSdk.errors.StripeError;
}
