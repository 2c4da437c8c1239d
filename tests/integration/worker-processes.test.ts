// Under `npm start` the workers run in processes of their own (WORKER_PROCESSES), apart from the API processes: a
// worker process that dies takes no request with it, and one that keeps dying is started again after growing
// pauses while the API answers and /api/health reports it; Tickscribe never stops for it, only for a signal.
// Real processes: `node server/main.ts` as `npm start` runs it, on the run's PostgreSQL and Temporal.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Connection } from '@temporalio/client';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { assertPortFree } from '../../core/ports.ts';
import { taskQueuePollers } from '../../core/temporal/pollers.ts';
import type { HealthResponse } from '../../schemas/types.ts';
import { signUpVerified } from '../support/accounts.ts';
import { freePort } from '../support/free-port.ts';
import { startMainProcess, type StartedProcess } from '../support/process.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The processes the first one started for `port`, by role, as instance number → pid. */
function children(port: number, role: 'api' | 'worker'): Map<number, number> {
  const found = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const instance = command.find((part) => part.startsWith('--instance='));
      if (!instance || !command.includes(`--role=${role}`)) continue;
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`PORT=${port}`)) continue;
      found.set(Number(instance.slice('--instance='.length)), Number(pid));
    } catch {
      // Gone while we looked.
    }
  }
  return found;
}

async function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string, ms = 30_000): Promise<T> {
  for (let waited = 0; ; waited += 100) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (waited > ms) throw new Error(`waited ${ms} ms for ${what}`);
    await sleep(100);
  }
}

/** `count` health answers, each on a new connection, so the kernel spreads them over the API processes. */
async function healthAnswers(base: string, count: number): Promise<{ status: number; body: HealthResponse }[]> {
  return Promise.all(Array.from({ length: count }, async () => {
    const response = await fetch(`${base}/api/health`, { headers: { connection: 'close' } });
    return { status: response.status, body: (await response.json()) as HealthResponse };
  }));
}

const OK: HealthResponse = { status: 'ok', database: 'ok', temporal: 'ok', workers: 'ok', api: 'ok' };

let temporal: Connection;
let db: pg.Client;
let product: StartedProcess | undefined;
beforeAll(async () => {
  temporal = await Connection.connect({ address: inject('temporalAddress') });
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
});
afterEach(async () => {
  if (product?.child.exitCode === null) await product.stop();
  product = undefined;
});
afterAll(async () => {
  await temporal?.close();
  await db?.end();
});

/** `npm start`'s process structure on the run's services: WEB_CONCURRENCY API processes, WORKER_PROCESSES workers. */
async function startProduct(apiProcesses: number, workerProcesses: number) {
  const port = await freePort();
  const taskQueue = `workers-${randomUUID()}`;
  product = await startMainProcess({
    DATABASE_URL: inject('databaseUrl'), TEMPORAL_ADDRESS: inject('temporalAddress'), DATA_DIR: inject('dataDir'),
    TEMPORAL_TASK_QUEUE: taskQueue, PORT: String(port),
    WEB_CONCURRENCY: String(apiProcesses), WORKER_PROCESSES: String(workerProcesses),
  });
  const polling = async () => (await taskQueuePollers(temporal, { namespace: loadConfig({}).TEMPORAL_NAMESPACE, taskQueue }))
    .map((poller) => Number(poller.identity.split('@')[0]));
  return { port, base: `http://127.0.0.1:${port}`, taskQueue, polling, product };
}

/**
 * Waits until worker process `instance` runs again in a process other than `before`, polls, and the first process
 * has said so for the `times`th time (it has read the new process's ready line).
 */
async function backAgain(product: StartedProcess, port: number, instance: number, before: number, times: number, polling: () => Promise<number[]>): Promise<number> {
  const said = () => product.output().split(`The worker process ${instance} is running again.`).length - 1;
  return until(async () => {
    const pid = children(port, 'worker').get(instance);
    return pid && pid !== before && said() >= times && (await polling()).includes(pid) ? pid : undefined;
  }, `worker process ${instance} to poll again`, 90_000);
}

/** Requests on new connections until stopped, `pauseMs` apart in each loop: the statuses they got (a failed connection counts as 0). */
function traffic(base: string, loops: number, request: (base: string) => Promise<Response>, pauseMs = 0) {
  let running = true;
  const statuses: number[] = [];
  const done = Promise.all(Array.from({ length: loops }, async () => {
    while (running) {
      statuses.push(await request(base).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }, () => 0));
      if (pauseMs) await sleep(pauseMs);
    }
  }));
  return {
    statuses,
    async stop() {
      running = false;
      await done;
      return statuses;
    },
  };
}

describe('worker processes', () => {
  it('run apart from the API processes, which poll nothing', async () => {
    const { port, polling, product: first } = await startProduct(2, 2);
    const workers = children(port, 'worker');
    const api = children(port, 'api');
    expect([...workers.keys()].sort()).toEqual([1, 2]);
    expect([...api.keys()]).toEqual([2]);
    // Ready means polling: the workers poll from the moment the first process says it is ready.
    expect(new Set(await polling())).toEqual(new Set(workers.values()));
    expect(await polling()).not.toContain(first.child.pid);
    expect(await polling()).not.toContain(api.get(2));
  });

  it('one that keeps dying is started again after growing pauses, while the API answers and reports it', async () => {
    const { port, base, polling, product: first } = await startProduct(2, 2);
    expect((await healthAnswers(base, 6)).map((answer) => answer.body)).toEqual(Array(6).fill(OK));
    const load = traffic(base, 4, (to) => fetch(`${to}/api/health`, { headers: { connection: 'close' } }), 10);

    const kills: number[] = [];
    let pid = children(port, 'worker').get(1)!;
    for (let kill = 1; kill <= 5; kill++) {
      process.kill(pid, 'SIGKILL');
      kills.push(Date.now());
      // Down: every API process says so (the extra one learns it from the first over IPC), still with a 200.
      await until(async () => (await healthAnswers(base, 1))[0]!.body.workers === 'degraded' || undefined, 'the health to say degraded', 5_000);
      for (const answer of await healthAnswers(base, 6)) {
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ status: 'degraded', database: 'ok', temporal: 'ok', workers: 'degraded', api: 'ok' });
        expect(answer.body.detail).toMatch(/^The worker process 1 stopped \(signal SIGKILL\); (it starts again in \d+ s|it is starting again)\.$/);
      }
      pid = await backAgain(first, port, 1, pid, kill, polling);
    }
    // The pauses themselves are asserted from the log below; this only guards against a restart that waits far
    // longer than its pause (31 s of pauses in all, plus each start, with room for a busy machine).
    expect(kills.at(-1)! - kills[0]!).toBeLessThan(120_000);
    const pauses = [...first.output().matchAll(/The worker process 1 stopped \(signal SIGKILL\); starting it again in (\d+) s\./g)].map((match) => Number(match[1]));
    expect(pauses, first.output()).toEqual([1, 2, 4, 8, 16]);
    expect(first.output()).not.toMatch(/shutting down|Tickscribe stopped/);
    expect((await healthAnswers(base, 6)).map((answer) => answer.body)).toEqual(Array(6).fill(OK));

    const statuses = await load.stop();
    expect(statuses.length).toBeGreaterThan(100);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(first.child.exitCode).toBeNull();

    // A signal stops everything, a restart that was waiting included.
    process.kill(children(port, 'worker').get(2)!, 'SIGKILL');
    await until(() => first.output().includes('The worker process 2 stopped') || undefined, 'the second stop');
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await sleep(1_500);
    expect([...children(port, 'worker').values(), ...children(port, 'api').values()]).toEqual([]);
    await expect(assertPortFree(port, 'PORT')).resolves.toBeUndefined();
  }, 180_000);

  it('killed in the middle of uploads and reads breaks no request; its ingests complete', async () => {
    const { port, base, polling, product: first } = await startProduct(2, 1);
    const { token, userId } = await signUpVerified(base, db);
    await db.query(`update workspaces set subscription_tier = 'Enterprise' where owner_id = $1 and personal`, [userId]);
    const authorization = `Bearer ${token}`;
    let uploads = 0;
    const load = traffic(base, 6, async (to) => {
      if (uploads++ % 3 === 0 && uploads < 150) {
        const form = new FormData();
        form.append('transcript', new Blob([`Ada Lovelace: Grace, can you fix the login redirect bug by Friday?\nGrace Hopper: Sure, I will. (${uploads})\n`]), 'standup.txt');
        return fetch(`${to}/api/transcripts/upload`, { method: 'POST', headers: { authorization, connection: 'close' }, body: form });
      }
      return fetch(`${to}/api/transcripts?page=1&limit=10`, { headers: { authorization, connection: 'close' } });
    });
    await until(async () => (await db.query(`select count(*)::int as n from transcripts where user_id = $1 and processing_status = 'completed'`, [userId])).rows[0].n >= 3 || undefined, 'ingests under way');

    const pid = children(port, 'worker').get(1)!;
    process.kill(pid, 'SIGKILL');
    // The only worker process is down: the workers are down, and the API, which still serves, answers 200.
    const down = await until(async () => {
      const [answer] = await healthAnswers(base, 1);
      return answer!.body.workers === 'down' ? answer : undefined;
    }, 'the health to say the workers are down', 5_000);
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ status: 'degraded', database: 'ok', temporal: 'ok', workers: 'down', api: 'ok' });
    await backAgain(first, port, 1, pid, 1, polling);
    await sleep(1_000);
    const statuses = await load.stop();

    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
    const count = async (where: string) => (await db.query(`select count(*)::int as n from transcripts where user_id = $1 ${where}`, [userId])).rows[0].n as number;
    expect(await count('')).toBeGreaterThan(5);
    // Temporal hands what the dead worker held to the new one.
    await until(async () => (await count(`and processing_status <> 'completed'`)) === 0 || undefined, 'every ingest to complete', 90_000);
    expect((await healthAnswers(base, 6)).map((answer) => answer.body)).toEqual(Array(6).fill(OK));
  }, 180_000);

  it('are as many as WORKER_PROCESSES says: a whole number from 1 to 64, said in one line otherwise', () => {
    expect(loadConfig({ WORKER_PROCESSES: '3' }).WORKER_PROCESSES).toBe(3);
    expect(loadConfig({}).WORKER_PROCESSES).toBeUndefined();
    for (const value of ['0', 'many', '1.5', '65']) {
      expect(() => loadConfig({ WORKER_PROCESSES: value })).toThrow(/^Invalid setting WORKER_PROCESSES \(got ".*"\): .*How many worker processes npm start runs/);
    }
  });
});
