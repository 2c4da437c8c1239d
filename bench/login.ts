// Login throughput and latency with the production password hash (argon2id, 19 MiB, 2 passes), against a real
// Tickscribe process on embedded PostgreSQL. Prints numbers; asserts nothing. Run: node bench/login.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PASSWORD_HASH_PARAMETERS } from '../core/users/passwords.ts';
import { freePort } from '../tests/support/free-port.ts';
import { startMainProcess } from '../tests/support/process.ts';
import { embeddedDatabaseUrl } from '../core/db/embedded-postgres.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'tickscribe-login-bench-'));
const ports = { web: await freePort(), pg: await freePort() };
const main = await startMainProcess({
  DATA_DIR: dataDir,
  PORT: String(ports.web),
  EMBEDDED_POSTGRES_PORT: String(ports.pg),
  TEMPORAL_PORT: String(await freePort()),
  TEMPORAL_UI_PORT: String(await freePort()),
  ...(process.env['TEMPORAL_CLI_PATH'] ? { TEMPORAL_CLI_PATH: process.env['TEMPORAL_CLI_PATH'] } : {}),
});
const base = `http://127.0.0.1:${ports.web}`;
const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir, ports.pg) });
await db.connect();

try {
  const password = 'bench-password';
  // One account per concurrent client, so the per-address limit is not what is measured.
  const emails = Array.from({ length: 8 }, (_, i) => `bench-${i}@example.com`);
  for (const email of emails) {
    await fetch(`${base}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, fullName: 'Bench' }) });
  }
  await db.query(`update users set email_verified_at = now() where email like 'bench-%'`);

  const login = async (email: string) => {
    const started = performance.now();
    const response = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`login answered ${response.status}`);
    return performance.now() - started;
  };

  console.log(`argon2id m=${PASSWORD_HASH_PARAMETERS.memory} KiB, t=${PASSWORD_HASH_PARAMETERS.passes}, p=${PASSWORD_HASH_PARAMETERS.parallelism}; 2 cores`);
  console.log('concurrency  logins  throughput   p50        p95');
  for (const concurrency of [1, 2, 4, 8]) {
    const latencies: number[] = [];
    const total = 40;
    const started = performance.now();
    let next = 0;
    // The rate limiter would stop a benchmark from one address after 10 tries: reset it between rounds.
    await db.query('delete from rate_limit_counters');
    await Promise.all(
      emails.slice(0, concurrency).map(async (email) => {
        while (next < total) {
          next++;
          if (next % 8 === 0) await db.query('delete from rate_limit_counters');
          latencies.push(await login(email));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    console.log(
      `${String(concurrency).padStart(11)}  ${String(latencies.length).padStart(6)}  ${(latencies.length / seconds).toFixed(1).padStart(6)} /s  ${at(0.5).toFixed(0).padStart(5)} ms  ${at(0.95).toFixed(0).padStart(6)} ms`,
    );
  }
} finally {
  await db.end();
  await main.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
