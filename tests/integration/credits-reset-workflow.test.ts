// The per-user monthly reset workflow (`credits-<userId>`) on the real Temporal dev server and the app's own
// worker: a subscription date chosen so the next reset falls seconds away stands in for a month's wait.
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, type WorkflowHandle } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMonthlyReset } from '../../core/credits/resets.ts';
import { temporalCreditSchedules } from '../../workflows/client.ts';
import { useTestApp } from '../support/app.ts';
import { addUsage, newUser, stats } from './billing-support.ts';

const t = useTestApp();
let client: Client;
const handles: WorkflowHandle[] = [];

beforeAll(() => {
  client = new Client({ connection: t.app.temporal, namespace: t.app.config.TEMPORAL_NAMESPACE });
});
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.terminate('test over').catch(() => {})));
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(200);
  }
}

const handleOf = (userId: string) => {
  const handle = client.workflow.getHandle(`credits-${userId}`);
  handles.push(handle);
  return handle;
};
const plannedReset = (handle: WorkflowHandle) => until(() => handle.query<string | null>('nextCreditReset'), (next) => next !== null);

/**
 * Starts the user's workflow through the product's helper, on this app's worker: a run that another test app's
 * start-up sweep began for this user (on that app's task queue) is ended first.
 */
async function scheduleHere(userId: string) {
  await client.workflow.getHandle(`credits-${userId}`).terminate('restarted on this app').catch(() => {});
  const schedules = temporalCreditSchedules(client, t.app.config.TEMPORAL_TASK_QUEUE);
  await schedules.ensure(userId);
  return schedules;
}

async function setAnchor(userId: string, anchor: Date): Promise<void> {
  await t.db.query('update users set credit_cycle_anchor = $1 where id = $2', [anchor, userId]);
}

/** A subscription date years back whose day and time of day put the next reset at `at`. */
function anchorFor(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear() - 4, at.getUTCMonth(), at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
}

describe('the monthly reset workflow', () => {
  it('resets the usage on the subscription date, once, unblocking the user, and plans the next month', async () => {
    const user = await newUser(t);
    const due = new Date(Date.now() + 6_000);
    const anchor = anchorFor(due);
    await setAnchor(user.userId, anchor);
    await addUsage(t, user.userId, 250_000, 5_000);
    expect((await stats(t, user)).blocked).toBe(true);

    await scheduleHere(user.userId);
    const handle = handleOf(user.userId);
    expect(await plannedReset(handle)).toBe(due.toISOString());

    const resets = await until(
      async () => (await t.db.query("select at, unblocked from credit_resets where user_id = $1 and reason = 'monthly'", [user.userId])).rows,
      (rows) => rows.length > 0,
    );
    expect(resets).toEqual([{ at: due, unblocked: true }]);
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
    expect(await stats(t, user)).toMatchObject({ used: { input: 0, output: 0 }, blocked: false, lastReset: { reason: 'monthly', unblocked: true } });

    const following = nextMonthlyReset(anchor, due).toISOString();
    expect(await until(() => handle.query<string | null>('nextCreditReset'), (next) => next === following)).toBe(following);
    const { rows } = await t.db.query("select count(*)::int as n from credit_resets where user_id = $1 and reason = 'monthly'", [user.userId]);
    expect(rows[0].n).toBe(1);
  });

  it.each([
    ['the 31st, in a 30-day month', '2026-01-31T09:00:00Z', '2027-03-31T09:00:00.000Z', '2027-04-30T09:00:00.000Z'],
    ['the 31st, in February', '2026-01-31T09:00:00Z', '2027-01-31T09:00:00.000Z', '2027-02-28T09:00:00.000Z'],
    ['29 February, in a year without one', '2024-02-29T12:00:00Z', '2027-01-29T12:00:00.000Z', '2027-02-28T12:00:00.000Z'],
  ])('plans %s on the month’s last day', async (_case, anchor, lastReset, expected) => {
    const user = await newUser(t);
    await setAnchor(user.userId, new Date(anchor));
    await client.workflow.getHandle(`credits-${user.userId}`).terminate('restarted on this app').catch(() => {});
    await client.workflow.start('creditsWorkflow', {
      taskQueue: t.app.config.TEMPORAL_TASK_QUEUE, workflowId: `credits-${user.userId}`, args: [user.userId, lastReset],
    });
    expect(await plannedReset(handleOf(user.userId))).toBe(expected);
  });

  it('plans again at once when the subscription date moves', async () => {
    const user = await newUser(t);
    const schedules = await scheduleHere(user.userId);
    const handle = handleOf(user.userId);
    const signUp = (await t.db.query('select credit_cycle_anchor from users where id = $1', [user.userId])).rows[0].credit_cycle_anchor as Date;
    expect(await plannedReset(handle)).toBe(nextMonthlyReset(signUp, new Date()).toISOString());

    const subscribed = new Date(Date.now() - 10 * 86_400_000);
    await setAnchor(user.userId, subscribed);
    await schedules.anchorChanged(user.userId);
    const expected = nextMonthlyReset(subscribed, new Date()).toISOString();
    expect(await until(() => handle.query<string | null>('nextCreditReset'), (next) => next === expected)).toBe(expected);
  });
});
