// The per-workspace monthly reset workflow (`credits-<workspaceId>`) on the real Temporal dev server and the app's own
// worker, here on each user's personal workspace: a subscription date chosen so the next reset falls seconds away stands in for a month's wait.
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, type WorkflowHandle } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMonthlyReset } from '../../core/credits/resets.ts';
import { temporalCreditSchedules } from '../../workflows/client.ts';
import { WORKSPACE_ATTRIBUTE } from '../../workflows/shared/labels.ts';
import { useTestApp } from '../support/app.ts';
import { addUsage, anchorFor, newUser, stats, until } from './billing-support.ts';

const t = useTestApp();
let client: Client;
const handles: WorkflowHandle[] = [];

beforeAll(() => {
  client = new Client({ connection: t.app.temporal, namespace: t.app.config.TEMPORAL_NAMESPACE });
});
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.terminate('test over').catch(() => {})));
});

const handleOf = (workspaceId: string) => {
  const handle = client.workflow.getHandle(`credits-${workspaceId}`);
  handles.push(handle);
  return handle;
};
const plannedReset = (handle: WorkflowHandle) => until(() => handle.query<string | null>('nextCreditReset'), (next) => next !== null);

/**
 * Starts the workspace's workflow through the product's helper, on this app's worker: a run that sign-up or another
 * test app's start-up sweep began for this workspace (on that app's task queue) is ended first.
 */
async function scheduleHere(workspaceId: string) {
  await client.workflow.getHandle(`credits-${workspaceId}`).terminate('restarted on this app').catch(() => {});
  const schedules = temporalCreditSchedules(client, t.app.config.TEMPORAL_TASK_QUEUE);
  await schedules.ensure(workspaceId);
  return schedules;
}

async function setAnchor(workspaceId: string, anchor: Date): Promise<void> {
  await t.db.query('update workspaces set credit_cycle_anchor = $1 where id = $2', [anchor, workspaceId]);
}

describe('the monthly reset workflow', () => {
  it('resets the usage on the subscription date, once, unblocking the user, and plans the next month', async () => {
    const user = await newUser(t);
    const due = new Date(Date.now() + 6_000);
    const anchor = anchorFor(due);
    await setAnchor(user.workspaceId, anchor);
    await addUsage(t, user.userId, 250_000, 5_000);
    expect((await stats(t, user)).blocked).toBe(true);

    await scheduleHere(user.workspaceId);
    const handle = handleOf(user.workspaceId);
    expect(await plannedReset(handle)).toBe(due.toISOString());
    // Operators find it by its workspace.
    expect((await handle.describe()).typedSearchAttributes.get(WORKSPACE_ATTRIBUTE)).toBe(user.workspaceId);

    const resets = await until(
      async () => (await t.db.query("select at, unblocked from credit_resets where workspace_id = $1 and reason = 'monthly'", [user.workspaceId])).rows,
      (rows) => rows.length > 0,
    );
    expect(resets).toEqual([{ at: due, unblocked: true }]);
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
    expect(await stats(t, user)).toMatchObject({ used: { input: 0, output: 0 }, blocked: false, lastReset: { reason: 'monthly', unblocked: true } });

    const following = nextMonthlyReset(anchor, due).toISOString();
    expect(await until(() => handle.query<string | null>('nextCreditReset'), (next) => next === following)).toBe(following);
    const { rows } = await t.db.query("select count(*)::int as n from credit_resets where workspace_id = $1 and reason = 'monthly'", [user.workspaceId]);
    expect(rows[0].n).toBe(1);
  });

  it.each([
    ['the 31st, in a 30-day month', '2026-01-31T09:00:00Z', '2027-03-31T09:00:00.000Z', '2027-04-30T09:00:00.000Z'],
    ['the 31st, in February', '2026-01-31T09:00:00Z', '2027-01-31T09:00:00.000Z', '2027-02-28T09:00:00.000Z'],
    ['29 February, in a year without one', '2024-02-29T12:00:00Z', '2027-01-29T12:00:00.000Z', '2027-02-28T12:00:00.000Z'],
  ])('plans %s on the month’s last day', async (_case, anchor, lastReset, expected) => {
    const user = await newUser(t);
    await setAnchor(user.workspaceId, new Date(anchor));
    await client.workflow.getHandle(`credits-${user.workspaceId}`).terminate('restarted on this app').catch(() => {});
    await client.workflow.start('creditsWorkflow', {
      taskQueue: t.app.config.TEMPORAL_TASK_QUEUE, workflowId: `credits-${user.workspaceId}`, args: [user.workspaceId, lastReset],
    });
    expect(await plannedReset(handleOf(user.workspaceId))).toBe(expected);
  });

  it('plans again at once when the subscription date moves', async () => {
    const user = await newUser(t);
    const schedules = await scheduleHere(user.workspaceId);
    const handle = handleOf(user.workspaceId);
    const signUp = (await t.db.query('select credit_cycle_anchor from workspaces where id = $1', [user.workspaceId])).rows[0].credit_cycle_anchor as Date;
    expect(await plannedReset(handle)).toBe(nextMonthlyReset(signUp, new Date()).toISOString());

    const subscribed = new Date(Date.now() - 10 * 86_400_000);
    await setAnchor(user.workspaceId, subscribed);
    await schedules.anchorChanged(user.workspaceId);
    const expected = nextMonthlyReset(subscribed, new Date()).toISOString();
    expect(await until(() => handle.query<string | null>('nextCreditReset'), (next) => next === expected)).toBe(expected);
  });
});

const monthlyResets = async (workspaceId: string) =>
  (await t.db.query("select at from credit_resets where workspace_id = $1 and reason = 'monthly'", [workspaceId])).rows as { at: Date }[];

describe('a subscription date that moves', () => {
  it.each([
    // The day of the new date went by seconds ago: the workflow must not make up for it now, a plan change reset the credits.
    ['into the past, its day gone by seconds ago', (now: number) => anchorFor(new Date(now - 3_000))],
    ['into the past, ten days back', (now: number) => new Date(now - 10 * 86_400_000)],
    // A Stripe clock a little ahead of ours dates a new subscription seconds into the future.
    ['seconds into the future', (now: number) => new Date(now + 3_000)],
    ['45 days into the future', (now: number) => new Date(now + 45 * 86_400_000)],
  ])('%s: the next reset is the new date’s next month day after now, none at once', async (_case, moved) => {
    const user = await newUser(t);
    const schedules = await scheduleHere(user.workspaceId);
    const handle = handleOf(user.workspaceId);
    await plannedReset(handle);

    const anchor = moved(Date.now());
    await setAnchor(user.workspaceId, anchor);
    await schedules.anchorChanged(user.workspaceId);
    const expected = nextMonthlyReset(anchor, new Date(Math.max(Date.now(), anchor.getTime()))).toISOString();
    expect(await until(() => handle.query<string | null>('nextCreditReset'), (next) => next === expected)).toBe(expected);
    expect(Date.parse(expected)).toBeGreaterThan(Math.max(Date.now(), anchor.getTime()));
    // Past a new date seconds ahead, where a reset on the date itself would come.
    const toAnchor = anchor.getTime() - Date.now();
    await sleep((toAnchor > 0 && toAnchor < 60_000 ? toAnchor : 0) + 1_500);
    expect(await monthlyResets(user.workspaceId)).toEqual([]);
  });

  it('makes no reset on a date it planned from the old one: the news of the move lost, it plans from the new one when it wakes', async () => {
    const user = await newUser(t);
    const due = new Date(Date.now() + 5_000);
    await setAnchor(user.workspaceId, anchorFor(due));
    await scheduleHere(user.workspaceId);
    const handle = handleOf(user.workspaceId);
    expect(await plannedReset(handle)).toBe(due.toISOString());

    // The subscription date moves (a subscription ended: back to the sign-up date) and no signal reaches the workflow.
    const signUp = new Date(Date.now() - 40 * 86_400_000);
    await setAnchor(user.workspaceId, signUp);
    await sleep(due.getTime() - Date.now());
    const expected = nextMonthlyReset(signUp, new Date()).toISOString();
    expect(await until(() => handle.query<string | null>('nextCreditReset'), (next) => next === expected)).toBe(expected);
    expect(await monthlyResets(user.workspaceId)).toEqual([]);
  });
});
