import type { Connection } from '@temporalio/client';
import type { Config } from '../../core/config.ts';
import type { Orm } from '../../core/db/orm.ts';
import { db, sql } from '../../core/db/sql.ts';
import { polling, taskQueuePollers, type TaskQueuePoller } from '../../core/temporal/pollers.ts';
import type { HealthResponse } from '../../schemas/types.ts';
import type { ApiRegistry } from '../routing.ts';

const CHECK_TIMEOUT_MS = 3_000;

/** A process the supervisor of a multi-process start runs that is down: stopped, and started again at `restartAt`. */
export interface DownProcess {
  number: number;
  /** Why it stopped, in words: 'signal SIGKILL', 'out of memory, signal SIGABRT', 'exit code 1'. */
  stopped: string;
  /** When it is started again (epoch ms); past while it starts. */
  restartAt: number;
}

/** What the supervisor knows of the processes it runs (server/processes.ts); absent where there is none. */
export interface ProcessesReport {
  api?: GroupReport;
  workers?: GroupReport;
}

/** A kind of process the supervisor runs: how many should be running now, which of those are down. */
export interface GroupReport {
  count: number;
  down: DownProcess[];
  /** Where some run on demand only: how many may run when busy. */
  most?: number;
}

export interface HealthDependencies {
  orm: Orm;
  temporal: Connection;
  config: Pick<Config, 'TEMPORAL_NAMESPACE' | 'TEMPORAL_TASK_QUEUE'>;
  /** The supervisor's report: in the first process of a multi-process start directly, in the others by IPC. */
  processes?: () => ProcessesReport | undefined;
}

/** Runs a check with a time limit; on timeout the check is aborted, so no retries linger behind the answer. */
async function within<T>(ms: number, check: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([check(controller.signal), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

function describeDown(label: string, down: DownProcess, now: number): string {
  const when = down.restartAt > now ? `it starts again in ${Math.ceil((down.restartAt - now) / 1000)} s` : 'it is starting again';
  return `The ${label} ${down.number} stopped (${down.stopped}); ${when}.`;
}

/**
 * The workers' part: down when no worker polls the task queue (Temporal's list of pollers, so it covers workers in
 * any process or machine) or every worker process is down; degraded when some worker process is down.
 */
function workersState(pollers: TaskQueuePoller[] | undefined, report: ProcessesReport | undefined, taskQueue: string, now: number) {
  const problems: string[] = [];
  const known = report?.workers;
  const down = known?.down ?? [];
  const polled = pollers ? polling(pollers, now).length > 0 : false;
  if (pollers && !polled) problems.push(`No worker polls the task queue "${taskQueue}": uploads wait until one does.`);
  problems.push(...down.map((process) => describeDown('worker process', process, now)));
  const state: HealthResponse['workers'] = !polled || (known && down.length >= known.count) ? 'down' : down.length ? 'degraded' : 'ok';
  return { state, problems };
}

export function healthRoutes(api: ApiRegistry, deps: HealthDependencies): void {
  api.route<undefined, undefined, HealthResponse>({
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    summary: 'Whether the service, its database, Temporal and the workers are up.',
    tag: 'system',
    responses: {
      200: { description: 'Requests are served: everything is up (ok), or a worker or API process is down (degraded; the body says which).', schema: 'api/health.response.schema.json' },
      503: { description: 'The database or Temporal is down; the body names it.', schema: 'api/health.response.schema.json' },
    },
    async handler(ctx) {
      const namespace = deps.config.TEMPORAL_NAMESPACE;
      const taskQueue = deps.config.TEMPORAL_TASK_QUEUE;
      const [database, temporal, pollers] = await Promise.all([
        within(CHECK_TIMEOUT_MS, () => db(deps.orm.em).selectNoFrom(sql<number>`1`.as('one')).execute().then(() => true)),
        within(CHECK_TIMEOUT_MS, (signal) => deps.temporal.withAbortSignal(signal, () => deps.temporal.healthService.check({})).then(() => true)),
        within(CHECK_TIMEOUT_MS, (signal) => deps.temporal.withAbortSignal(signal, () => taskQueuePollers(deps.temporal, { namespace, taskQueue }))),
      ]);
      const now = Date.now();
      const report = deps.processes?.();
      const workers = workersState(temporal ? pollers : undefined, report, taskQueue, now);
      const apiDown = report?.api?.down ?? [];
      const problems = [...workers.problems, ...apiDown.map((process) => describeDown('API process', process, now))];
      const down = [database ? null : 'database', temporal ? null : 'temporal'].filter((part) => part !== null);
      ctx.set('Cache-Control', 'no-store');
      if (down.length) ctx.status = 503;
      const degraded = workers.state !== 'ok' || apiDown.length > 0;
      return {
        status: down.length ? 'unavailable' : degraded ? 'degraded' : 'ok',
        database: database ? 'ok' : 'down',
        temporal: temporal ? 'ok' : 'down',
        workers: workers.state,
        api: apiDown.length ? 'degraded' : 'ok',
        ...(problems.length ? { detail: problems.join(' ') } : {}),
        ...(down.length ? { error: `Down: ${down.join(', ')}` } : {}),
      };
    },
  });
}
