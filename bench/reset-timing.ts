// Whether the time of a password reset request tells who has an account: requests for addresses with and without
// an account, interleaved, against a real Tickscribe process (npm start). Prints the medians and spreads of both;
// asserts nothing. Run: node bench/reset-timing.ts [requests per kind, default 200]
import { startBenchApp } from './support.ts';

const perKind = Number(process.argv[2] ?? 200);
const app = await startBenchApp('reset-timing');
const json = { 'content-type': 'application/json' };
try {
  // Accounts made straight in the database (a sign-up would cost a password hash each); the per-address limit
  // allows five requests an hour, so every request asks for an address of its own.
  const known = Array.from({ length: perKind }, (_, i) => `known-${i}@example.com`);
  await app.db.query(
    `insert into users (id, email, full_name, password_hash, created_at, updated_at)
     select gen_random_uuid(), email, 'Bench', 'x', now(), now() from unnest($1::text[]) as email`,
    [known],
  );
  const unknown = Array.from({ length: perKind }, (_, i) => `nobody-${i}@example.com`);
  const request = async (email: string) => {
    const started = performance.now();
    const response = await fetch(`${app.base}/auth/reset-password`, { method: 'POST', headers: json, body: JSON.stringify({ email }) });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`reset-password answered ${response.status}`);
    return performance.now() - started;
  };
  // Warm up both paths, then alternate, so drift of the machine weighs on both alike.
  for (let i = 0; i < 10; i++) await request(`warm-${i}@example.com`);
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < perKind; i++) {
    times.known.push(await request(known[i]!));
    times.unknown.push(await request(unknown[i]!));
  }
  const at = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
  console.log(`${perKind} requests each, one at a time, alternating; milliseconds`);
  console.log('address      p10     p50     p90');
  for (const [kind, values] of Object.entries(times)) {
    console.log(`${kind.padEnd(9)} ${[0.1, 0.5, 0.9].map((q) => at(values, q).toFixed(2).padStart(7)).join(' ')}`);
  }
  console.log(`median difference (known - unknown): ${(at(times.known, 0.5) - at(times.unknown, 0.5)).toFixed(2)} ms`);
} finally {
  await app.stop();
}
