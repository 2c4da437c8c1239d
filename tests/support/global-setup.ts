// Starts one embedded PostgreSQL and one real Temporal dev server for the whole test run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findStripeMock, startStripeMock, STRIPE_MOCK_MISSING } from '../../core/billing/stripe-mock.ts';
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
    /** stripe-mock's address (STRIPE_API_BASE), or '' when it is not installed (stripeMockMissing says how to get it). */
    stripeMockUrl: string;
    stripeMockMissing: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickscribe-test-'));
  const logger = createLogger({ LOG_LEVEL: 'warn', NODE_ENV: 'test' });
  const [database, workflows] = await Promise.allSettled([
    freePort().then((port) => startEmbeddedPostgres({ dataDir, port, logger })),
    Promise.all([freePort(), freePort()]).then(async ([port, uiPort]) => {
      const server = await startTemporalDevServer({
        cliPath: process.env['TEMPORAL_CLI_PATH'], dataDir, port, uiPort, namespace: 'default', logger,
      });
      try {
        const connection = await waitForTemporal({ address: server.address, abandon: server.exited });
        await connection.close();
        return server;
      } catch (error) {
        await server.stop();
        throw error;
      }
    }),
  ]);
  if (database.status === 'rejected' || workflows.status === 'rejected') {
    // Stop whichever service did start, so a failed run leaves nothing behind.
    if (database.status === 'fulfilled') await database.value.stop();
    if (workflows.status === 'fulfilled') await workflows.value.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw database.status === 'rejected' ? database.reason : (workflows as PromiseRejectedResult).reason;
  }
  const postgres = database.value;
  const temporal = workflows.value;
  project.provide('databaseUrl', postgres.url);
  project.provide('temporalAddress', temporal.address);
  project.provide('dataDir', dataDir);
  const stripeMockBinary = findStripeMock();
  let stripeMockMissing = STRIPE_MOCK_MISSING;
  const stripeMock = stripeMockBinary
    ? await startStripeMock(stripeMockBinary).catch((error: Error) => void (stripeMockMissing = `stripe-mock did not start: ${error.message}`))
    : undefined;
  project.provide('stripeMockUrl', stripeMock?.url ?? '');
  project.provide('stripeMockMissing', stripeMock ? '' : stripeMockMissing);
  return async () => {
    await stripeMock?.stop();
    await temporal.stop();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
