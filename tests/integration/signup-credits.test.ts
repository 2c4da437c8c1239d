// A new account's monthly credit resets (`credits-<userId>`) start at sign-up, on the real Temporal dev server,
// not at the next start of an API process; and a Temporal that cannot be reached at that moment costs the
// sign-up nothing: the account is made, the failure is logged, and the start-up sweep starts the resets later.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { loadPluginHost } from '../../server/plugins.ts';
import { composeServices } from '../../server/services.ts';
import { startMissingCreditSchedules } from '../../workflows/client.ts';
import { useTestApp } from '../support/app.ts';
import { until } from './billing-support.ts';

const t = useTestApp();
let client: Client;
const started: string[] = [];

beforeAll(() => {
  client = new Client({ connection: t.app.temporal, namespace: t.app.config.TEMPORAL_NAMESPACE });
});
afterAll(async () => {
  await Promise.all(started.map((id) => client.workflow.getHandle(id).terminate('test over').catch(() => {})));
});

async function signUp(base: string): Promise<{ status: number; userId?: string }> {
  const email = `credits-${randomUUID().slice(0, 8)}@example.com`;
  const response = await fetch(`${base}/auth/signup`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'secret', fullName: 'New Account' }),
  });
  const { rows: [user] } = await t.db.query<{ id: string }>('select id from users where email = $1', [email]);
  if (user) started.push(`credits-${user.id}`);
  return { status: response.status, userId: user?.id };
}

describe('the monthly credit resets of a new account', () => {
  it('run as soon as the account is signed up, on the task queue of the API that made it, with no restart', async () => {
    const { status, userId } = await signUp(t.base);
    expect(status).toBe(201);
    const description = await until(
      () => client.workflow.getHandle(`credits-${userId}`).describe().catch(() => null),
      (found) => found?.status.name === 'RUNNING',
      5_000,
    );
    expect(description?.type).toBe('creditsWorkflow');
    expect(description?.taskQueue).toBe(t.app.config.TEMPORAL_TASK_QUEUE);
  });

  it('a sign-up while Temporal cannot be reached still makes the account, logs why, and the start-up sweep starts its resets', async () => {
    const lines: { msg: string; userId?: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string; userId?: string }) });
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
      const { status, userId } = await signUp(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      expect(status).toBe(201);
      expect(userId).toBeDefined();
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'could not start the monthly credit resets of a new account', userId }));
      expect(await client.workflow.getHandle(`credits-${userId}`).describe().catch(() => null)).toBeNull();

      // What the first API process does at its next start, for this account.
      expect(await startMissingCreditSchedules(client, t.app.config.TEMPORAL_TASK_QUEUE, [userId!])).toBe(1);
      expect((await client.workflow.getHandle(`credits-${userId}`).describe()).status.name).toBe('RUNNING');
    } finally {
      server.close();
    }
  });
});
