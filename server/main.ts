import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Connection } from '@temporalio/client';
import type { ProcessesReport } from '../api/routes/health.ts';
import { ConfigError, loadConfig, type Config } from '../core/config.ts';
import type { Orm } from '../core/db/orm.ts';
import { LOCKS_POOL_SIZE, ORM_POOL_SIZE } from '../core/db/pool-sizes.ts';
import { StartupError } from '../core/errors.ts';
import { createLogger, type Logger } from '../core/logger.ts';
import { loadProductWorkflowBundle } from '../workflows/worker.ts';
import { readyBanner } from './banner.ts';
import { claimPlace, startDatabase, startTemporal } from './embedded.ts';
import { CHILD_NODE_ARGS, INSTANCE_COMMAND, INSTANCE_READY, ownCpuMicros, PROCESSES_MESSAGE, startSupervisor, type Supervisor } from './processes.ts';
import type { Services } from './services.ts';

export type Role = 'all' | 'api' | 'worker';

/** What each process the supervisor starts runs: start.ts, which loads the server bundle when it is current. */
const START = fileURLToPath(new URL('./start.ts', import.meta.url));
export interface StartOptions {
  /** Which parts run in this process. Default 'all': embedded services, API, worker and web app. */
  role?: Role;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** Built web app folder; null serves none (used behind the Vite dev server). */
  webDir?: string | null;
  /**
   * Set in the processes the first one of a multi-process start runs (API processes 2, 3, ...; worker processes 1,
   * 2, ...; see processes.ts): PORT is already taken by the first process, and the start-up sweeps (pending e-mail,
   * credit schedules) are the first one's job.
   */
  instance?: number;
  /**
   * How many processes serve the API when WEB_CONCURRENCY is not set. Default 1; the command line (main()) asks
   * for one per CPU core.
   */
  apiProcesses?: number;
  /**
   * Role 'all' only: run the worker in this many processes of its own (WORKER_PROCESSES, when set, says how many)
   * instead of in this process, so that no request is served where an ingest runs. The command line (main()) asks
   * for one per CPU core; unset (start() called directly: the tests, `npm run dev`) the worker runs in this process.
   */
  workerProcesses?: number;
  /**
   * The counts above are the most that run (WEB_CONCURRENCY and WORKER_PROCESSES, when set, are not): the first
   * process and one worker process run at all times, the others while the API or the workers are busy
   * (processes.ts). The command line sets it.
   */
  onDemand?: boolean;
  /** What the first process's supervisor reports, for /api/health in an extra API process (main() receives it by IPC). */
  processes?: () => ProcessesReport | undefined;
}

export interface RunningTickscribe {
  config: Config;
  logger: Logger;
  orm: Orm;
  temporal: Connection;
  /** The services this process composed once, the same ones its API and its worker use. */
  services: Services;
  /** The web app and API, when this process serves them. */
  url?: string;
  temporalUiUrl?: string;
  /** Resolves when the worker running in this process fails on its own after start; see main(). */
  failed: Promise<Error>;
  stop(): Promise<void>;
}

/** Starts the parts of Tickscribe that `role` names. On failure, stops what it had started and rethrows. */
export async function start(options: StartOptions = {}): Promise<RunningTickscribe> {
  const role = options.role ?? 'all';
  const config = loadConfig(options.env);
  const logger = options.logger ?? createLogger(config);
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => logger.warn({ err: error }, 'error while stopping'));
    }
  };
  let reportFailure: (error: Error) => void = () => {};
  const failed = new Promise<Error>((resolve) => (reportFailure = resolve));

  try {
    if (role !== 'all' && (!config.DATABASE_URL || !config.TEMPORAL_ADDRESS)) {
      throw new StartupError(
        `The ${role} role runs against external services: set DATABASE_URL and TEMPORAL_ADDRESS (npm start runs everything with embedded ones).`,
      );
    }
    const serveHttp = role !== 'worker';
    const apiProcesses = !serveHttp || options.instance ? 1 : config.WEB_CONCURRENCY ?? options.apiProcesses ?? 1;
    const workerProcesses = role === 'all' && !options.instance && options.workerProcesses !== undefined
      ? config.WORKER_PROCESSES ?? options.workerProcesses
      : 0;
    const runsWorker = role === 'worker' || (role === 'all' && !workerProcesses);
    await claimPlace(config, logger, serveHttp && !options.instance, cleanups);

    // PostgreSQL and Temporal are started first: they get ready in their own processes while this one loads the
    // code that needs them (the ORM, the plugins and services, the API), most of a start's time.
    // Each process opens its ORM pool, and each worker, while pushing, its lock pool; and tools beside may connect.
    const maxConnections = Math.max(100, apiProcesses * ORM_POOL_SIZE + Math.max(workerProcesses, 1) * (ORM_POOL_SIZE + LOCKS_POOL_SIZE) + 20);
    const launched = { database: Promise.withResolvers<void>(), temporal: Promise.withResolvers<void>() };
    const database = startDatabase(config, logger, maxConnections, cleanups, launched.database.resolve);
    // Spawned (or not to be: external services, a failure).
    const databaseLaunched = Promise.race([launched.database.promise, database.then(() => {}, () => {})]);
    const temporalStarted = startTemporal(config, logger, cleanups, launched.temporal.resolve, databaseLaunched);
    // The code loads once both are spawned: loading first would hold this process's one thread while their launch
    // waited its turn, and they take longest to get ready.
    await Promise.all([databaseLaunched, Promise.race([launched.temporal.promise, temporalStarted.then(() => {}, () => {})])]);
    // Each awaited (so never unhandled) once everything settled.
    const code = {
      migrate: import('../core/db/migrate.ts'),
      services: import('./services.ts').then(({ loadServices }) => loadServices(config, logger)),
      api: serveHttp ? import('./api-role.ts') : undefined,
      worker: runsWorker ? import('./worker-role.ts') : undefined,
    };
    for (const loading of Object.values(code)) loading?.catch(() => {});
    const cacheDir = join(config.DATA_DIR, 'cache');
    // The worker processes read the bundle from the cache this fills (when `npm run build` made none), rather than
    // each making it at once.
    const bundled = workerProcesses ? loadProductWorkflowBundle(cacheDir, logger) : undefined;
    // Settle all before going on, so a failure in one never leaves another running unstopped.
    // The ORM connects and migrates as soon as PostgreSQL and its code are there, while Temporal may still be
    // getting ready (on a fresh DATA_DIR it makes its SQLite file, the last service ready).
    const connected = Promise.all([database, code.migrate]).then(async ([databaseUrl, { connectAndMigrate }]) => {
      const orm = await connectAndMigrate({ databaseUrl, logger });
      cleanups.push(() => orm.close());
      return orm;
    });
    const [databaseUrl, temporal, orm, composed] = await settleAll([
      database, temporalStarted, connected, code.services, bundled, code.api, code.worker,
    ]);
    cleanups.push(() => temporal.connection.close());

    if (runsWorker) {
      const { runWorker } = (await code.worker)!;
      await runWorker({
        config, logger, orm, databaseUrl, temporalAddress: temporal.address, temporal: temporal.connection,
        services: composed, cacheDir, cleanups, onFailure: reportFailure,
      });
    }
    let supervisor: Supervisor | undefined;
    if (serveHttp) {
      const { serveApi } = (await code.api)!;
      await serveApi({
        config, logger, orm, temporal: temporal.connection, temporalAddress: temporal.address, services: composed,
        webDir: options.webDir, sweeps: !options.instance, shared: Boolean(options.instance) || apiProcesses > 1,
        processes: () => supervisor?.report() ?? options.processes?.(), cleanups,
      });
      if (apiProcesses > 1 || workerProcesses) {
        supervisor = await startSupervisor({
          script: START,
          groups: [
            {
              kind: 'api', count: apiProcesses - 1, first: 2, nodeArgs: CHILD_NODE_ARGS.api,
              always: options.onDemand && config.WEB_CONCURRENCY === undefined ? 0 : undefined, alsoServedBy: ownCpuMicros,
            },
            {
              kind: 'worker', count: workerProcesses, first: 1, nodeArgs: CHILD_NODE_ARGS.worker,
              always: options.onDemand && config.WORKER_PROCESSES === undefined ? 1 : undefined,
            },
          ],
          env: { ...(options.env ?? process.env), DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporal.address, DATA_DIR: config.DATA_DIR },
          logger,
          pidDir: config.DATA_DIR,
        });
        const started = supervisor;
        cleanups.push(() => started.stop());
        logger.info({ apiProcesses, workerProcesses }, 'Tickscribe runs in several processes');
      }
    }
    return {
      config, logger, orm, temporal: temporal.connection, services: composed, url: serveHttp ? config.APP_URL : undefined,
      temporalUiUrl: temporal.uiUrl, failed, stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

type Settled<T extends readonly unknown[]> = { [K in keyof T]: Awaited<T[K]> };

async function settleAll<T extends readonly unknown[]>(promises: T): Promise<Settled<T>> {
  const results = await Promise.allSettled(promises);
  const rejected = results.find((result) => result.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as Settled<T>;
}

/**
 * `--instance=N`: this is the Nth API process (from 2: the first is 1) or worker process (from 1) of a
 * multi-process start (see processes.ts).
 */
function instanceFromArgs(args: string[], role: Role): number | undefined {
  const value = args.find((arg) => arg.startsWith(INSTANCE_COMMAND))?.slice(INSTANCE_COMMAND.length);
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || role === 'all' || number < (role === 'api' ? 2 : 1)) {
    throw new StartupError(`Unknown instance "${value}": --instance is set by Tickscribe itself for the API and worker processes it starts.`);
  }
  return number;
}

/** The supervisor's latest report, in a process it started (sent over the IPC channel; see processes.ts). */
function receiveProcessesReport(): () => ProcessesReport | undefined {
  let latest: ProcessesReport | undefined;
  process.on('message', (message: { type?: unknown; report?: ProcessesReport }) => {
    if (message?.type === PROCESSES_MESSAGE) latest = message.report;
  });
  return () => latest;
}

function roleFromArgs(args: string[]): Role {
  const value = args.find((arg) => arg.startsWith('--role='))?.slice('--role='.length) ?? 'all';
  if (value === 'all' || value === 'api' || value === 'worker') return value;
  throw new StartupError(`Unknown role "${value}": use --role=all, --role=api or --role=worker.`);
}

/**
 * Command-line entry: one line on stderr and exit code 1 for any start-up problem, never a stack trace. Ctrl-C,
 * SIGTERM and SIGHUP (even while starting) stop every part in order and exit 0 with one line saying so. With every
 * part (no --role, as `npm start` runs it) the API is served by WEB_CONCURRENCY processes and the worker runs in
 * WORKER_PROCESSES processes of its own, all kept running by this one; unset, up to one of each per CPU core, the
 * extra ones started while busy and stopped once quiet.
 */
export async function main(args = process.argv.slice(2)): Promise<void> {
  let running: RunningTickscribe | undefined;
  let stopping: string | undefined;
  let instance: number | undefined;
  const say = (text: string) => instance === undefined && process.stdout.write(text);
  const shutdown = async (code: number) => {
    if (!running) return;
    await running.stop();
    say(code === 0 ? 'Tickscribe stopped.\n' : '');
    process.exit(code);
  };
  const onSignal = (reason: string) => {
    if (stopping) return;
    stopping = reason;
    say(`Stopping Tickscribe (${reason})...\n`);
    void shutdown(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // The terminal went away (an SSH session ended, the window closed): stop like Ctrl-C, not leave PostgreSQL and
  // Temporal behind. Its output is closed by then: writes to it fail (EPIPE, EIO) and are dropped, never fatal.
  process.on('SIGHUP', onSignal);
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  // A launcher killed outright (kill -9 of `npm start`) forwards nothing: its end is the signal to stop. The
  // processes the first one starts have an IPC channel to it, which tells at once.
  const launcher = process.ppid;
  setInterval(() => process.ppid !== launcher && onSignal('its launcher exited'), 1000).unref();
  const supervised = Boolean(process.send) && args.some((arg) => arg.startsWith(INSTANCE_COMMAND));
  if (supervised) process.once('disconnect', () => onSignal('its launcher exited'));
  const processes = supervised ? receiveProcessesReport() : undefined;

  const startedAt = performance.now();
  let role: Role = 'all';
  try {
    role = roleFromArgs(args);
    instance = instanceFromArgs(args, role);
    const cores = availableParallelism();
    running = await start({ role, instance, apiProcesses: cores, workerProcesses: cores, onDemand: true, processes });
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof StartupError;
    process.stderr.write(`Tickscribe could not start: ${known ? error.message : describeUnexpected(error)}\n`);
    process.exit(1);
  }
  if (stopping) return shutdown(0);
  if (instance !== undefined) {
    process.stdout.write(`${INSTANCE_READY}\n`);
  } else {
    const seconds = (performance.now() - startedAt) / 1000;
    process.stdout.write(readyBanner({ config: running.config, role, seconds, url: running.url, temporalUiUrl: running.temporalUiUrl }));
  }
  // The worker of a worker process (or of start:worker) that fails ends its process: the first process (or the
  // deployment's supervisor) starts it again.
  void running.failed.then((error) => {
    if (stopping) return;
    stopping = 'failure';
    running!.logger.fatal({ err: error }, 'a part of Tickscribe stopped; shutting down');
    void shutdown(1);
  });
}

function describeUnexpected(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `${message.split('\n')[0]} (set LOG_LEVEL=debug for details)`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
