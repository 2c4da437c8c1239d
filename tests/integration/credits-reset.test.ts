// Monthly credit resets: the dates (the subscription date's day, or the month's last day where that day is
// missing), one reset per date, and the manual reset with its 30-day cooldown.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { monthlyReset } from '../../core/billing/renewals.ts';
import { manualReset, nextMonthlyReset, planMonthlyReset } from '../../core/credits/resets.ts';
import { connectAndMigrate } from '../../core/db/migrate.ts';
import type { Orm } from '../../core/db/orm.ts';
import { TooManyAttempts } from '../../core/errors.ts';
import { createLogger } from '../../core/logger.ts';
import { User } from '../../core/users/user.entity.ts';
import { Workspace } from '../../core/workspaces/workspace.entity.ts';
import { useTestApp } from '../support/app.ts';
import { addUsage, call, newUser, stats } from './billing-support.ts';

const utc = (text: string) => new Date(`${text}Z`);
const DAY = 86_400_000;
const t = useTestApp();
let orm: Orm;

beforeAll(async () => {
  orm = await connectAndMigrate({ databaseUrl: inject('databaseUrl'), logger: createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }) });
});
afterAll(() => orm?.close());

/** A user alone, made in the database, and their personal workspace (subscription date `creditCycleAnchor`), returned. */
async function storedWorkspace(creditCycleAnchor?: Date): Promise<Workspace> {
  const em = orm.em.fork();
  const owner = em.create(User, { email: `${randomUUID()}@example.com`, fullName: 'Reset Tester' });
  const workspace = em.create(Workspace, { name: "Reset Tester's workspace", personal: true, owner, ...(creditCycleAnchor ? { creditCycleAnchor } : {}) });
  await em.flush();
  return workspace;
}

describe('the date of the next monthly reset', () => {
  it.each([
    ['the 31st, in a 30-day month', '2026-01-31T09:00:00', '2026-03-31T09:00:00', '2026-04-30T09:00:00'],
    ['the 31st, in February', '2026-01-31T09:00:00', '2026-01-31T09:00:00', '2026-02-28T09:00:00'],
    ['the 31st, in February of a leap year', '2028-01-31T09:00:00', '2028-01-31T09:00:00', '2028-02-29T09:00:00'],
    ['29 February, in a year without one', '2024-02-29T12:00:00', '2027-01-29T12:00:00', '2027-02-28T12:00:00'],
    ['29 February, the month after', '2024-02-29T12:00:00', '2027-02-28T12:00:00', '2027-03-29T12:00:00'],
    ['29 February, in a leap year', '2024-02-29T12:00:00', '2028-01-29T12:00:00', '2028-02-29T12:00:00'],
    ['the 30th, in February', '2026-01-30T00:00:00', '2026-02-10T00:00:00', '2026-02-28T00:00:00'],
    ['the 15th, mid-month', '2026-03-15T10:00:00', '2026-03-20T00:00:00', '2026-04-15T10:00:00'],
    ['the 15th, just before its time of day', '2026-03-15T10:00:00', '2026-04-15T09:59:59', '2026-04-15T10:00:00'],
  ])('%s: anchor %s, after %s, next %s', (_case, anchor, after, next) => {
    expect(nextMonthlyReset(utc(anchor), utc(after))).toEqual(utc(next));
  });

  it.each([
    ['a date whose day went by a minute ago: next month', '2025-11-20T11:59:00', null, '2026-06-20T11:59:00'],
    ['a date seconds ahead of the clock: a month after it, not on it', '2026-05-20T12:00:03', null, '2026-06-20T12:00:03'],
    ['a date 45 days ahead: a month after it, not on its day before it', '2026-07-04T09:00:00', null, '2026-08-04T09:00:00'],
    ['a reset already made ahead of the clock: after it', '2026-03-15T10:00:00', '2026-06-15T10:00:00', '2026-07-15T10:00:00'],
  ])('plans from %s', async (_case, anchor, after, next) => {
    const workspace = await storedWorkspace(utc(anchor));
    expect(await planMonthlyReset(orm.em.fork(), workspace.id, utc('2026-05-20T12:00:00'), after ? utc(after) : null)).toBe(utc(next).toISOString());
  });

  it('follows the 31st through a year, on the last day of each shorter month', () => {
    const anchor = utc('2026-01-31T08:30:00');
    const dates: string[] = [];
    for (let at = anchor; dates.length < 12; ) dates.push((at = nextMonthlyReset(anchor, at)).toISOString().slice(0, 10));
    expect(dates).toEqual([
      '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31',
      '2026-08-31', '2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31', '2027-01-31',
    ]);
  });
});

describe('the monthly reset', () => {
  it('happens once per date, and leaves a paid Stripe subscription to its renewal invoice', async () => {
    const anchor = utc('2026-03-15T10:00:00');
    const workspace = await storedWorkspace(anchor);
    const at = utc('2026-04-15T10:00:00');
    expect(await monthlyReset(orm.em.fork(), workspace.id, at)).toBe('reset');
    expect(await monthlyReset(orm.em.fork(), workspace.id, at)).toBe('already reset');
    const { rows } = await t.db.query("select count(*)::int as n, min(key) as key from credit_resets where workspace_id = $1 and reason = 'monthly'", [workspace.id]);
    expect(rows[0]).toEqual({ n: 1, key: `monthly:${workspace.id}:${at.toISOString()}` });
    expect(await monthlyReset(orm.em.fork(), randomUUID(), at)).toBe('no such workspace');

    const subscriber = await storedWorkspace(anchor);
    await t.db.query(
      `insert into billing_accounts (id, workspace_id, stripe_customer_id, stripe_subscription_id, status, tier_id, cancel_at_period_end, state_at, state_rank, created_at, updated_at)
       values ($1, $2, $3, 'sub_paid', 'active', 'pro', false, 0, 0, now(), now())`,
      [randomUUID(), subscriber.id, `cus_${randomUUID().slice(0, 8)}`],
    );
    expect(await monthlyReset(orm.em.fork(), subscriber.id, at)).toBe('renewed by invoice');
  });
});

describe('a monthly reset planned before the subscription date moved', () => {
  // The workflow wakes for a date it planned from the subscription date of then; the reset is decided on the one of
  // now, so a date that a plan change moved away from (its signal lost, or the wake-up racing it) resets nothing.
  it.each([
    ['moved to a date before it (a subscription began)', '2026-03-15T10:00:00', '2026-05-02T08:00:00', '2026-05-15T10:00:00'],
    ['moved back to the sign-up date (a subscription ended)', '2026-04-20T17:30:00', '2026-01-09T12:00:00', '2026-05-20T17:30:00'],
    ['moved onto it (a subscription that begins then)', '2026-03-15T10:00:00', '2026-05-15T10:00:00', '2026-05-15T10:00:00'],
    ['moved past it (a subscription that begins months later)', '2026-03-15T10:00:00', '2026-07-15T10:00:00', '2026-05-15T10:00:00'],
  ])('the subscription date %s: no reset on the planned date', async (_case, before, after, planned) => {
    const workspace = await storedWorkspace(utc(before));
    expect(nextMonthlyReset(utc(before), new Date(utc(planned).getTime() - 1))).toEqual(utc(planned));
    await t.db.query('update workspaces set credit_cycle_anchor = $1 where id = $2', [utc(after), workspace.id]);
    expect(await monthlyReset(orm.em.fork(), workspace.id, utc(planned))).toBe('not a reset date');
    const { rows } = await t.db.query('select count(*)::int as n from credit_resets where workspace_id = $1', [workspace.id]);
    expect(rows[0].n).toBe(0);
  });

  it.each([
    ['a month after it', '2026-05-02T08:00:00', '2026-06-02T08:00:00'],
    ['on the last day of a shorter month', '2026-01-31T09:00:00', '2026-02-28T09:00:00'],
    ['years after it', '2022-05-02T08:00:00', '2026-06-02T08:00:00'],
  ])('still resets on the new date’s day: %s', async (_case, anchor, at) => {
    const workspace = await storedWorkspace(utc('2026-03-15T10:00:00'));
    await t.db.query('update workspaces set credit_cycle_anchor = $1 where id = $2', [utc(anchor), workspace.id]);
    expect(await monthlyReset(orm.em.fork(), workspace.id, utc(at))).toBe('reset');
  });
});

describe('the manual reset', () => {
  it('is refused within 30 days of the last one, to the millisecond', async () => {
    const workspace = await storedWorkspace();
    const first = new Date('2026-05-01T12:00:00Z');
    await manualReset(orm.em.fork(), workspace.id, first);
    const early = manualReset(orm.em.fork(), workspace.id, new Date(first.getTime() + 30 * DAY - 1));
    await expect(early).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(early).rejects.toThrow('Token usage can be reset once every 30 days. The next reset is possible on 2026-05-31 (in 1 day).');
    await manualReset(orm.em.fork(), workspace.id, new Date(first.getTime() + 30 * DAY));
  });

  it('resets the usage, unblocks a blocked user and says so; then counts down the cooldown', async () => {
    const user = await newUser(t);
    await addUsage(t, user.userId, 300_000, 1_000);
    expect(await stats(t, user)).toMatchObject({ blocked: true, manualReset: { available: true, daysRemaining: 0, nextAvailableAt: null } });

    const reset = await call<{ message: string; unblocked: boolean; stats: Awaited<ReturnType<typeof stats>> }>(t.base, user, 'POST', '/api/token-usage/reset');
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Token usage reset: your credits are available again and you can process transcripts.');
    expect(reset.body.unblocked).toBe(true);
    expect(reset.body.stats).toMatchObject({
      used: { input: 0, output: 0 }, blocked: false, lastReset: { reason: 'manual', unblocked: true },
      manualReset: { available: false, daysRemaining: 30, cooldownDays: 30 },
    });
    const next = Date.parse(reset.body.stats.manualReset.nextAvailableAt!);
    expect(Math.abs(next - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

    const refused = await call<{ error: string }>(t.base, user, 'POST', '/api/token-usage/reset');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(`Token usage can be reset once every 30 days. The next reset is possible on ${new Date(next).toISOString().slice(0, 10)} (in 30 days).`);

    await t.db.query("update credit_resets set at = at - interval '29 days 1 hour' where workspace_id = $1", [user.workspaceId]);
    expect((await stats(t, user)).manualReset).toMatchObject({ available: false, daysRemaining: 1 });
    await t.db.query("update credit_resets set at = at - interval '1 day' where workspace_id = $1", [user.workspaceId]);
    await t.db.query("update token_usage set created_at = created_at - interval '31 days' where workspace_id = $1", [user.workspaceId]);
    expect((await stats(t, user)).manualReset).toMatchObject({ available: true, daysRemaining: 0, nextAvailableAt: null });
    await addUsage(t, user.userId, 10, 10);
    const again = await call<{ message: string; unblocked: boolean }>(t.base, user, 'POST', '/api/token-usage/reset');
    expect(again.body).toMatchObject({ message: 'Token usage reset: this period starts again now.', unblocked: false });
  });

  it('lets only one of two resets sent at once through', async () => {
    // Several users at once, so the second request often waits for the first one's lock (the case that must see it).
    const users = await Promise.all(Array.from({ length: 6 }, () => newUser(t)));
    const answers = await Promise.all(users.map((user) => Promise.all([1, 2].map(() => call(t.base, user, 'POST', '/api/token-usage/reset')))));
    for (const pair of answers) expect(pair.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect((await call(t.base, null, 'POST', '/api/token-usage/reset')).status).toBe(401);
  });
});
