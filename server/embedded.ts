// The services Tickscribe runs itself when the settings name none: the embedded PostgreSQL (no DATABASE_URL) and
// the Temporal CLI's dev server (no TEMPORAL_ADDRESS), or the connection to the external ones.
import type { Connection } from '@temporalio/client';
import type { Config } from '../core/config.ts';
import { postgresPidFile, startEmbeddedPostgres } from '../core/db/embedded-postgres.ts';
import type { Logger } from '../core/logger.ts';
import { assertPortFree } from '../core/ports.ts';
import { claimDataDir } from '../core/stale-process.ts';
import { startTemporalDevServer, temporalPidFile, type RunningTemporalDevServer, type TemporalDevServerOptions } from '../core/temporal/dev-server.ts';
import { Backoff, childPidFiles, inWords, INSTANCE_COMMAND } from './processes.ts';

type Cleanups = (() => Promise<unknown>)[];

/**
 * Before any port check: a start killed with -9 leaves its PostgreSQL and Temporal holding their ports, so what it
 * left in DATA_DIR is stopped first (the API and worker processes it ran go first, as they use the other two). Then
 * the ports this start needs are checked, each named in words when taken.
 */
export async function claimPlace(config: Config, logger: Logger, listens: boolean, cleanups: Cleanups): Promise<void> {
  if (!config.DATABASE_URL || !config.TEMPORAL_ADDRESS) {
    const release = await claimDataDir(config.DATA_DIR, [
      ...childPidFiles(config.DATA_DIR).map((pidFile) => ({ pidFile, command: INSTANCE_COMMAND })),
      ...(config.DATABASE_URL ? [] : [{ pidFile: postgresPidFile(config.DATA_DIR), command: 'postgres' }]),
      ...(config.TEMPORAL_ADDRESS ? [] : [{ pidFile: temporalPidFile(config.DATA_DIR), command: 'start-dev' }]),
    ], logger);
    cleanups.push(async () => release());
  }
  if (listens) await assertPortFree(config.PORT, 'PORT', config.HOST);
  if (!config.DATABASE_URL) await assertPortFree(config.EMBEDDED_POSTGRES_PORT, 'EMBEDDED_POSTGRES_PORT');
  if (!config.TEMPORAL_ADDRESS) {
    await assertPortFree(config.TEMPORAL_PORT, 'TEMPORAL_PORT');
    await assertPortFree(config.TEMPORAL_UI_PORT, 'TEMPORAL_UI_PORT');
  }
}

/** DATABASE_URL, or the URL of the embedded PostgreSQL, started for `maxConnections`. */
export async function startDatabase(config: Config, logger: Logger, maxConnections: number, cleanups: Cleanups, onLaunched?: () => void): Promise<string> {
  if (config.DATABASE_URL) return config.DATABASE_URL;
  const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_POSTGRES_PORT, logger, maxConnections, onLaunched });
  cleanups.push(() => embedded.stop());
  return embedded.url;
}

export interface TemporalInfo {
  connection: Connection;
  address: string;
  /** The embedded dev server's Web UI. */
  uiUrl?: string;
}

/**
 * A connection to TEMPORAL_ADDRESS, or to the embedded dev server, started and kept running. The client SDK (a few
 * hundred milliseconds of loading, which hold this process's one thread) loads once the dev server is on its way and
 * `loadClientAfter` has settled (main.ts: once PostgreSQL's launch is under way too).
 */
export async function startTemporal(
  config: Config, logger: Logger, cleanups: Cleanups, onLaunched?: () => void, loadClientAfter?: Promise<unknown>,
): Promise<TemporalInfo> {
  const client = async () => {
    await loadClientAfter;
    return import('../core/temporal/connect.ts');
  };
  if (config.TEMPORAL_ADDRESS) {
    const { ensureSearchAttributes, waitForTemporal } = await client();
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
  const devServer = await startTemporalDevServer({ ...devServerOptions, onLaunched });
  const kept = keepDevServerRunning(devServer, devServerOptions, logger);
  cleanups.push(() => kept.stop());
  const { waitForTemporal } = await client();
  const connection = await waitForTemporal({ address: devServer.address, abandon: devServer.exited });
  kept.watch();
  return { connection, address: devServer.address, uiUrl: devServer.uiUrl };
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
      const { waitForTemporal } = await import('../core/temporal/connect.ts');
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
