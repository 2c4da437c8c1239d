import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl } from '../../core/db/embedded-postgres.ts';
import { freePort } from '../support/free-port.ts';
import { startMainProcess, type StartedProcess } from '../support/process.ts';

describe('npm start on embedded defaults', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickscribe-start-'));
  const started: StartedProcess[] = [];
  afterAll(async () => {
    // A failed assertion must not leave a Tickscribe (with its PostgreSQL and Temporal) running.
    await Promise.all(started.filter((p) => p.child.exitCode === null).map((p) => p.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('brings up PostgreSQL, Temporal with its UI, the API and the web app, and keeps data across restarts', async () => {
    const ports = { web: await freePort(), pg: await freePort(), temporal: await freePort(), ui: await freePort() };
    const env = {
      DATA_DIR: dataDir,
      PORT: String(ports.web),
      EMBEDDED_POSTGRES_PORT: String(ports.pg),
      TEMPORAL_PORT: String(ports.temporal),
      TEMPORAL_UI_PORT: String(ports.ui),
      ...(process.env['TEMPORAL_CLI_PATH'] ? { TEMPORAL_CLI_PATH: process.env['TEMPORAL_CLI_PATH'] } : {}),
    };

    const first = await startMainProcess(env);
    started.push(first);
    const databaseUrl = embeddedDatabaseUrl(dataDir, ports.pg);
    expect(first.output()).toContain(`Web app:      http://localhost:${ports.web}`);
    expect(first.output()).toContain(`Temporal UI:  http://localhost:${ports.ui}`);
    const health = await fetch(`http://127.0.0.1:${ports.web}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', temporal: 'ok' });
    const ui = await fetch(`http://127.0.0.1:${ports.ui}/`);
    expect(ui.status).toBe(200);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `insert into users (id, email, full_name, created_at, updated_at) values (gen_random_uuid(), 'kept@example.com', 'Kept', now(), now())`,
    );
    await client.end();
    expect(await first.stop()).toBe(0);

    const second = await startMainProcess(env);
    started.push(second);
    const again = new pg.Client({ connectionString: databaseUrl });
    await again.connect();
    const { rows } = await again.query(`select full_name from users where email = 'kept@example.com'`);
    await again.end();
    expect(rows).toEqual([{ full_name: 'Kept' }]);
    expect(await second.stop()).toBe(0);
  });
});
