import { describe, expect, it } from 'vitest';
import type { Subscription, Tier } from './api.ts';
import { planAction } from './planActions.ts';

function tier(id: string, name: string, fields: Partial<Tier> = {}): Tier {
  return {
    id, name, price: 0, currency: 'usd', interval: 'month', description: '', features: [], tokenLimits: { input: 1, output: 1 },
    transcriptLimit: 5, available: true, current: false, ...fields,
  };
}

function subscription(fields: Partial<Subscription> = {}): Subscription {
  return {
    tierId: 'pro', tierName: 'Pro', isSubscribed: true, status: 'active', managedBy: 'stripe', subscribedAt: '2026-01-05T10:00:00.000Z',
    currentPeriodEnd: '2026-02-05T10:00:00.000Z', cancelAtPeriodEnd: false, canManageBilling: true, paidPlansAvailable: true, ...fields,
  };
}

describe('planAction', () => {
  it('offers nothing on the current plan', () => {
    expect(planAction(tier('free', 'Free', { current: true }), undefined)).toEqual({ kind: 'none', label: 'Current Plan' });
    expect(planAction(tier('pro', 'Pro', { current: true }), subscription())).toEqual({ kind: 'none', label: 'Current Plan' });
  });

  it('offers nothing on a plan this installation cannot sell', () => {
    expect(planAction(tier('pro', 'Pro', { available: false }), undefined)).toEqual({ kind: 'none', label: 'Not available' });
  });

  it('subscribes to another paid plan', () => {
    expect(planAction(tier('pro', 'Pro'), undefined)).toEqual({ kind: 'subscribe', label: 'Choose Pro' });
    expect(planAction(tier('enterprise', 'Enterprise'), subscription())).toEqual({ kind: 'subscribe', label: 'Choose Enterprise' });
  });

  it('cancels when Free is chosen while subscribed', () => {
    expect(planAction(tier('free', 'Free'), subscription())).toEqual({ kind: 'cancel', label: 'Choose Free' });
  });

  it('says when Free starts once a cancellation is under way', () => {
    const action = planAction(tier('free', 'Free'), subscription({ cancelAtPeriodEnd: true }));
    expect(action.kind).toBe('none');
    expect(action.label).toMatch(/^Starts on .*2026/);
    expect(planAction(tier('free', 'Free'), subscription({ cancelAtPeriodEnd: true, currentPeriodEnd: null }))).toEqual({
      kind: 'none', label: 'Starts when your subscription ends',
    });
  });
});
