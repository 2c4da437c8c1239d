import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { start, type RunningTickscribe } from '../../server/main.ts';
import { freePort } from './free-port.ts';

export interface TestApp extends RunningTickscribe {
  url: string;
}

/** The whole app (API, worker, web) in this process, on the run's shared PostgreSQL and Temporal. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const port = await freePort();
  const running = await start({
    role: 'all',
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      DATA_DIR: inject('dataDir'),
      DATABASE_URL: inject('databaseUrl'),
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      // Each app gets its own task queue, so its worker (and mailer) handles only its own workflows.
      TEMPORAL_TASK_QUEUE: `test-${randomUUID()}`,
      ...env,
    },
  });
  return { ...running, url: running.url ?? `http://localhost:${port}` };
}
