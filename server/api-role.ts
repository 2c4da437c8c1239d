// The API part of a process (`--role=api`, an API process of `npm start`, or `start()`): the web app and API on
// PORT, and in the first process the start-up sweeps. Loaded only where the API is served, so the worker processes
// never load Koa, the routes and their schemas.
import { createServer, type Server } from 'node:http';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../api/app.ts';
import type { ProcessesReport } from '../api/routes/health.ts';
import type { Config } from '../core/config.ts';
import type { Orm } from '../core/db/orm.ts';
import { StartupError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import { OutboundEmail } from '../core/mail/outbound-email.entity.ts';
import { Workspace } from '../core/workspaces/workspace.entity.ts';
import { startMissingCreditSchedules, startMissingStatusPolls, temporalEmailDispatcher } from '../workflows/client.ts';
import { polledConnections } from '../core/tracker-status/status.ts';
import { trackerManifests } from '../core/connections/tracker-types.ts';
import type { PluginHost } from '../core/plugins/host.ts';
import { processingTime } from './plugins.ts';
import type { Services } from './services.ts';

export interface ApiRoleOptions {
  config: Config;
  logger: Logger;
  orm: Orm;
  temporal: Connection;
  temporalAddress: string;
  services: Services;
  /** Folder of the built web app; null serves none (behind the Vite dev server). */
  webDir?: string | null;
  /** The first process makes the start-up sweeps (pending e-mail, credit schedules); the others do not. */
  sweeps: boolean;
  /** Other API processes listen on PORT too (SO_REUSEPORT). */
  shared: boolean;
  processes: () => ProcessesReport | undefined;
  cleanups: (() => Promise<unknown>)[];
}

/** Serves the API and the web app on PORT; resolves once it listens. */
export async function serveApi(options: ApiRoleOptions): Promise<void> {
  const { config, logger, orm, cleanups } = options;
  const client = new Client({ connection: options.temporal, namespace: config.TEMPORAL_NAMESPACE });
  const emails = temporalEmailDispatcher(client, config.TEMPORAL_TASK_QUEUE, logger);
  if (options.sweeps) {
    // E-mails whose delivery never started (Temporal was unreachable at that moment) go out now.
    const pending = await orm.em.fork().find(OutboundEmail, { status: 'pending' }, { fields: ['id'] });
    await emails.dispatch(pending.map((email) => email.id));
    startCreditSchedules(client, config, orm, logger, cleanups);
    startStatusPolls(client, config, orm, options.services.plugins, logger, cleanups);
  }
  // /api/health's own connection, without the SDK's retries: a check cut short at its time limit while Temporal
  // is away would leave a retry behind, which throws on the closed channel if it fires after a stop. It tries
  // to reconnect at least every 5 s, so the answer follows Temporal's return.
  const health = Connection.lazy({
    address: options.temporalAddress, interceptors: [],
    channelArgs: { 'grpc.initial_reconnect_backoff_ms': 500, 'grpc.max_reconnect_backoff_ms': 5_000 },
  });
  cleanups.push(() => health.close());
  const app = createApp({
    config, logger, orm, temporal: health, workflows: client, emails, webDir: options.webDir, services: options.services,
    processingTime: processingTime(options.services.extractor), processes: options.processes,
  });
  const server = await listen(createServer(app.callback()), config.PORT, config.HOST, options.shared);
  cleanups.push(() => close(server));
}

/**
 * Starts, in the background, the monthly credit reset of every workspace that has none running; stopping Tickscribe
 * waits for it (and cuts it short).
 */
function startCreditSchedules(client: Client, config: Config, orm: Orm, logger: Logger, cleanups: (() => Promise<unknown>)[]): void {
  const abort = new AbortController();
  const sweep = (async () => {
    const workspaces = await orm.em.fork().find(Workspace, {}, { fields: ['id'] });
    const started = await startMissingCreditSchedules(client, config.TEMPORAL_TASK_QUEUE, workspaces.map((workspace) => workspace.id), abort.signal);
    if (started) logger.info({ started }, 'monthly credit resets scheduled');
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) logger.warn({ err: error }, 'could not schedule the monthly credit resets; they are scheduled at the next start');
  });
  cleanups.push(async () => {
    abort.abort();
    await sweep;
  });
}

/**
 * Starts, in the background, the status poll of every connection that has pushed items its tracker can be asked about
 * and has none running; stopping Tickscribe waits for it (and cuts it short).
 */
function startStatusPolls(client: Client, config: Config, orm: Orm, plugins: PluginHost, logger: Logger, cleanups: (() => Promise<unknown>)[]): void {
  const abort = new AbortController();
  const sweep = (async () => {
    const connections = await polledConnections(orm.em.fork(), (type) => plugins.statusSupport(type).itemStatus);
    const name = (type: string) => trackerManifests(plugins).find((manifest) => manifest.id === type)?.name ?? type;
    const started = await startMissingStatusPolls(
      client, config.TEMPORAL_TASK_QUEUE,
      connections.map((connection) => ({ connectionId: connection.id, workspaceId: connection.workspaceId, tracker: name(connection.type), project: connection.project })),
      config.TRACKER_STATUS_POLL_SECONDS, abort.signal,
    );
    if (started) logger.info({ started }, 'tracker status polls started');
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) logger.warn({ err: error }, 'could not start the tracker status polls; they are started at the next start');
  });
  cleanups.push(async () => {
    abort.abort();
    await sweep;
  });
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
