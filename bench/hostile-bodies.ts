// What hostile JSON bodies cost the server, and what they cost everyone else: the latency of a deep (10,000 levels),
// a wide (800 KB array) and an ordinary body on a public route, and the median latency of a cheap request while four
// clients each send ten deep bodies a second. Against a real Tickscribe process (npm start); prints numbers, asserts
// nothing. Run: node bench/hostile-bodies.ts
import { startBenchApp } from './support.ts';

const app = await startBenchApp('hostile-bodies');
const DEEP = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
const WIDE = `{"email":"a@example.com","tags":[${'"x",'.repeat(200_000)}"x"]}`;
const ORDINARY = JSON.stringify({ email: 'nobody@example.com' });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(path: string, body?: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${app.base}${path}`, body === undefined
    ? { headers: { authorization: `Bearer ${app.token}` } }
    : { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  await response.arrayBuffer();
  if (response.status >= 500) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - started;
}

try {
  // The signup route: public, and refused by its schema before any work, so the body's walk is what is measured.
  console.log('body        size      median ms (30 requests)');
  for (const [name, body] of [['ordinary', ORDINARY], ['deep', DEEP], ['wide', WIDE]] as const) {
    const times: number[] = [];
    for (let i = 0; i < 30; i++) times.push(await timed('/auth/signup', body));
    console.log(`${name.padEnd(10)} ${String(body.length).padStart(7)}  ${median(times).toFixed(2).padStart(8)}`);
  }
  const quiet: number[] = [];
  for (let i = 0; i < 100; i++) quiet.push(await timed('/auth/current-user'));
  let stop = false;
  const attackers = Array.from({ length: 4 }, async () => {
    while (!stop) {
      const started = performance.now();
      await timed('/auth/signup', DEEP);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (performance.now() - started))));
    }
  });
  const loaded: number[] = [];
  for (let i = 0; i < 200; i++) loaded.push(await timed('/auth/current-user'));
  stop = true;
  await Promise.all(attackers);
  console.log(`GET /auth/current-user median: ${median(quiet).toFixed(2)} ms alone, ${median(loaded).toFixed(2)} ms while 4 clients send 10 deep bodies/s each`);
} finally {
  await app.stop();
}
