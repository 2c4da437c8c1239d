// WEB_CONCURRENCY: the API role runs that many processes on one port, the kernel spreading the connections among
// them; one that dies is started again while the others answer, and a stop ends every one of them. (The worker
// processes of `npm start`: worker-processes.test.ts.)
import { readdirSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { assertPortFree } from '../../core/ports.ts';
import type { HealthResponse } from '../../schemas/types.ts';
import { freePort } from '../support/free-port.ts';
import { startMainProcess, type StartedProcess } from '../support/process.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The extra API processes serving `port` (their command line names the role and instance, their environment the port). */
function instances(port: number): number[] {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return command.includes('--role=api') && command.some((part) => part.startsWith('--instance='))
        && readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`PORT=${port}`);
    } catch {
      return false;
    }
  }).map(Number);
}

/** CPU time a process has used, in clock ticks (user + system). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** `count` requests, each on a new connection (so the kernel chooses a process for each); their statuses. */
async function requests(base: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 20) {
    const batch = await Promise.all(Array.from({ length: Math.min(20, count - i) }, async () => {
      const response = await fetch(`${base}/api/health`, { headers: { connection: 'close' } });
      await response.arrayBuffer();
      return response.status;
    }));
    statuses.push(...batch);
  }
  return statuses;
}

describe('WEB_CONCURRENCY', () => {
  let api: StartedProcess | undefined;
  afterAll(async () => {
    if (api?.child.exitCode === null) await api.stop();
  });

  it('serves one port from several processes, restarts one that dies, and stops them all', async () => {
    const port = await freePort();
    api = await startMainProcess({
      DATABASE_URL: inject('databaseUrl'), TEMPORAL_ADDRESS: inject('temporalAddress'), DATA_DIR: inject('dataDir'),
      TEMPORAL_TASK_QUEUE: `concurrency-${randomUUID()}`, PORT: String(port), WEB_CONCURRENCY: '3',
    }, ['--role=api']);
    const base = `http://127.0.0.1:${port}`;
    expect(api.output()).toContain('Tickscribe is ready');
    expect(api.output()).not.toContain('Tickscribe process ready.');
    const extra = instances(port);
    expect(extra).toHaveLength(2);

    const before = extra.map(cpuTicks);
    expect(await requests(base, 600)).toEqual(Array(600).fill(200));
    // Each extra process did part of the work (an idle one uses no measurable CPU).
    extra.forEach((pid, index) => expect(cpuTicks(pid) - before[index]!, `process ${pid}`).toBeGreaterThanOrEqual(2));

    process.kill(extra[0]!, 'SIGKILL');
    // Until it is back, /api/health says so, with a 200: the others serve. (No worker polls this task queue.) A
    // connection the kernel gave the dying process is reset: asked again.
    let health: HealthResponse | undefined;
    for (let waited = 0; health?.api !== 'degraded' && waited < 5_000; waited += 50) {
      const response = await fetch(`${base}/api/health`, { headers: { connection: 'close' } }).catch(() => undefined);
      if (response) health = (await response.json()) as HealthResponse;
    }
    expect(health).toMatchObject({ status: 'degraded', api: 'degraded', workers: 'down' });
    expect(health!.detail).toMatch(/The API process [23] stopped \(signal SIGKILL\); (it starts again in 1 s|it is starting again)\.$/);
    let replaced: number[] = [];
    for (let waited = 0; waited < 20_000; waited += 200) {
      replaced = instances(port);
      if (replaced.length === 2 && !replaced.includes(extra[0]!)) break;
      await sleep(200);
    }
    expect(replaced).toHaveLength(2);
    expect(replaced).not.toContain(extra[0]);
    expect(replaced).toContain(extra[1]);
    expect(api.output()).toMatch(/The API process [23] stopped \(signal SIGKILL\); starting it again in 1 s\./);
    expect(await requests(base, 100)).toEqual(Array(100).fill(200));

    expect(await api.stop()).toBe(0);
    for (let waited = 0; instances(port).length && waited < 15_000; waited += 200) await sleep(200);
    expect(instances(port)).toEqual([]);
    await expect(assertPortFree(port, 'PORT')).resolves.toBeUndefined();
  });

  it('is a whole number from 1 to 64, said in one line otherwise', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe(4);
    expect(loadConfig({}).WEB_CONCURRENCY).toBeUndefined();
    for (const value of ['0', 'many', '1.5', '65']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: value })).toThrow(/^Invalid setting WEB_CONCURRENCY \(got ".*"\): .*How many processes serve the API/);
    }
  });
});
