import { createServer, type Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, type Connection } from '@temporalio/client';
import type { NativeConnection, Worker } from '@temporalio/worker';
import { createApp } from '../api/app.ts';
import { startMissingCreditSchedules, temporalEmailDispatcher } from '../workflows/client.ts';
import { createActivities } from '../workflows/activities.ts';
import { createWorker, DEFAULT_WORKFLOWS_PATH, loadWorkflowBundle } from '../workflows/worker.ts';
import { ConfigError, loadConfig, type Config } from '../core/config.ts';
import { Connections } from '../core/connections/connections.ts';
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
import { connectWorker, waitForTemporal } from '../core/temporal/connect.ts';
import { startTemporalDevServer, temporalPidFile } from '../core/temporal/dev-server.ts';
import { installTemporalRuntime } from '../core/temporal/runtime.ts';
import { configuredMeetingBot, loadConfiguredPlugins, processingTime } from './plugins.ts';
import { apiPidFiles, INSTANCE_COMMAND, INSTANCE_READY, startApiProcesses } from './api-processes.ts';
import { createOutboundHttp } from '../core/net/http.ts';

export type Role = 'all' | 'api' | 'worker';

export interface StartOptions {
  /** Which parts run in this process. Default 'all': embedded services, API, worker and web app. */
  role?: Role;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** Built web app folder; null serves none (used behind the Vite dev server). */
  webDir?: string | null;
  /**
   * Set in the extra API processes of a multi-process start (2, 3, ...; see api-processes.ts): PORT is already
   * taken by the first process, and the start-up sweeps (pending e-mail, credit schedules) are the first one's job.
   */
  instance?: number;
  /**
   * How many processes serve the API when WEB_CONCURRENCY is not set. Default 1; the command line (main()) asks
   * for one per CPU core.
   */
  apiProcesses?: number;
}

export interface RunningTickscribe {
  config: Config;
  logger: Logger;
  orm: Orm;
  temporal: Connection;
  /** The web app and API, when this process serves them. */
  url?: string;
  temporalUiUrl?: string;
  /** Resolves when a part fails on its own after start (the worker, or the dev server); see main(). */
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
    const runWorker = role !== 'api';
    const processes = !serveHttp || options.instance ? 1 : config.WEB_CONCURRENCY ?? options.apiProcesses ?? 1;
    if (!config.DATABASE_URL || !config.TEMPORAL_ADDRESS) {
      // Before any port check: a start killed with -9 leaves its PostgreSQL and Temporal holding their ports.
      const release = await claimDataDir(config.DATA_DIR, [
        ...(config.DATABASE_URL ? [] : [{ pidFile: postgresPidFile(config.DATA_DIR), command: 'postgres' }]),
        ...(config.TEMPORAL_ADDRESS ? [] : [{ pidFile: temporalPidFile(config.DATA_DIR), command: 'start-dev' }]),
        ...apiPidFiles(config.DATA_DIR).map((pidFile) => ({ pidFile, command: INSTANCE_COMMAND })),
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
        // Each process may open its ORM pool and, while pushing, its lock pool; and tools beside may connect.
        maxConnections: Math.max(100, processes * (ORM_POOL_SIZE + LOCKS_POOL_SIZE) + 20),
      });
      cleanups.push(() => embedded.stop());
      return embedded.url;
    })();
    const temporal = (async () => {
      if (config.TEMPORAL_ADDRESS) {
        return { connection: await waitForTemporal({ address: config.TEMPORAL_ADDRESS }), address: config.TEMPORAL_ADDRESS };
      }
      const devServer = await startTemporalDevServer({
        cliPath: config.TEMPORAL_CLI_PATH,
        dataDir: config.DATA_DIR,
        port: config.TEMPORAL_PORT,
        uiPort: config.TEMPORAL_UI_PORT,
        namespace: config.TEMPORAL_NAMESPACE,
        logger,
      });
      cleanups.push(() => devServer.stop());
      const connection = await waitForTemporal({ address: devServer.address, abandon: devServer.exited });
      void devServer.exited.then(() => reportFailure(new Error('The Temporal dev server stopped.')));
      return { connection, address: devServer.address, uiUrl: devServer.uiUrl };
    })();
    const workflowBundle = runWorker
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
      });
      const worker: Worker = await createWorker({
        connection,
        namespace: config.TEMPORAL_NAMESPACE,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        workflowBundle: bundle,
        activities: createActivities({ orm, logger, mailer, ...plugins, credits: new Credits(), pusher: new Pusher({ orm, connections, locks }), meetingBot }),
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
    }

    let url: string | undefined;
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
      const app = createApp({
        config, logger, orm, temporal: temporalInfo.connection, workflows: client, emails, webDir: options.webDir,
        processingTime: processingTime(plugins.extractor), plugins: plugins.plugins, credentialsKey,
        meetingBot,
      });
      const shared = Boolean(options.instance) || processes > 1;
      const server = await listen(createServer(app.callback()), config.PORT, config.HOST, shared);
      cleanups.push(() => close(server));
      if (processes > 1) {
        const extra = await startApiProcesses({
          count: processes - 1,
          role: runWorker ? 'all' : 'api',
          env: { ...(options.env ?? process.env), DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporalInfo.address, DATA_DIR: config.DATA_DIR },
          logger,
          pidDir: config.DATA_DIR,
          onFailure: reportFailure,
        });
        cleanups.push(() => extra.stop());
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

/** `--instance=N`: this is the Nth API process of a multi-process start (see api-processes.ts). */
function instanceFromArgs(args: string[]): number | undefined {
  const value = args.find((arg) => arg.startsWith(INSTANCE_COMMAND))?.slice(INSTANCE_COMMAND.length);
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 2) throw new StartupError(`Unknown instance "${value}": --instance is set by Tickscribe itself for its extra API processes.`);
  return number;
}

function roleFromArgs(args: string[]): Role {
  const value = args.find((arg) => arg.startsWith('--role='))?.slice('--role='.length) ?? 'all';
  if (value === 'all' || value === 'api' || value === 'worker') return value;
  throw new StartupError(`Unknown role "${value}": use --role=all, --role=api or --role=worker.`);
}

/**
 * Command-line entry: one line on stderr and exit code 1 for any start-up problem, never a stack trace. Ctrl-C
 * and SIGTERM (even while starting) stop every part in order and exit 0 with one line saying so.
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
  // A launcher killed outright (kill -9 of `npm start`) forwards nothing: its end is the signal to stop.
  const launcher = process.ppid;
  setInterval(() => process.ppid !== launcher && onSignal('its launcher exited'), 1000).unref();

  const startedAt = performance.now();
  try {
    instance = instanceFromArgs(args);
    running = await start({ role: roleFromArgs(args), instance, apiProcesses: availableParallelism() });
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
