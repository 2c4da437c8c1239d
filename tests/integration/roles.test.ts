// The production topology: the API and the worker as separate processes on external PostgreSQL and Temporal.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { startMainProcess, type StartedProcess } from '../support/process.ts';

describe('start:api and start:worker', () => {
  const started: StartedProcess[] = [];
  afterAll(() => Promise.all(started.filter((p) => p.child.exitCode === null).map((p) => p.stop())));

  it('run as separate processes: the API queues e-mail, the worker alone delivers it', async () => {
    const port = await freePort();
    const env = {
      DATABASE_URL: inject('databaseUrl'),
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TEMPORAL_TASK_QUEUE: `roles-${randomUUID()}`,
      DATA_DIR: inject('dataDir'),
      PORT: String(port),
    };
    const api = await startMainProcess(env, ['--role=api']);
    started.push(api);
    expect(api.output()).toContain(`Web app:      http://localhost:${port}`);
    // Each API of a deployment says where it listens, beside the address users open.
    expect(api.output()).toContain(`Listening on: http://127.0.0.1:${port}`);
    expect(api.output()).not.toContain('Temporal UI');
    const base = `http://127.0.0.1:${port}`;
    // No worker polls the task queue yet: the API serves, and says the workers are down.
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({
      status: 'degraded', database: 'ok', temporal: 'ok', workers: 'down', api: 'ok',
      detail: `No worker polls the task queue "${env.TEMPORAL_TASK_QUEUE}": uploads wait until one does.`,
    });

    const email = `roles-${randomUUID().slice(0, 8)}@example.com`;
    const signup = await fetch(`${base}/auth/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'secret', fullName: 'A' }),
    });
    expect(signup.status).toBe(201);
    const status = async () => {
      const outbox = (await (await fetch(`${base}/api/dev/outbox`)).json()) as { emails: { to: string; status: string }[] };
      return outbox.emails.find((e) => e.to === email)?.status;
    };
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await status()).toBe('pending');

    const worker = await startMainProcess(env, ['--role=worker']);
    started.push(worker);
    expect(worker.output()).not.toContain('Web app');
    // Ready means polling, which the API sees through Temporal.
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok', temporal: 'ok', workers: 'ok', api: 'ok' });
    let delivered: string | undefined;
    for (let i = 0; i < 60 && delivered !== 'kept'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      delivered = await status();
    }
    // No SMTP is configured here: delivered means kept in the local outbox.
    expect(delivered).toBe('kept');
    expect(await worker.stop()).toBe(0);
    expect(await api.stop()).toBe(0);
  });
});
