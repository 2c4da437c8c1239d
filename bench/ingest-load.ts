// Ingest throughput of one-hour meetings (900 messages, offline heuristic extractor) through a real Tickscribe
// process (embedded PostgreSQL and Temporal), with 1, 10 and 30 uploads in flight: each client uploads through the
// API, waits until the tickets are saved, and uploads again. Completion is watched with one query every 50 ms for
// all clients (the status poll has its own figures in bench/http.ts), so the load is the ingest's alone. Prints
// meetings per minute, the latency (upload to completed) and the CPU seconds each meeting cost in Node,
// PostgreSQL and Temporal. Asserts nothing.
// Run: node bench/ingest-load.ts [seconds per run, default 30] [in flight, default 1,10,30]
// PROFILE_DIR=<dir> writes a CPU profile of each Tickscribe process there.
import { readdirSync, readFileSync } from 'node:fs';
import { PROFILE_ENV, raisePlanLimits, SENTENCES, SPEAKERS, startBenchApp } from './support.ts';

const SECONDS = Number(process.argv[2] ?? 30);
const IN_FLIGHT = (process.argv[3] ?? '1,10,30').split(',').map(Number);
const TICK = 100; // clock ticks per second on Linux

const lines = [...SENTENCES, 'Sounds good to me, let us keep going with the next item on the agenda.'];
const clock = (s: number) => `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
const cues = ['WEBVTT', ''];
for (let i = 0; i * 4 < 3600; i++) cues.push(String(i + 1), `${clock(i * 4)} --> ${clock(i * 4 + 3)}`, `${SPEAKERS[i % 4]}: ${lines[(i * 7) % 5]}`, '');
const HOUR = cues.join('\n');

const { base, db, token, main, stop } = await startBenchApp('ingest-load', { EXTRACTOR: 'heuristic', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...PROFILE_ENV, ...(process.env['WORKER_WORKFLOW_CONCURRENCY'] ? { WORKER_WORKFLOW_CONCURRENCY: process.env['WORKER_WORKFLOW_CONCURRENCY'] } : {}) }, 'Enterprise');
await raisePlanLimits(db);

/** CPU ticks (user + system) of the Tickscribe process and everything it started, as Node, PostgreSQL and Temporal. */
function cpu(): Record<string, number> {
  const groups: Record<string, number> = { node: 0, postgres: 0, temporal: 0 };
  const processes = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).flatMap((pid) => {
    try {
      const [, rest] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ');
      const fields = rest!.split(' ');
      return [{ pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8') }];
    } catch {
      return [];
    }
  });
  const ours = new Set([main.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of processes) if (!ours.has(p.pid) && ours.has(p.ppid)) [grew] = [true, ours.add(p.pid)];
  }
  for (const p of processes.filter((candidate) => ours.has(candidate.pid))) {
    groups[p.cmd.includes('postgres') ? 'postgres' : p.cmd.includes('start-dev') ? 'temporal' : 'node']! += p.ticks;
  }
  return groups;
}

/** Transcripts in flight, and what to call when each one settles. */
const waiting = new Map<string, (error?: Error) => void>();
let watching = true;
const watcher = (async () => {
  while (watching) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (!waiting.size) continue;
    const { rows } = await db.query<{ id: string; processing_status: string; error: string | null }>(
      `select id, processing_status, metadata->>'error' as error from transcripts where id = any($1) and processing_status in ('completed', 'failed')`, [[...waiting.keys()]],
    );
    for (const row of rows) {
      waiting.get(row.id)!(row.processing_status === 'failed' ? new Error(row.error ?? 'failed') : undefined);
      waiting.delete(row.id);
    }
  }
})();

async function one(): Promise<number> {
  const form = new FormData();
  form.append('transcript', new Blob([HOUR]), 'meeting.vtt');
  const started = performance.now();
  const response = await fetch(`${base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const answer = (await response.json()) as { transcript?: { id: string }; error?: string };
  if (!answer.transcript) throw new Error(`upload answered ${response.status}: ${answer.error}`);
  await new Promise<void>((resolve, reject) => waiting.set(answer.transcript!.id, (error) => (error ? reject(error) : resolve())));
  return (performance.now() - started) / 1000;
}

try {
  await one(); // warm-up: the workflow code, the plugin host, the connections
  console.log(`one-hour meeting (${(HOUR.length / 1024).toFixed(0)} KB, 900 cues), heuristic extractor, ${SECONDS} s per run`);
  console.log('in flight   meetings/min   p50 s   p95 s   CPU s per meeting: node  postgres  temporal  total');
  for (const inFlight of IN_FLIGHT) {
    const times: number[] = [];
    const deadline = performance.now() + SECONDS * 1000;
    const before = cpu();
    const started = performance.now();
    await Promise.all(Array.from({ length: inFlight }, async () => {
      while (performance.now() < deadline) times.push(await one());
    }));
    const elapsed = (performance.now() - started) / 1000;
    const after = cpu();
    times.sort((a, b) => a - b);
    const per = (group: string) => (after[group]! - before[group]!) / TICK / times.length;
    const total = per('node') + per('postgres') + per('temporal');
    console.log(`${String(inFlight).padStart(9)} ${(times.length / elapsed * 60).toFixed(0).padStart(14)} ${times[Math.floor(times.length / 2)]!.toFixed(2).padStart(7)} ${times[Math.floor(times.length * 0.95)]!.toFixed(2).padStart(7)} ${per('node').toFixed(3).padStart(25)} ${per('postgres').toFixed(3).padStart(9)} ${per('temporal').toFixed(3).padStart(9)} ${total.toFixed(3).padStart(6)}`);
  }
} finally {
  watching = false;
  await watcher;
  await stop();
}
