// Memory under a long mixed load, against a real Tickscribe process in production mode (`npm start` as users run
// it): 20 connections cycling through the ticket list, a text search, the status poll and the current user
// (autocannon), and one upload of a short meeting at a time, for the soak's length (default 10 minutes). Prints,
// for each Node process, its resident memory fresh, at idle before the load (after the first heap snapshot, which
// grows the process by about its size), at the peak, and at idle after (sampled up to 120 s after the load), and the live
// JavaScript heap from heap snapshots taken before and after (written to the printed folder, for
// Chrome's DevTools Memory tab). Asserts nothing. Run: node bench/soak.ts [minutes, default 10]
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { raisePlanLimits, seedBacklog, startBenchApp, uploadBody } from './support.ts';

const MINUTES = Number(process.argv[2] ?? 10);
/** Seconds after the load at which resident memory is sampled; the last is 'idle after'. */
const IDLE_SAMPLES_S = [15, 30, 60, 120];
const snapshots = mkdtempSync(join(tmpdir(), 'tickscribe-soak-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { base, db, token, main, stop } = await startBenchApp('soak', {
  NODE_ENV: 'production', LOG_LEVEL: 'warn', NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshots}`,
}, 'Enterprise');
await raisePlanLimits(db);

/** The Node processes of this Tickscribe (the first one, its API and worker processes), with their resident memory in MiB. */
function nodeProcesses(): { pid: number; role: string; rssMiB: number }[] {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).flatMap((pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const ours = Number(pid) === main.pid || readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(main.pid);
      if (!ours || !cmd.some((part) => part.endsWith('server/main.ts'))) return [];
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      const parts = cmd.includes('--role=worker') ? 'worker' : 'API';
      const instance = cmd.find((part) => part.startsWith('--instance='))?.slice('--instance='.length);
      const role = instance ? `${parts} ${instance}` : parts;
      return [{ pid: Number(pid), role, rssMiB: Number(rss) / 1024 }];
    } catch {
      return [];
    }
  });
}

/** Takes a heap snapshot of each process (SIGUSR2) and returns its live heap in MiB, by pid. */
async function heaps(): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  for (const { pid } of nodeProcesses()) {
    const before = new Set(readdirSync(snapshots));
    process.kill(pid, 'SIGUSR2');
    let file: string | undefined;
    for (let waited = 0; !file && waited < 60_000; waited += 250) {
      await sleep(250);
      const fresh = readdirSync(snapshots).find((name) => !before.has(name) && name.includes(`.${pid}.`));
      // Written when its size stops changing.
      if (fresh) {
        const size = statSync(join(snapshots, fresh)).size;
        await sleep(1000);
        if (statSync(join(snapshots, fresh)).size === size && size > 0) file = fresh;
      }
    }
    if (!file) continue;
    const snapshot = JSON.parse(readFileSync(join(snapshots, file), 'utf8')) as { snapshot: { meta: { node_fields: string[] } }; nodes: number[] };
    const fields = snapshot.snapshot.meta.node_fields;
    const selfSize = fields.indexOf('self_size');
    let total = 0;
    for (let i = selfSize; i < snapshot.nodes.length; i += fields.length) total += snapshot.nodes[i]!;
    result.set(pid, total / 1024 / 1024);
  }
  return result;
}

try {
  const meeting = await seedBacklog(db, { tickets: 2_000, meetingMessages: 900, meetingTickets: 200 });
  const upload = uploadBody();
  // Warm up: every path once, so the "before" figures include loaded code and filled caches.
  await autocannon({ url: `${base}/api/tickets/filtered?page=1&limit=10`, connections: 5, duration: 5, headers: { authorization: `Bearer ${token}` } });
  await sleep(5000);
  const fresh = nodeProcesses();
  const heapBefore = await heaps();
  // Taking a heap snapshot grows the process by about its size, for good: the figures to compare start after it.
  await sleep(5000);
  const idleBefore = nodeProcesses();
  const peak = new Map(idleBefore.map((p) => [p.pid, p.rssMiB]));
  const sampler = setInterval(() => {
    for (const p of nodeProcesses()) peak.set(p.pid, Math.max(peak.get(p.pid) ?? 0, p.rssMiB));
  }, 5000);

  const deadline = Date.now() + MINUTES * 60_000;
  let uploads = 0;
  const uploader = (async () => {
    while (Date.now() < deadline) {
      const response = await fetch(`${base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': upload.type }, body: new Uint8Array(upload.body) });
      await response.arrayBuffer();
      if (response.ok) uploads += 1;
      await sleep(500);
    }
  })();
  const load = await autocannon({
    url: base, connections: 20, duration: MINUTES * 60, headers: { authorization: `Bearer ${token}` },
    requests: [
      { method: 'GET', path: '/api/tickets/filtered?page=1&limit=10' },
      { method: 'GET', path: '/api/tickets/filtered?page=1&limit=10&search=checkout' },
      { method: 'GET', path: `/api/transcripts/${meeting}/status` },
      { method: 'GET', path: '/auth/current-user' },
    ],
  });
  await uploader;
  clearInterval(sampler);
  // Resident memory at idle after the load, sampled as V8 and the allocator give memory back.
  const later: ReturnType<typeof nodeProcesses>[] = [];
  for (const wait of IDLE_SAMPLES_S.map((s, i) => s - (IDLE_SAMPLES_S[i - 1] ?? 0))) {
    await sleep(wait * 1000);
    later.push(nodeProcesses());
  }
  const idleAfter = later.at(-1)!;
  const heapAfter = await heaps();

  console.log(`${MINUTES} min of mixed load: ${load.requests.total} requests (${load.requests.average.toFixed(0)}/s, p99 ${load.latency.p99} ms, ${load.errors + load.timeouts} errors, ${load.non2xx} non-2xx) and ${uploads} uploads`);
  console.log('process            RSS MiB: fresh  idle before   peak   idle after  change    heap MiB: before  after  change');
  for (const before of idleBefore) {
    const after = idleAfter.find((p) => p.pid === before.pid);
    const [hb, ha] = [heapBefore.get(before.pid), heapAfter.get(before.pid)];
    const change = after ? `${(((after.rssMiB - before.rssMiB) / before.rssMiB) * 100).toFixed(0)}%` : 'gone';
    const heapChange = hb && ha ? `${(((ha - hb) / hb) * 100).toFixed(0)}%` : '?';
    const start = fresh.find((p) => p.pid === before.pid)?.rssMiB.toFixed(0) ?? '?';
    console.log(`${before.role.padEnd(18)} ${start.padStart(14)} ${before.rssMiB.toFixed(0).padStart(12)} ${peak.get(before.pid)!.toFixed(0).padStart(6)} ${(after?.rssMiB.toFixed(0) ?? '-').padStart(12)} ${change.padStart(7)} ${(hb?.toFixed(1) ?? '?').padStart(17)} ${(ha?.toFixed(1) ?? '?').padStart(6)} ${heapChange.padStart(7)}`);
  }
  console.log(`resident memory at idle after the load, MiB, at ${IDLE_SAMPLES_S.join(' / ')} s:`);
  for (const before of idleBefore) console.log(`${before.role.padEnd(18)} ${later.map((sample) => sample.find((p) => p.pid === before.pid)?.rssMiB.toFixed(0) ?? '-').join(' / ')}`);
  console.log(`heap snapshots: ${snapshots}`);
} finally {
  await stop();
  if (process.env['KEEP_SNAPSHOTS'] !== '1') rmSync(snapshots, { recursive: true, force: true });
}
