// The worker part of a process (`--role=worker`, a worker process of `npm start`, or `start()` with the worker in the
// same process): loaded only where a worker runs, so the API processes never load the worker SDK's native core.
import { availableParallelism } from 'node:os';
import type { Connection } from '@temporalio/client';
import type { Config } from '../core/config.ts';
import type { Orm } from '../core/db/orm.ts';
import type { Logger } from '../core/logger.ts';
import { createMailer } from '../core/mail/mailer.ts';
import { AdvisoryLocks } from '../core/push/locks.ts';
import { Pusher } from '../core/push/pusher.ts';
import { connectWorker } from '../core/temporal/connect.ts';
import { waitUntilPolling } from '../core/temporal/pollers.ts';
import { installTemporalRuntime } from '../core/temporal/runtime.ts';
import { createActivities } from '../workflows/activities.ts';
import { createWorker, loadProductWorkflowBundle } from '../workflows/worker.ts';
import type { Services } from './services.ts';

export interface WorkerRoleOptions {
  config: Config;
  logger: Logger;
  orm: Orm;
  databaseUrl: string;
  temporalAddress: string;
  /** The client connection, to see the worker poll. */
  temporal: Connection;
  services: Services;
  /** Where the workflow bundle is cached when `npm run build` made none for these sources. */
  cacheDir: string;
  cleanups: (() => Promise<unknown>)[];
  /** Called when the worker fails on its own after start. */
  onFailure: (error: Error) => void;
}

/** Runs a worker on the task queue with the services of this process; resolves once it polls. */
export async function runWorker(options: WorkerRoleOptions): Promise<void> {
  const { config, logger, orm, services, cleanups } = options;
  const bundle = loadProductWorkflowBundle(options.cacheDir, logger);
  bundle.catch(() => {}); // awaited below; a failure meanwhile is not unhandled
  installTemporalRuntime(logger);
  const mailer = createMailer(config, logger);
  cleanups.push(async () => mailer.close());
  const connection = await connectWorker(options.temporalAddress);
  cleanups.push(() => connection.close());
  const locks = new AdvisoryLocks(options.databaseUrl);
  cleanups.push(() => locks.close());
  const worker = await createWorker({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    workflowBundle: await bundle,
    activities: createActivities({
      orm, logger, mailer, plugins: services.plugins, extractor: services.extractor, credits: services.credits,
      pusher: new Pusher({ orm, connections: services.connections, locks }), connections: services.connections, meetingBot: services.meetingBot,
    }),
    activityConcurrency: config.WORKER_ACTIVITY_CONCURRENCY,
    // An ingest's steps are local activities, which keep their workflow task open while they run.
    workflowConcurrency: config.WORKER_WORKFLOW_CONCURRENCY ?? 16 * availableParallelism(),
  });
  const running = worker.run();
  running.catch((error: unknown) => options.onFailure(error instanceof Error ? error : new Error(String(error))));
  cleanups.push(async () => {
    if (worker.getState() === 'RUNNING') worker.shutdown();
    await running.catch(() => {});
  });
  // Ready means polling: Temporal hands this worker tasks, and /api/health sees it, from the moment start() returns.
  const identity = worker.options.identity;
  if (!await waitUntilPolling(options.temporal, { namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.TEMPORAL_TASK_QUEUE, identity })) {
    logger.warn({ identity }, 'the worker does not poll the task queue yet');
  }
}
