// Starts one embedded PostgreSQL and one real Temporal dev server for the whole test run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../core/db/embedded-postgres.ts';
import { createLogger } from '../../core/logger.ts';
import { waitForTemporal } from '../../core/temporal/connect.ts';
import { startTemporalDevServer } from '../../core/temporal/dev-server.ts';
import { freePort } from './free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    temporalAddress: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickscribe-test-'));
  const logger = createLogger({ LOG_LEVEL: 'warn', NODE_ENV: 'test' });
  const [postgres, temporal] = await Promise.all([
    freePort().then((port) => startEmbeddedPostgres({ dataDir, port, logger })),
    Promise.all([freePort(), freePort()]).then(([port, uiPort]) =>
      startTemporalDevServer({
        cliPath: process.env['TEMPORAL_CLI_PATH'], dataDir, port, uiPort, namespace: 'default', logger,
      }),
    ),
  ]);
  const connection = await waitForTemporal({ address: temporal.address, abandon: temporal.exited });
  await connection.close();
  project.provide('databaseUrl', postgres.url);
  project.provide('temporalAddress', temporal.address);
  project.provide('dataDir', dataDir);
  return async () => {
    await temporal.stop();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
