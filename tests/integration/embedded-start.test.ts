import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl } from '../../core/db/embedded-postgres.ts';
import { temporalPidFile } from '../../core/temporal/dev-server.ts';
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

  it('brings up PostgreSQL, Temporal with its UI, the API, the workers and the web app, restarts Temporal if it stops, and keeps data across restarts', async () => {
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
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', temporal: 'ok', workers: 'ok', api: 'ok' });
    const ui = await fetch(`http://127.0.0.1:${ports.ui}/`);
    expect(ui.status).toBe(200);

    // The dev server killed: Tickscribe starts it again (its state is in DATA_DIR) instead of stopping, the API
    // answers all along (a 503 from /api/health while Temporal is away long enough to notice), and the worker
    // processes poll the new one (a fresh server knows of no pollers until they do).
    const devServer = () => {
      try {
        return Number(readFileSync(temporalPidFile(dataDir), 'utf8'));
      } catch {
        return undefined;
      }
    };
    const killed = devServer()!;
    process.kill(killed, 'SIGKILL');
    const statuses = new Set<number>();
    let last: { temporal: string; workers: string } | undefined;
    const restarted = () => first.output().includes('The Temporal dev server is running again.') && devServer() !== killed;
    for (let waited = 0; waited < 60_000 && !(restarted() && last?.temporal === 'ok' && last.workers === 'ok'); waited += 100) {
      const answer = await fetch(`http://127.0.0.1:${ports.web}/api/health`);
      statuses.add(answer.status);
      last = (await answer.json()) as { temporal: string; workers: string };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(first.output()).toContain('The Temporal dev server stopped; starting it again in 1 s.');
    expect(restarted()).toBe(true);
    expect(last).toMatchObject({ temporal: 'ok', workers: 'ok' });
    expect(await (await fetch(`http://127.0.0.1:${ports.web}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok', temporal: 'ok', workers: 'ok', api: 'ok' });
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(first.child.exitCode).toBeNull();

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `insert into users (id, email, full_name, created_at, updated_at) values (gen_random_uuid(), 'kept@example.com', 'Kept', now(), now())`,
    );
    await client.end();
    expect(await first.stop(), first.output()).toBe(0);

    const second = await startMainProcess(env);
    started.push(second);
    const again = new pg.Client({ connectionString: databaseUrl });
    await again.connect();
    const { rows } = await again.query(`select full_name from users where email = 'kept@example.com'`);
    await again.end();
    expect(rows).toEqual([{ full_name: 'Kept' }]);
    expect(await second.stop(), second.output()).toBe(0);
  }, 180_000);
});
