// A new account's monthly credit resets (`credits-<personal workspace id>`) start at sign-up, on the real Temporal
// dev server, not at the next start of an API process; and a Temporal that cannot be reached at that moment costs the
// sign-up nothing: the account is made, the failure is logged, and the start-up sweep starts the resets later. A new
// team workspace's start when it is made; a credits workflow of an id that names no workspace (a user's, as the
// per-user resets before plans were the workspace's) ends by itself.
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { nextMonthlyReset } from '../../core/credits/resets.ts';
import { loadPluginHost } from '../../server/plugins.ts';
import { composeServices } from '../../server/services.ts';
import { startMissingCreditSchedules } from '../../workflows/client.ts';
import { WORKSPACE_ATTRIBUTE } from '../../workflows/shared/labels.ts';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';
import { addUsage, call, stats, until } from './billing-support.ts';

const t = useTestApp();
let client: Client;
const started: string[] = [];

beforeAll(() => {
  client = new Client({ connection: t.app.temporal, namespace: t.app.config.TEMPORAL_NAMESPACE });
});
afterAll(async () => {
  await Promise.all(started.map((id) => client.workflow.getHandle(id).terminate('test over').catch(() => {})));
});

/** Signs up; the account's personal workspace, whose credits workflow the test ends after it. */
async function signUp(base: string): Promise<{ status: number; workspaceId?: string }> {
  const email = `credits-${randomUUID().slice(0, 8)}@example.com`;
  const response = await fetch(`${base}/auth/signup`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'secret', fullName: 'New Account' }),
  });
  const { rows: [workspace] } = await t.db.query<{ id: string }>(
    'select w.id from workspaces w join users u on u.id = w.owner_id where u.email = $1 and w.personal', [email],
  );
  if (workspace) started.push(`credits-${workspace.id}`);
  return { status: response.status, workspaceId: workspace?.id };
}

describe('the monthly credit resets of a new account', () => {
  it('run as soon as the account is signed up, on the task queue of the API that made it, with no restart', async () => {
    const { status, workspaceId } = await signUp(t.base);
    expect(status).toBe(201);
    expect(workspaceId).toBeDefined();
    const description = await until(
      () => client.workflow.getHandle(`credits-${workspaceId}`).describe().catch(() => null),
      (found) => found?.status.name === 'RUNNING',
      5_000,
    );
    expect(description?.type).toBe('creditsWorkflow');
    expect(description?.taskQueue).toBe(t.app.config.TEMPORAL_TASK_QUEUE);
    expect(description?.typedSearchAttributes.get(WORKSPACE_ATTRIBUTE)).toBe(workspaceId);
  });

  it('a sign-up while Temporal cannot be reached still makes the account, logs why, and the start-up sweep starts its resets', async () => {
    const lines: { msg: string; workspaceId?: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string; workspaceId?: string }) });
    // A closed connection fails every call at once, as an unreachable Temporal does once the SDK's retries are spent.
    const deadTemporal = await Connection.connect({ address: inject('temporalAddress') });
    await deadTemporal.close();
    const server = createApp({
      config: t.app.config, logger, orm: t.app.orm, temporal: deadTemporal, workflows: new Client({ connection: deadTemporal }),
      emails: { dispatch: async () => {} }, webDir: null,
      services: composeServices({ config: t.app.config, logger, plugins: await loadPluginHost(), extractor: t.app.services.extractor, credentialsKey: randomBytes(32) }),
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { status, workspaceId } = await signUp(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      expect(status).toBe(201);
      expect(workspaceId).toBeDefined();
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'could not start the monthly credit resets of a new account', workspaceId }));
      expect(await client.workflow.getHandle(`credits-${workspaceId}`).describe().catch(() => null)).toBeNull();

      // What the first API process does at its next start, for this account's workspace.
      expect(await startMissingCreditSchedules(client, t.app.config.TEMPORAL_TASK_QUEUE, [workspaceId!])).toBe(1);
      expect((await client.workflow.getHandle(`credits-${workspaceId}`).describe()).status.name).toBe('RUNNING');
    } finally {
      server.close();
    }
  });
});

describe('the monthly credit resets of a team workspace', () => {
  it("start as soon as the workspace is made; a credits workflow of a user's id, as before plans were the workspace's, ends resetting nothing", async () => {
    const owner = await signUpVerified(t.base, t.db);
    started.push(`credits-${owner.workspaceId}`);
    const created = await call<{ workspace: { id: string; personal: boolean } }>(t.base, owner, 'POST', '/api/workspaces', { name: 'Acme' });
    expect(created.status).toBe(201);
    const team = created.body.workspace.id;
    expect(team).not.toBe(owner.workspaceId);
    started.push(`credits-${team}`);
    // Started by the request itself: no sweep runs after the app's start.
    const description = await until(
      () => client.workflow.getHandle(`credits-${team}`).describe().catch(() => null),
      (found) => found?.status.name === 'RUNNING',
      5_000,
    );
    expect(description?.status.name).toBe('RUNNING');
    expect(description?.type).toBe('creditsWorkflow');
    expect(description?.taskQueue).toBe(t.app.config.TEMPORAL_TASK_QUEUE);
    expect(description?.typedSearchAttributes.get(WORKSPACE_ATTRIBUTE)).toBe(team);
    // It plans the team's first reset a month after the team was made, not on its owner's dates.
    const { rows: [made] } = await t.db.query<{ credit_cycle_anchor: Date }>('select credit_cycle_anchor from workspaces where id = $1', [team]);
    const next = await until(() => client.workflow.getHandle(`credits-${team}`).query<string | null>('nextCreditReset'), (at) => at !== null, 5_000);
    expect(next).toBe(nextMonthlyReset(made!.credit_cycle_anchor, new Date()).toISOString());

    // A per-user run, as one left from before this change would be (its id and input the user's id), on this app's
    // worker, planned with a reset long due: it finds no workspace of that id and ends.
    await addUsage(t, owner.userId, 250_000, 5_000);
    const before = await stats(t, owner);
    expect(before.blocked).toBe(true);
    const legacy = `credits-${owner.userId}`;
    started.push(legacy);
    const handle = await client.workflow.start('creditsWorkflow', {
      taskQueue: t.app.config.TEMPORAL_TASK_QUEUE, workflowId: legacy, args: [owner.userId, new Date(Date.now() - 40 * 86_400_000).toISOString()],
    });
    await expect(Promise.race([handle.result(), sleep(15_000).then(() => 'still running')])).resolves.toBeUndefined();
    expect((await handle.describe()).status.name).toBe('COMPLETED');
    const history = JSON.stringify(await handle.fetchHistory());
    expect(history).toContain('planCreditReset');
    expect(history).not.toContain('resetMonthlyCredits');
    const { rows: resets } = await t.db.query<{ n: number }>(
      'select count(*)::int as n from credit_resets where workspace_id = any($1) or key like $2', [[owner.workspaceId, team], `%${owner.userId}%`],
    );
    expect(resets[0]!.n).toBe(0);
    expect(await stats(t, owner)).toMatchObject({ used: before.used, blocked: true, lastReset: null });
    // The workspaces' own workflows go on.
    for (const id of [owner.workspaceId, team]) expect((await client.workflow.getHandle(`credits-${id}`).describe()).status.name).toBe('RUNNING');
  });
});
