/** What the benchmarks share: a real Tickscribe process on embedded services, a signed-in user, meeting lines. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../tests/support/free-port.ts';
import { startMainProcess } from '../tests/support/process.ts';
import { embeddedDatabaseUrl } from '../core/db/embedded-postgres.ts';

export const SPEAKERS = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson'];
export const SENTENCES = [
  "I'll take the login bug: users on Safari get logged out after the redirect.",
  'Can you review the pricing page copy before Friday? Marketing wants it live next week.',
  'We need to decide on the database migration window; Sunday night looks quietest.',
  'The checkout timeout comes from recalculating the cart for every discount code.',
];

export interface BenchApp {
  base: string;
  db: pg.Client;
  /** Bearer token of bench@example.com, verified, on `tier`. */
  token: string;
  /** The Tickscribe process. */
  main: { pid: number };
  stop(): Promise<void>;
}

/** `npm start` in a child process on a fresh data folder, with one signed-in user on `tier`. */
export async function startBenchApp(name: string, env: Record<string, string> = {}, tier = 'Free'): Promise<BenchApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `tickscribe-${name}-bench-`));
  const ports = { web: await freePort(), pg: await freePort() };
  const main = await startMainProcess({
    DATA_DIR: dataDir, PORT: String(ports.web), EMBEDDED_POSTGRES_PORT: String(ports.pg),
    TEMPORAL_PORT: String(await freePort()), TEMPORAL_UI_PORT: String(await freePort()), ...env,
    ...(process.env['TEMPORAL_CLI_PATH'] ? { TEMPORAL_CLI_PATH: process.env['TEMPORAL_CLI_PATH'] } : {}),
  });
  const base = `http://127.0.0.1:${ports.web}`;
  const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir, ports.pg) });
  await db.connect();
  const stop = async () => {
    await db.end();
    await main.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const json = { 'content-type': 'application/json' };
    const credentials = { email: 'bench@example.com', password: 'bench-pass' };
    await fetch(`${base}/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ ...credentials, fullName: 'Bench' }) });
    await db.query(`update users set email_verified_at = now(), subscription_tier = $1 where email = $2`, [tier, credentials.email]);
    const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(credentials) });
    const { token } = (await login.json()) as { token: string };
    return { base, db, token, main: { pid: main.child.pid! }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
