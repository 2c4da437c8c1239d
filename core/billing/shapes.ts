/**
 * Reading Stripe objects whatever API version the webhook endpoint uses. Stripe sends events in the endpoint's API
 * version (the account's default unless one was chosen when the endpoint was made). API version 2025-03-31.basil
 * moved several fields this product reads; both shapes are read, so an endpoint on an older version works as well:
 * - an invoice's subscription: `parent.subscription_details.subscription` (basil) or `subscription` (before);
 * - its subscription metadata: `parent.subscription_details.metadata` or `subscription_details.metadata`;
 * - an invoice line's price: `pricing.price_details.price` or `price`;
 * - a subscription's period end: `items.data[0].current_period_end` or the subscription's `current_period_end`;
 * - a charge's invoice: gone from charges in basil (asked through invoice payments), `invoice` before.
 */
import type Stripe from 'stripe';

type Id = string | { id: string } | null | undefined;
export const idOf = (value: Id) => (typeof value === 'string' ? value : (value?.id ?? null));

/** Fields of the shapes before 2025-03-31.basil, which the SDK's types no longer name. */
interface LegacyInvoice {
  subscription?: Id;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
}
interface LegacyLine {
  price?: { id: string } | null;
}
interface LegacySubscription {
  current_period_end?: number | null;
}
interface LegacyCharge {
  invoice?: Id;
}

export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf((invoice as unknown as LegacyInvoice).subscription);
}

export function invoiceSubscriptionMetadata(invoice: Stripe.Invoice): Record<string, string> | undefined {
  return invoice.parent?.subscription_details?.metadata ?? (invoice as unknown as LegacyInvoice).subscription_details?.metadata ?? undefined;
}

export function linePriceId(line: Stripe.InvoiceLineItem | undefined): string | null {
  return idOf(line?.pricing?.price_details?.price) ?? (line as unknown as LegacyLine | undefined)?.price?.id ?? null;
}

export function subscriptionPeriodEnd(subscription: Stripe.Subscription): number | null {
  return subscription.items?.data?.[0]?.current_period_end ?? (subscription as unknown as LegacySubscription).current_period_end ?? null;
}

export function chargeInvoiceId(charge: Stripe.Charge): string | null {
  return idOf((charge as unknown as LegacyCharge).invoice);
}

/** The payment intent that paid an invoice: `payments.data[0].payment.payment_intent` (basil) or `payment_intent`. */
export function invoicePaymentIntent(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.payments?.data?.[0]?.payment?.payment_intent) ?? idOf((invoice as unknown as { payment_intent?: Id }).payment_intent);
}
