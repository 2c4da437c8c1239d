import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/free-port.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `node server/main.ts` as a user would and collects what it prints. */
function runMain(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['server/main.ts', ...args], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('start-up errors', () => {
  let blocker: Server;
  let busyPort: number;

  beforeAll(async () => {
    busyPort = await freePort();
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(busyPort, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('stops on a bad setting with one line naming the variable', async () => {
    const result = await runMain({ PORT: 'not-a-port' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Tickscribe could not start: Invalid setting PORT (got "not-a-port"): must be a whole number. Port of the web server (API and web app).\n',
    );
  });

  it('reports a web port in use clearly', async () => {
    const result = await runMain({
      PORT: String(busyPort),
      DATABASE_URL: inject('databaseUrl'),
      TEMPORAL_ADDRESS: inject('temporalAddress'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Tickscribe could not start: Port ${busyPort} (PORT) is already in use. Stop the program that uses it, or set PORT to a free port.\n`,
    );
  });

  it('reports an embedded service port in use clearly', async () => {
    const result = await runMain({ PORT: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(busyPort) });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Tickscribe could not start: Port \d+ \(EMBEDDED_POSTGRES_PORT\) is already in use\./);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('explains that a single role needs external services', async () => {
    const result = await runMain({}, ['--role=api']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Tickscribe could not start: The api role runs against external services: set DATABASE_URL and TEMPORAL_ADDRESS (npm start runs everything with embedded ones).\n',
    );
  });

  it('says how to get the Temporal CLI when it is missing', async () => {
    const result = await runMain({
      PORT: String(await freePort()),
      DATABASE_URL: inject('databaseUrl'),
      TEMPORAL_CLI_PATH: '/nonexistent/temporal',
      TEMPORAL_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(await freePort()),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Tickscribe could not start: TEMPORAL_CLI_PATH (/nonexistent/temporal) is not an executable file.\n',
    );
  });
});

describe('npm run db:migrate', () => {
  it('applies pending migrations and says so; an unreachable database is one clear line', async () => {
    const { MIGRATIONS } = await import('../../migrations/index.ts');
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['core/db/migrate-cli.ts'], { cwd: root, env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'silent', ...env } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => (stdout += chunk));
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
      });
    expect(await run({ DATABASE_URL: inject('databaseUrl') })).toEqual({
      code: 0, stdout: `Database is up to date (${MIGRATIONS.length} migrations applied).\n`, stderr: '',
    });
    expect(await run({ DATABASE_URL: 'postgresql://nobody:nothing@127.0.0.1:1/none' })).toEqual({
      code: 1, stdout: '', stderr: 'Migration failed: connect ECONNREFUSED 127.0.0.1:1\n',
    });
  });
});
