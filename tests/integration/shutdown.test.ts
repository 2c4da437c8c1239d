// Every way a user or a supervisor stops `npm start` ends with nothing left running or listening, or recovers on
// the next start: Ctrl-C, SIGTERM to npm or to node, the terminal going away (its output closed, then SIGHUP and
// SIGTERM), npm killed outright, node killed with -9 and started again (its API and worker processes reaped by the
// next start even when they could not stop on their own).
// The embedded PostgreSQL gets a random password of its own, kept under DATA_DIR for the owner only.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl, passwordFile } from '../../core/db/embedded-postgres.ts';
import { assertPortFree } from '../../core/ports.ts';
import { freePort } from '../support/free-port.ts';
import { ROOT } from '../support/process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'tickscribe-stop-'));
let ports: { web: number; pg: number; temporal: number; ui: number };
const running: ChildProcess[] = [];

beforeAll(async () => {
  ports = { web: await freePort(), pg: await freePort(), temporal: await freePort(), ui: await freePort() };
});
afterAll(async () => {
  // A failed assertion must not leave a Tickscribe (with its PostgreSQL and Temporal) running.
  const kill = (pid: number) => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  for (const child of running) if (child.pid) kill(-child.pid);
  await new Promise((resolve) => setTimeout(resolve, 500));
  leftovers().forEach(kill);
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  npm: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` in a process group of its own, as a terminal runs it; resolves when Tickscribe is ready. */
async function npmStart(env: Record<string, string> = {}): Promise<Started> {
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    detached: true,
    env: {
      PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', LOG_LEVEL: 'warn', DATA_DIR: dataDir,
      PORT: String(ports.web), EMBEDDED_POSTGRES_PORT: String(ports.pg), TEMPORAL_PORT: String(ports.temporal), TEMPORAL_UI_PORT: String(ports.ui),
      ...(process.env['TEMPORAL_CLI_PATH'] ? { TEMPORAL_CLI_PATH: process.env['TEMPORAL_CLI_PATH'] } : {}),
      ...env,
    },
  });
  running.push(npm);
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  for (let waited = 0; !output.includes('Tickscribe is ready'); waited += 100) {
    if (npm.exitCode !== null || waited > 120_000) throw new Error(`npm start did not get ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { npm, output: () => output, exited };
}

/** Processes still running for this DATA_DIR: node, PostgreSQL, Temporal. */
function leftovers(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
        // node server/start.ts, its API and worker processes (server/main.ts --role=api|worker --instance=N),
        // PostgreSQL, Temporal.
        return line.includes(dataDir) || (/server\/(start|main)\.ts/.test(line) && readFileSync(`/proc/${pid}/environ`, 'utf8').includes(dataDir));
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Waits until nothing of this start runs and every port it used can be bound again. */
async function expectAllStopped(): Promise<void> {
  for (let waited = 0; leftovers().length && waited < 30_000; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200));
  expect(leftovers()).toEqual([]);
  for (const [setting, port] of Object.entries(ports)) await expect(assertPortFree(port, setting), setting).resolves.toBeUndefined();
}

const nodeOf = (_started: Started) => leftovers().find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/start.ts'))!;

/** The API and worker processes the first process started. */
const supervised = () => leftovers().filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--instance='));

/** Whether `pid` runs (a zombie waiting for its parent to collect it does not). */
function runs(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

describe('stopping npm start', () => {
  it('Ctrl-C stops every part in order and says so, without an error', async () => {
    const started = await npmStart();
    process.kill(-started.npm.pid!, 'SIGINT');
    await started.exited;
    await expectAllStopped();
    expect(started.output()).toContain('Stopping Tickscribe (SIGINT)...\nTickscribe stopped.\n');
    expect(started.output()).not.toMatch(/fatal|stopped; shutting down|Error/);
  });

  it('SIGTERM to the npm process reaches Tickscribe', async () => {
    const started = await npmStart();
    started.npm.kill('SIGTERM');
    await started.exited;
    await expectAllStopped();
    expect(started.output()).toContain('Tickscribe stopped.');
  });

  it('SIGTERM to the node process stops everything too', async () => {
    const started = await npmStart();
    process.kill(nodeOf(started), 'SIGTERM');
    await started.exited;
    await expectAllStopped();
    expect(started.output()).toContain('Stopping Tickscribe (SIGTERM)...');
  });

  it('the terminal going away (output closed, then SIGHUP and SIGTERM, as an SSH disconnect) stops everything', async () => {
    const started = await npmStart();
    // Idle, only one worker process runs beside the first; the others start when busy (processes.ts).
    expect(supervised()).toHaveLength(1);
    // Nobody reads the output any more: each write to it fails from now on (EPIPE), the stop's words included.
    started.npm.stdout!.destroy();
    started.npm.stderr!.destroy();
    process.kill(-started.npm.pid!, 'SIGHUP');
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      process.kill(-started.npm.pid!, 'SIGTERM');
    } catch {
      // The whole group is gone already.
    }
    await expectAllStopped();
  });

  it('npm killed outright: Tickscribe notices its launcher is gone and stops', async () => {
    const started = await npmStart();
    started.npm.kill('SIGKILL');
    await expectAllStopped();
  });

  it('node killed with -9: the next start reaps what it left and starts on the same ports', async () => {
    const first = await npmStart();
    process.kill(nodeOf(first), 'SIGKILL');
    await first.exited;
    expect(leftovers().length).toBeGreaterThan(0);
    const second = await npmStart();
    expect(second.output()).not.toContain('already in use');
    second.npm.kill('SIGTERM');
    await second.exited;
    await expectAllStopped();
  }, 180_000);

  it('node killed with -9 while its API and worker processes cannot act: the next start reaps them', async () => {
    const cores = String(availableParallelism());
    const first = await npmStart({ WEB_CONCURRENCY: cores, WORKER_PROCESSES: cores });
    const children = supervised();
    // One API process per core besides the first, and one worker process per core.
    expect(children).toHaveLength(2 * availableParallelism() - 1);
    // Stopped, they cannot notice that the first process is gone (an API process would keep PORT, unanswered).
    for (const pid of children) process.kill(pid, 'SIGSTOP');
    process.kill(nodeOf(first), 'SIGKILL');
    await first.exited;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(children.filter(runs)).toEqual(children);
    const second = await npmStart({ WEB_CONCURRENCY: cores, WORKER_PROCESSES: cores });
    expect(second.output()).not.toContain('already in use');
    expect(children.filter(runs)).toEqual([]);
    for (const name of [...Array.from({ length: availableParallelism() - 1 }, (_, i) => `api-${i + 2}.pid`), ...Array.from({ length: availableParallelism() }, (_, i) => `worker-${i + 1}.pid`)]) {
      expect(second.output()).toContain(name);
    }
    second.npm.kill('SIGTERM');
    await second.exited;
    await expectAllStopped();
  }, 180_000);
});

describe('embedded PostgreSQL login', () => {
  it('is a random password kept under DATA_DIR for the owner only; the old fixed one no longer works', async () => {
    expect(statSync(passwordFile(dataDir)).mode & 0o777).toBe(0o600);
    expect(readFileSync(passwordFile(dataDir), 'utf8').trim()).toMatch(/^[\w-]{32}$/);
    const started = await npmStart();
    try {
      const own = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir, ports.pg) });
      await own.connect();
      expect((await own.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await own.end();
      const fixed = new pg.Client({ connectionString: `postgresql://tickscribe:tickscribe@127.0.0.1:${ports.pg}/tickscribe` });
      await expect(fixed.connect()).rejects.toThrow(/password authentication failed/);
    } finally {
      started.npm.kill('SIGTERM');
      await started.exited;
    }
  });
});
