import { describe, expect, it } from 'vitest';
import { billingReturn, formatDay, formatMoney, formatPrice, paymentStatus, planNameFromId, subscriptionLabel } from './format.ts';

describe('formatPrice', () => {
  it('shows the price in dollars with 2 decimals per interval', () => {
    expect(formatPrice(19, 'usd', 'month')).toBe('$19.00 / month');
    expect(formatPrice(0, 'usd', 'month')).toBe('$0.00 / month');
    expect(formatPrice(99.5, 'usd', 'year')).toBe('$99.50 / year');
    expect(formatPrice(1234, 'usd', 'month')).toBe('$1,234.00 / month');
  });
});

describe('formatMoney', () => {
  it('shows an amount with 2 decimals in its currency', () => {
    expect(formatMoney(19, 'usd')).toBe('$19.00');
    expect(formatMoney(2.5, 'USD')).toBe('$2.50');
    expect(formatMoney(5, 'eur')).toBe('€5.00');
  });

  it('still shows an amount in a currency it does not know', () => {
    expect(formatMoney(5, 'not a code')).toBe('5.00 NOT A CODE');
    expect(formatMoney(5, '')).toBe('$5.00');
  });
});

describe('paymentStatus', () => {
  it('names successful, failed and refunded payments, and everything else pending', () => {
    expect(paymentStatus('successful')).toEqual({ label: 'Successful', tone: 'success' });
    expect(paymentStatus('failed')).toEqual({ label: 'Failed', tone: 'error' });
    expect(paymentStatus('refunded')).toEqual({ label: 'Refunded', tone: 'warning' });
    for (const other of ['pending', 'open', '', 'toString', 'constructor']) expect(paymentStatus(other)).toEqual({ label: 'Pending', tone: 'default' });
  });
});

describe('subscriptionLabel', () => {
  it('adds (Active) while a paid plan applies', () => {
    expect(subscriptionLabel('Pro', true, '(Active)')).toBe('Pro (Active)');
    expect(subscriptionLabel('Free', false, '(Active)')).toBe('Free');
  });

  it('names a plan from its id until its own name has loaded', () => {
    expect(planNameFromId('pro')).toBe('Pro');
    expect(planNameFromId('enterprise')).toBe('Enterprise');
  });
});

describe('formatDay', () => {
  it('shows a date-time as a calendar day, and nothing for none or an unreadable value', () => {
    expect(formatDay('2026-03-31T12:00:00.000Z')).toMatch(/2026/);
    expect(formatDay(null)).toBe('');
    expect(formatDay('soon')).toBe('');
  });
});

describe('billingReturn', () => {
  it('reads how the browser came back from Stripe Checkout or a plan change', () => {
    expect(billingReturn('?checkout=success&session_id=cs_test_1')).toEqual({ kind: 'checkout-success' });
    expect(billingReturn('?checkout=cancelled')).toEqual({ kind: 'checkout-cancelled' });
    expect(billingReturn('?plan=enterprise')).toEqual({ kind: 'plan-changed', tierId: 'enterprise' });
  });

  it('is null for a plain visit or unknown values', () => {
    expect(billingReturn('')).toBeNull();
    expect(billingReturn('?checkout=maybe')).toBeNull();
    expect(billingReturn('?plan=')).toBeNull();
  });
});
