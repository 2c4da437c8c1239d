import { createServer, type Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import type { NativeConnection, Worker } from '@temporalio/worker';
import { createApp } from '../api/app.ts';
import { startMissingCreditSchedules, temporalEmailDispatcher } from '../workflows/client.ts';
import { createActivities } from '../workflows/activities.ts';
import { createWorker, DEFAULT_WORKFLOWS_PATH, loadWorkflowBundle } from '../workflows/worker.ts';
import { ConfigError, loadConfig, type Config } from '../core/config.ts';
import { Connections } from '../core/connections/connections.ts';
import { oauthSetup } from '../core/oauth/apps.ts';
import { loadCredentialsKey } from '../core/connections/credentials.ts';
import { billingSetup } from '../core/billing/stripe.ts';
import { Credits } from '../core/credits/credits.ts';
import { postgresPidFile, startEmbeddedPostgres } from '../core/db/embedded-postgres.ts';
import { connectAndMigrate } from '../core/db/migrate.ts';
import { ORM_POOL_SIZE, type Orm } from '../core/db/orm.ts';
import { StartupError } from '../core/errors.ts';
import { createLogger, type Logger } from '../core/logger.ts';
import { createMailer } from '../core/mail/mailer.ts';
import { OutboundEmail } from '../core/mail/outbound-email.entity.ts';
import { User } from '../core/users/user.entity.ts';
import { assertPortFree } from '../core/ports.ts';
import { AdvisoryLocks, LOCKS_POOL_SIZE } from '../core/push/locks.ts';
import { Pusher } from '../core/push/pusher.ts';
import { claimDataDir } from '../core/stale-process.ts';
import { connectWorker, ensureSearchAttributes, waitForTemporal } from '../core/temporal/connect.ts';
import { startTemporalDevServer, temporalPidFile, type RunningTemporalDevServer, type TemporalDevServerOptions } from '../core/temporal/dev-server.ts';
import { waitUntilPolling } from '../core/temporal/pollers.ts';
import { installTemporalRuntime } from '../core/temporal/runtime.ts';
import type { ProcessesReport } from '../api/routes/health.ts';
import { configuredMeetingBot, loadConfiguredPlugins, processingTime } from './plugins.ts';
import { Backoff, childPidFiles, inWords, INSTANCE_COMMAND, INSTANCE_READY, PROCESSES_MESSAGE, startSupervisor, type Supervisor } from './processes.ts';
import { createOutboundHttp } from '../core/net/http.ts';

export type Role = 'all' | 'api' | 'worker';

const MAIN = fileURLToPath(import.meta.url);
/**
 * The JavaScript heap limit of an extra API process, in MiB (it lives on about 70). V8 sizes its heap growth from
 * the limit: with the default (a share of the machine's memory) a process that served a burst kept hundreds of
 * MiB it no longer used; under this limit it gives them back once idle, at no cost in requests per second.
 */
export const API_HEAP_MIB = 384;
/**
 * The JavaScript heap limit of a worker process, in MiB: the limit the first process has had since it ran the
 * worker (package.json's start script). A worker that reaches it dies alone and is started again.
 */
export const WORKER_HEAP_MIB = 1024;

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
  /** What the first process's supervisor reports, for /api/health in an extra API process (main() receives it by IPC). */
  processes?: () => ProcessesReport | undefined;
}

export interface RunningTickscribe {
  config: Config;
  logger: Logger;
  orm: Orm;
  temporal: Connection;
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
    const runWorker = role === 'worker' || (role === 'all' && !workerProcesses);
    if (!config.DATABASE_URL || !config.TEMPORAL_ADDRESS) {
      // Before any port check: a start killed with -9 leaves its PostgreSQL and Temporal holding their ports. The
      // API and worker processes it ran go first, as they use the other two.
      const release = await claimDataDir(config.DATA_DIR, [
        ...childPidFiles(config.DATA_DIR).map((pidFile) => ({ pidFile, command: INSTANCE_COMMAND })),
        ...(config.DATABASE_URL ? [] : [{ pidFile: postgresPidFile(config.DATA_DIR), command: 'postgres' }]),
        ...(config.TEMPORAL_ADDRESS ? [] : [{ pidFile: temporalPidFile(config.DATA_DIR), command: 'start-dev' }]),
      ], logger);
      cleanups.push(async () => release());
    }
    if (serveHttp && !options.instance) await assertPortFree(config.PORT, 'PORT', config.HOST);
    if (!config.DATABASE_URL) await assertPortFree(config.EMBEDDED_POSTGRES_PORT, 'EMBEDDED_POSTGRES_PORT');
    if (!config.TEMPORAL_ADDRESS) {
      await assertPortFree(config.TEMPORAL_PORT, 'TEMPORAL_PORT');
      await assertPortFree(config.TEMPORAL_UI_PORT, 'TEMPORAL_UI_PORT');
    }

    const database = (async () => {
      if (config.DATABASE_URL) return config.DATABASE_URL;
      const embedded = await startEmbeddedPostgres({
        dataDir: config.DATA_DIR, port: config.EMBEDDED_POSTGRES_PORT, logger,
        // Each process opens its ORM pool, and each worker, while pushing, its lock pool; and tools beside may connect.
        maxConnections: Math.max(100, apiProcesses * ORM_POOL_SIZE + Math.max(workerProcesses, 1) * (ORM_POOL_SIZE + LOCKS_POOL_SIZE) + 20),
      });
      cleanups.push(() => embedded.stop());
      return embedded.url;
    })();
    const temporal = (async () => {
      if (config.TEMPORAL_ADDRESS) {
        const connection = await waitForTemporal({ address: config.TEMPORAL_ADDRESS });
        await ensureSearchAttributes(connection, config.TEMPORAL_NAMESPACE, logger);
        return { connection, address: config.TEMPORAL_ADDRESS };
      }
      const devServerOptions: TemporalDevServerOptions = {
        cliPath: config.TEMPORAL_CLI_PATH,
        dataDir: config.DATA_DIR,
        port: config.TEMPORAL_PORT,
        uiPort: config.TEMPORAL_UI_PORT,
        namespace: config.TEMPORAL_NAMESPACE,
        logger,
      };
      const devServer = await startTemporalDevServer(devServerOptions);
      const kept = keepDevServerRunning(devServer, devServerOptions, logger);
      cleanups.push(() => kept.stop());
      const connection = await waitForTemporal({ address: devServer.address, abandon: devServer.exited });
      kept.watch();
      return { connection, address: devServer.address, uiUrl: devServer.uiUrl };
    })();
    // The worker processes read the bundle from the cache this fills, rather than each making it at once.
    const workflowBundle = runWorker || workerProcesses
      ? loadWorkflowBundle({ workflowsPath: DEFAULT_WORKFLOWS_PATH, cacheDir: join(config.DATA_DIR, 'cache'), logger })
      : undefined;
    // Settle all three before going on, so a failure in one never leaves another running unstopped.
    const [databaseUrl, temporalInfo, bundle] = await settleAll([database, temporal, workflowBundle]);
    cleanups.push(() => temporalInfo.connection.close());

    const orm = await connectAndMigrate({ databaseUrl, logger });
    cleanups.push(() => orm.close());
    const plugins = await loadPlugins(config, logger);
    const meetingBot = configuredMeetingBot(plugins.plugins, config, createOutboundHttp({ allowlist: config.OUTBOUND_ALLOWLIST, timeoutMs: config.OUTBOUND_TIMEOUT_MS }));
    if (meetingBot) logger.info({ provider: meetingBot.bot.manifest.id }, 'meeting bot configured');
    const credentialsKey = await loadCredentialsKey(config);

    if (runWorker && bundle) {
      installTemporalRuntime(logger);
      const mailer = createMailer(config, logger);
      cleanups.push(async () => mailer.close());
      const connection: NativeConnection = await connectWorker(temporalInfo.address);
      cleanups.push(() => connection.close());
      const locks = new AdvisoryLocks(databaseUrl);
      cleanups.push(() => locks.close());
      const connections = new Connections({
        plugins: plugins.plugins,
        credentialsKey,
        outbound: { allowlist: config.OUTBOUND_ALLOWLIST, timeoutMs: config.OUTBOUND_TIMEOUT_MS },
        logger,
        oauth: oauthSetup(config),
      });
      const worker: Worker = await createWorker({
        connection,
        namespace: config.TEMPORAL_NAMESPACE,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        workflowBundle: bundle,
        activities: createActivities({ orm, logger, mailer, ...plugins, credits: new Credits({ paidPlansAvailable: billingSetup(config).unavailableReason === null }), pusher: new Pusher({ orm, connections, locks }), meetingBot }),
        activityConcurrency: config.WORKER_ACTIVITY_CONCURRENCY,
        // An ingest's steps are local activities, which keep their workflow task open while they run.
        workflowConcurrency: config.WORKER_WORKFLOW_CONCURRENCY ?? 16 * availableParallelism(),
      });
      const running = worker.run();
      running.catch((error: unknown) => reportFailure(error instanceof Error ? error : new Error(String(error))));
      cleanups.push(async () => {
        if (worker.getState() === 'RUNNING') worker.shutdown();
        await running.catch(() => {});
      });
      // Ready means polling: Temporal hands this worker tasks, and /api/health sees it, from the moment start() returns.
      const identity = worker.options.identity;
      if (!await waitUntilPolling(temporalInfo.connection, { namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.TEMPORAL_TASK_QUEUE, identity })) {
        logger.warn({ identity }, 'the worker does not poll the task queue yet');
      }
    }

    let url: string | undefined;
    let supervisor: Supervisor | undefined;
    if (serveHttp) {
      const client = new Client({ connection: temporalInfo.connection, namespace: config.TEMPORAL_NAMESPACE });
      const emails = temporalEmailDispatcher(client, config.TEMPORAL_TASK_QUEUE, logger);
      if (!options.instance) {
        // E-mails whose delivery never started (Temporal was unreachable at that moment) go out now.
        const pending = await orm.em.fork().find(OutboundEmail, { status: 'pending' }, { fields: ['id'] });
        await emails.dispatch(pending.map((email) => email.id));
        startCreditSchedules(client, config, orm, logger, cleanups);
      }
      const billing = billingSetup(config);
      if (config.STRIPE_SECRET_KEY && billing.unavailableReason) {
        logger.warn(`Stripe is only partly configured (${billing.unavailableReason}): paid plans are not offered.`);
      }
      // /api/health's own connection, without the SDK's retries: a check cut short at its time limit while Temporal
      // is away would leave a retry behind, which throws on the closed channel if it fires after a stop. It tries
      // to reconnect at least every 5 s, so the answer follows Temporal's return.
      const health = Connection.lazy({
        address: temporalInfo.address, interceptors: [],
        channelArgs: { 'grpc.initial_reconnect_backoff_ms': 500, 'grpc.max_reconnect_backoff_ms': 5_000 },
      });
      cleanups.push(() => health.close());
      const app = createApp({
        config, logger, orm, temporal: health, workflows: client, emails, webDir: options.webDir,
        processingTime: processingTime(plugins.extractor), plugins: plugins.plugins, credentialsKey,
        meetingBot, processes: () => supervisor?.report() ?? options.processes?.(),
      });
      const shared = Boolean(options.instance) || apiProcesses > 1;
      const server = await listen(createServer(app.callback()), config.PORT, config.HOST, shared);
      cleanups.push(() => close(server));
      if (apiProcesses > 1 || workerProcesses) {
        supervisor = await startSupervisor({
          script: MAIN,
          groups: [
            { kind: 'api', count: apiProcesses - 1, first: 2, nodeArgs: [`--max-old-space-size=${API_HEAP_MIB}`] },
            { kind: 'worker', count: workerProcesses, first: 1, nodeArgs: [`--max-old-space-size=${WORKER_HEAP_MIB}`] },
          ],
          env: { ...(options.env ?? process.env), DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporalInfo.address, DATA_DIR: config.DATA_DIR },
          logger,
          pidDir: config.DATA_DIR,
        });
        const started = supervisor;
        cleanups.push(() => started.stop());
        logger.info({ apiProcesses, workerProcesses }, 'Tickscribe runs in several processes');
      }
      url = config.APP_URL;
    }
    return {
      config, logger, orm, temporal: temporalInfo.connection, url,
      temporalUiUrl: 'uiUrl' in temporalInfo ? temporalInfo.uiUrl : undefined,
      failed, stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Starts the embedded Temporal dev server again, after growing pauses (processes.ts's Backoff), whenever it stops on
 * its own once it was up (from `watch()` on): its state is in DATA_DIR/temporal.db, so the workflows carry on where
 * they were, and the API (whose /api/health answers 503 meanwhile) and the workers reconnect. Only stop() ends it.
 */
function keepDevServerRunning(first: RunningTemporalDevServer, options: TemporalDevServerOptions, logger: Logger) {
  const backoff = new Backoff();
  let current = first;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let launching: Promise<unknown> | undefined;

  const startAgain = async () => {
    const launch = startTemporalDevServer(options);
    launching = launch.catch(() => {});
    let server: RunningTemporalDevServer;
    try {
      server = await launch;
    } catch (error) {
      again(`could not start (${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    current = server;
    follow(server);
    if (stopping) return;
    try {
      const connection = await waitForTemporal({ address: server.address, abandon: server.exited });
      await connection.close();
    } catch {
      // It exited (which starts it again), or it does not answer: stopped, so that it is started again.
      if (!stopping) await server.stop();
      return;
    }
    backoff.running();
    logger.warn('The Temporal dev server is running again.');
  };
  const again = (what: string) => {
    if (stopping) return;
    const delay = backoff.stopped();
    logger.warn(`The Temporal dev server ${what}; starting it again in ${inWords(delay)}.`);
    timer = setTimeout(() => void startAgain(), delay);
  };
  const follow = (server: RunningTemporalDevServer) => void server.exited.then(() => {
    if (server === current) again('stopped');
  });

  return {
    /** From now on, a stop is followed by a start. */
    watch() {
      backoff.running();
      follow(first);
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await launching;
      await current.stop();
    },
  };
}

/**
 * Starts, in the background, the monthly credit reset of every user who has none running; stopping Tickscribe
 * waits for it (and cuts it short).
 */
function startCreditSchedules(client: Client, config: Config, orm: Orm, logger: Logger, cleanups: (() => Promise<unknown>)[]): void {
  const abort = new AbortController();
  const sweep = (async () => {
    const users = await orm.em.fork().find(User, {}, { fields: ['id'] });
    const started = await startMissingCreditSchedules(client, config.TEMPORAL_TASK_QUEUE, users.map((user) => user.id), abort.signal);
    if (started) logger.info({ started }, 'monthly credit resets scheduled');
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) logger.warn({ err: error }, 'could not schedule the monthly credit resets; they are scheduled at the next start');
  });
  cleanups.push(async () => {
    abort.abort();
    await sweep;
  });
}

/** The plugin host and the extractor the settings choose; a refused plugin is logged, a missing extractor stops the start. */
async function loadPlugins(config: Config, logger: Logger) {
  const loaded = await loadConfiguredPlugins(config);
  for (const refused of loaded.plugins.refused) logger.warn(refused, `plugin ${refused.plugin} was not loaded: it ${refused.problem}`);
  logger.info({ extractor: loaded.extractor.manifest.id }, 'extractor chosen');
  return loaded;
}

type Settled<T extends readonly unknown[]> = { [K in keyof T]: Awaited<T[K]> };

async function settleAll<T extends readonly unknown[]>(promises: T): Promise<Settled<T>> {
  const results = await Promise.allSettled(promises);
  const rejected = results.find((result) => result.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as Settled<T>;
}

/** Listens on `port`; `shared` lets the other API processes listen on it too (SO_REUSEPORT: the kernel spreads connections). */
function listen(server: Server, port: number, host: string, shared: boolean): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(`Port ${port} (PORT) is already in use. Stop the program that uses it, or set PORT to a free port.`)
          : error,
      ),
    );
    server.listen({ port, host, reusePort: shared }, () => resolve(server));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
  });
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
 * Command-line entry: one line on stderr and exit code 1 for any start-up problem, never a stack trace. Ctrl-C
 * and SIGTERM (even while starting) stop every part in order and exit 0 with one line saying so. With every part
 * (no --role, as `npm start` runs it) the API is served by WEB_CONCURRENCY processes and the worker runs in
 * WORKER_PROCESSES processes of its own, one of each per CPU core by default, all kept running by this one.
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
  // A launcher killed outright (kill -9 of `npm start`) forwards nothing: its end is the signal to stop. The
  // processes the first one starts have an IPC channel to it, which tells at once.
  const launcher = process.ppid;
  setInterval(() => process.ppid !== launcher && onSignal('its launcher exited'), 1000).unref();
  const supervised = Boolean(process.send) && args.some((arg) => arg.startsWith(INSTANCE_COMMAND));
  if (supervised) process.once('disconnect', () => onSignal('its launcher exited'));
  const processes = supervised ? receiveProcessesReport() : undefined;

  const startedAt = performance.now();
  try {
    const role = roleFromArgs(args);
    instance = instanceFromArgs(args, role);
    const cores = availableParallelism();
    running = await start({ role, instance, apiProcesses: cores, workerProcesses: cores, processes });
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof StartupError;
    process.stderr.write(`Tickscribe could not start: ${known ? error.message : describeUnexpected(error)}\n`);
    process.exit(1);
  }
  if (stopping) return shutdown(0);
  if (instance !== undefined) {
    process.stdout.write(`${INSTANCE_READY}\n`);
  } else {
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    const lines = [
      `Tickscribe is ready (${seconds} s).`,
      ...(running.url ? [`  Web app:      ${running.url}`, `  API docs:     ${running.url}/api/docs`] : []),
      ...(running.temporalUiUrl ? [`  Temporal UI:  ${running.temporalUiUrl}`] : []),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
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
