import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Logger } from '../../core/logger.ts';
import { start, type RunningTickscribe } from '../../server/main.ts';
import { freePort } from './free-port.ts';

export interface TestApp extends RunningTickscribe {
  url: string;
}

/** The whole app (API, worker, web) in this process, on the run's shared PostgreSQL and Temporal; `logger` to read its log. */
export async function startTestApp(env: Record<string, string> = {}, options: { logger?: Logger } = {}): Promise<TestApp> {
  const port = await freePort();
  const running = await start({
    role: 'all',
    ...(options.logger ? { logger: options.logger } : {}),
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

export interface TestAppWithDatabase {
  app: TestApp;
  /** The app's address on 127.0.0.1. */
  base: string;
  /** A client of the run's shared PostgreSQL. */
  db: pg.Client;
}

/** Starts an app (and a database client) before the file's tests and stops both after them. */
export function useTestApp(env: Record<string, string> = {}): TestAppWithDatabase {
  const context = {} as TestAppWithDatabase;
  beforeAll(async () => {
    context.app = await startTestApp(env);
    context.base = context.app.url.replace('localhost', '127.0.0.1');
    context.db = new pg.Client({ connectionString: inject('databaseUrl') });
    await context.db.connect();
  });
  afterAll(async () => {
    await context.app?.stop();
    await context.db?.end();
  });
  return context;
}
