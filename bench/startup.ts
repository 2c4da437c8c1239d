// Start-up and footprint numbers: cold start to healthy, warm restart to healthy, resident memory of the
// process tree at idle, and the gzip size of the JavaScript the landing page loads.
// Run with `npm run bench` after `npm run build`. Prints numbers; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { postgresBinaries } from '../core/db/embedded-postgres.ts';
import { TEMPLATE_DIR, usableTemplate } from '../core/db/postgres-template.ts';
import { findTemporalCli } from '../core/temporal/cli-path.ts';
import { usableTemporalTemplate } from '../core/temporal/template.ts';
import { launchBrowser, loadedScripts, type LoadedScripts } from '../tests/support/browser.ts';
import { freePort } from '../tests/support/free-port.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The Node flags `npm start` gives the first process (package.json), so the figures are those of what users run. */
const START_SCRIPT = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['start']!;
const START_FLAGS = START_SCRIPT.split(' ').filter((arg) => arg.startsWith('--'));
/** The environment the start script gives by default (`NAME=${NAME:-value}`), paths from the checkout's root. */
const START_ENV = Object.fromEntries([...START_SCRIPT.matchAll(/(\w+)=\$\{\w+:-([^}]+)\}/g)].map(([, name, value]) => [name!, value!.includes('/') ? join(root, value!) : value!]));

/**
 * Starts Tickscribe; `seconds` once /api/health answers 200 (the API serves; the worker process may still be on its
 * way, "degraded"), `allSeconds` once it says "ok" (a worker process polls too).
 */
async function startAndWaitHealthy(env: Record<string, string>, port: number): Promise<{ child: ChildProcess; seconds: number; allSeconds: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...START_FLAGS, 'server/start.ts'], {
    // NODE_COMPILE_CACHE and MALLOC_ARENA_MAX as package.json's start script sets them.
    cwd: root, env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'warn', ...START_ENV, ...env }, stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Tickscribe exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) {
        const seconds = (performance.now() - started) / 1000;
        for (;;) {
          const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { status: string };
          if (health.status === 'ok') return { child, seconds, allSeconds: (performance.now() - started) / 1000 };
          await sleep(50);
        }
      }
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}

function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]!) ?? []));
  return all;
}

/** What a process of the tree is: the first Node process, an API or worker process, PostgreSQL, Temporal. */
function part(pid: number, first: number): string {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const instance = command.find((arg) => arg.startsWith('--instance='))?.slice('--instance='.length);
    if (pid === first) return 'first process (API)';
    if (instance) return `${command.includes('--role=worker') ? 'worker' : 'API'} process ${instance}`;
    if (command.some((arg) => arg.endsWith('/postgres')) || command[0]?.startsWith('postgres:')) return 'PostgreSQL';
    if (command.includes('start-dev')) return 'Temporal';
    return command[0] ?? String(pid);
  } catch {
    return 'gone';
  }
}

function residentMiB(pids: number[]): number {
  let kib = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      kib += Number(match?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kib / 1024;
}

/**
 * The proportional set size: each page shared by several processes (the Node binary's code, PostgreSQL's shared
 * buffers) counted once over them, where the resident sizes count it in each.
 */
function proportionalMiB(pids: number[]): number {
  let kib = 0;
  for (const pid of pids) {
    try {
      kib += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kib / 1024;
}

async function landingJavaScript(url: string): Promise<LoadedScripts> {
  const browser = await launchBrowser();
  try {
    return await loadedScripts(await browser.newPage(), url, 'h1');
  } finally {
    await browser.close();
  }
}

const dataDirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'tickscribe-bench-')));
const port = await freePort();
const env = {
  PORT: String(port),
  EMBEDDED_POSTGRES_PORT: String(await freePort()),
  TEMPORAL_PORT: String(await freePort()),
  TEMPORAL_UI_PORT: String(await freePort()),
  // The CLI, and how many processes serve the API and run the workers, when given.
  ...Object.fromEntries(['TEMPORAL_CLI_PATH', 'WEB_CONCURRENCY', 'WORKER_PROCESSES'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : []))),
};
try {
  // Three first starts, each on a DATA_DIR of its own (the first after a build also fills Node's compile cache).
  const coldRuns: number[] = [];
  const coldAll: number[] = [];
  for (const dataDir of dataDirs) {
    const cold = await startAndWaitHealthy({ ...env, DATA_DIR: dataDir }, port);
    coldRuns.push(cold.seconds);
    coldAll.push(cold.allSeconds);
    await stop(cold.child);
  }
  const warmRuns: number[] = [];
  const warmAll: number[] = [];
  let last: ChildProcess | undefined;
  for (let run = 0; run < 3; run++) {
    const warm = await startAndWaitHealthy({ ...env, DATA_DIR: dataDirs[2]! }, port);
    warmRuns.push(warm.seconds);
    warmAll.push(warm.allSeconds);
    if (run < 2) await stop(warm.child);
    else last = warm.child;
  }
  await sleep(10_000);
  const pids = descendants(last!.pid!);
  const rss = residentMiB(pids);
  const pss = proportionalMiB(pids);
  const parts = new Map<string, number[]>();
  for (const pid of pids) {
    const name = part(pid, last!.pid!);
    parts.set(name, [...(parts.get(name) ?? []), pid]);
  }
  const partsMiB = [...parts].sort().map(([name, ofPart]) => `${name} ${residentMiB(ofPart).toFixed(0)}`);
  const js = await landingJavaScript(`http://127.0.0.1:${port}/`);
  await stop(last!);

  const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[1]!.toFixed(2);
  const listed = (runs: number[]) => runs.map((s) => s.toFixed(2)).join(', ');
  const cli = findTemporalCli(process.env['TEMPORAL_CLI_PATH']);
  const made = [
    usableTemplate(TEMPLATE_DIR, (await postgresBinaries()).postgres) ? 'a copy of the ready-made cluster' : 'initdb (no ready-made cluster)',
    cli && usableTemporalTemplate(cli) ? 'a copy of the ready-made Temporal database' : 'a new Temporal database',
  ];
  console.log(`cold start to healthy (fresh DATA_DIR: ${made.join(', ')}), median of 3: ${median(coldRuns)} s  [runs: ${listed(coldRuns)}]`);
  console.log(`warm restart to healthy (median of 3): ${median(warmRuns)} s  [runs: ${listed(warmRuns)}]`);
  console.log(`  to every part up (a worker process polling too): cold ${median(coldAll)} s [${listed(coldAll)}], warm ${median(warmAll)} s [${listed(warmAll)}]`);
  console.log(`resident memory at idle, whole process tree (${pids.length} processes): ${rss.toFixed(0)} MiB`);
  console.log(`  by part (MiB): ${partsMiB.join(', ')}`);
  console.log(`  proportional set size (shared pages counted once): ${pss.toFixed(0)} MiB`);
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`landing page JavaScript: ${js.files.length} files, ${kib(js.raw)} KiB raw, ${kib(js.gzip)} KiB gzip (goal: at most 120)`);
  for (const file of [...js.files].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kib(file.gzip).padStart(6)} KiB gzip  ${file.name}`);
} finally {
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
}
