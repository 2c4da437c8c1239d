// Requests per second and latency under load (autocannon) against a real Tickscribe process in production mode
// (`npm start` as users run it: embedded PostgreSQL and Temporal, the API processes on demand, up to one per core,
// unless WEB_CONCURRENCY fixes their number: set it to the cores for figures that compare with earlier runs), at 10,
// 50 and 200 connections: the floor call (GET /auth/current-user, the cheapest signed-in
// request), the ticket list (2,000 tickets), a text search, the status poll of a one-hour meeting (900 messages,
// 200 tickets) and the upload of a short meeting. Each figure is also given as a ratio to the floor call of the
// same run, so runs on different machines compare. Prints numbers; asserts nothing.
// Run: node bench/http.ts [seconds per run, default 10] [connections, default 10,50,200] [cases whose label contains one of
// these comma-separated words, e.g. search,poll; the floor call always runs]
// PROFILE_DIR=<dir> writes a CPU profile of each Tickscribe process there (open it in Chrome's DevTools).
// OTHER_WORKSPACES=10000 (with TICKETS_EACH=100, the default) first fills the database with other teams'
// workspaces and tickets (a million), so the lists are measured as on a shared installation.
import autocannon, { type Result } from 'autocannon';
import { PROFILE_ENV, raisePlanLimits, seedBacklog, seedOtherWorkspaces, startBenchApp, uploadBody } from './support.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = (process.argv[3] ?? '10,50,200').split(',').map(Number);
const ONLY = process.argv[4]?.split(',').filter(Boolean);
const TICKETS = 2_000;
const MEETING_MESSAGES = 900;
const MEETING_TICKETS = 200;
const OTHER_WORKSPACES = Number(process.env['OTHER_WORKSPACES'] ?? 0);
const TICKETS_EACH = Number(process.env['TICKETS_EACH'] ?? 100);

const { base, db, token, stop } = await startBenchApp('http', { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...PROFILE_ENV, ...(process.env['WEB_CONCURRENCY'] ? { WEB_CONCURRENCY: process.env['WEB_CONCURRENCY'] } : {}) }, 'Enterprise');

interface Case {
  label: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: Buffer;
  type?: string;
}

function load(target: Case, connections: number): Promise<Result> {
  return autocannon({
    url: `${base}${target.path}`, method: target.method ?? 'GET', connections, duration: SECONDS,
    headers: { authorization: `Bearer ${token}`, ...(target.type ? { 'content-type': target.type } : {}) },
    ...(target.body ? { body: target.body } : {}),
  });
}

await raisePlanLimits(db);

try {
  if (OTHER_WORKSPACES) {
    const started = performance.now();
    await seedOtherWorkspaces(db, OTHER_WORKSPACES, TICKETS_EACH);
    console.log(`other teams: ${OTHER_WORKSPACES.toLocaleString('en-US')} workspaces, ${(OTHER_WORKSPACES * TICKETS_EACH).toLocaleString('en-US')} tickets (made in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const meeting = await seedBacklog(db, { tickets: TICKETS, meetingMessages: MEETING_MESSAGES, meetingTickets: MEETING_TICKETS });
  const upload = uploadBody();
  const cases: Case[] = [
    { label: 'floor: GET /auth/current-user', path: '/auth/current-user' },
    { label: `ticket list (${TICKETS} tickets)`, path: '/api/tickets/filtered?page=1&limit=10' },
    { label: 'search "checkout"', path: '/api/tickets/filtered?page=1&limit=10&search=checkout' },
    { label: `status poll (${MEETING_MESSAGES} messages, ${MEETING_TICKETS} tickets)`, path: `/api/transcripts/${meeting}/status` },
    { label: 'upload (a short meeting)', path: '/api/transcripts/upload', method: 'POST', body: upload.body, type: upload.type },
  ];
  // Warm-up, unmeasured: compiled code, and each pooled connection's prepared statements, for every case.
  for (const target of cases) {
    if (target.method !== 'POST') await autocannon({ url: `${base}${target.path}`, connections: 10, duration: 3, headers: { authorization: `Bearer ${token}` } });
  }
  console.log(`${SECONDS} s per run; ratios are to the floor call at the same connections`);
  console.log('case                                         conns   req/s   ratio    p50 ms   p99 ms  p99/floor  errors non-2xx');
  // The reads at every connection count first, then the uploads: the ingests these start (and the autovacuum
  // they bring on) would otherwise weigh on the reads measured after them.
  const floors = new Map<number, Result>();
  const reads = cases.filter((c) => c.method !== 'POST');
  const writes = cases.filter((c) => c.method === 'POST');
  const runs = [...CONNECTIONS.flatMap((n) => reads.map((c) => [n, c] as const)), ...CONNECTIONS.flatMap((n) => writes.map((c) => [n, c] as const))];
  for (const [connections, target] of runs) {
    const floor = floors.get(connections);
    if (floor && ONLY?.length && !ONLY.some((word) => target.label.includes(word))) continue;
    const result = await load(target, connections);
    if (!floor) floors.set(connections, result);
    const base = floor ?? result;
    const ratio = result.requests.average / base.requests.average;
    const p99Ratio = result.latency.p99 / Math.max(base.latency.p99, 1);
    console.log(`${target.label.padEnd(44)} ${String(connections).padStart(5)} ${result.requests.average.toFixed(0).padStart(7)} ${ratio.toFixed(2).padStart(7)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p99).padStart(8)} ${p99Ratio.toFixed(2).padStart(10)} ${String(result.errors + result.timeouts).padStart(7)} ${String(result.non2xx).padStart(7)}`);
    if (target.method === 'POST') {
      // The uploads start ingests: let them finish before the next run.
      for (let waited = 0; waited < 300_000; waited += 1000) {
        const { rows: [row] } = await db.query<{ n: number }>(`select count(*)::int as n from transcripts where processing_status in ('pending', 'processing')`);
        if (!row!.n) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }
} finally {
  await stop();
}
