// Peak heap of the ingest on the worst 1 MB file of every format (bench/worst-files.ts), each in a fresh child
// process. Run with `npm run bench:memory` (`node --expose-gc bench/ingest-memory.ts [--heap MiB] [--case id]`).
// Prints numbers; asserts nothing (tests/integration/ingest-memory.test.ts does, with a small heap).
//
// Each case runs what the ingest runs, without the database: the plugin host's parse (as parseStoredTranscript),
// the columns written for it (participants and messages as JSON), those columns read back as PostgreSQL hands
// jsonb to the driver (JSON.parse), the extraction requests and the heuristic extractor over every chunk (as
// extractAndSaveTickets: extractTickets with a merger), then the ticket rows (ticketRecords: merge, cap, ids,
// dependencies) and their JSON for the insert.
//
// Peak heap over idle: the idle heap is V8's used heap after the modules, the plugin host and the file's bytes are
// loaded and a full GC has run; the peak is the largest used heap V8 reported just before any garbage collection
// during the run (v8.GCProfiler, so synchronous steps are seen too), or at the end of a step, whichever is larger.
// It includes garbage not yet collected, so it overstates what is live by up to the young generation's size.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GCProfiler } from 'node:v8';
import { ParseFailure, parseFailureText } from '../core/plugins/errors.ts';
import { TicketMerger } from '../core/tickets/merge.ts';
import { extractTickets, parsedColumns, requestsOf, ticketRecords } from '../core/transcripts/ingest.ts';
import { loadPluginHost } from '../server/plugins.ts';
import { WORST_FILES, worstFile } from './worst-files.ts';

export interface CaseResult {
  id: string;
  format: string;
  bytes: number;
  status: 'completed' | 'failed';
  /** The failure's words, as the transcript's metadata.error would hold them. */
  error?: string;
  warnings?: string[];
  detected?: string;
  messages?: number;
  participants?: number;
  chunks?: number;
  tickets?: number;
  idleMiB: number;
  peakOverIdleMiB: number;
  ms: number;
}

const MiB = 1024 * 1024;

/** Runs one worst file through the ingest's steps in this process; needs --expose-gc. */
export async function runCase(id: string): Promise<CaseResult> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const file = worstFile(id);
  const host = await loadPluginHost();
  const extractor = host.extractor('heuristic')!;
  // The stored file reaches the parse step as a Buffer (outside the heap), as raw_file from PostgreSQL.
  const bytes = new Uint8Array(Buffer.from(file.text(), 'utf8'));
  gc();
  gc();
  const idle = process.memoryUsage().heapUsed;
  let peak = idle;
  const sample = () => void (peak = Math.max(peak, process.memoryUsage().heapUsed));
  const profiler = new GCProfiler();
  const started = performance.now();
  profiler.start();
  const result: Omit<CaseResult, 'idleMiB' | 'peakOverIdleMiB' | 'ms'> = { id, format: file.format, bytes: bytes.length, status: 'completed' };
  try {
    await steps(result);
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    result.status = 'failed';
    result.error = parseFailureText(error);
  }
  // The heap only grows between collections: what was used at the end counts too.
  sample();
  const ms = performance.now() - started;
  const gcs = profiler.stop();
  for (const entry of gcs?.statistics ?? []) peak = Math.max(peak, entry.beforeGC.heapStatistics.usedHeapSize);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { ...result, idleMiB: round(idle / MiB), peakOverIdleMiB: round((peak - idle) / MiB), ms: Math.round(ms) };

  async function steps(out: typeof result): Promise<void> {
    // The parse step: the host's parse and the columns it writes.
    const parsed = host.parse({ bytes, fileName: file.fileName });
    out.detected = parsed.format;
    out.messages = parsed.transcript.messages.length;
    out.participants = parsed.transcript.participants.length;
    if (parsed.warnings.length) out.warnings = parsed.warnings;
    const columns = parsedColumns(parsed);
    sample();
    // The extract-and-save step reads the columns back (the driver parses jsonb with JSON.parse).
    const stored = {
      title: columns.title,
      source: columns.source,
      date: columns.date,
      participants: JSON.parse(columns.participants) as Parameters<typeof requestsOf>[0]['participants'],
      messages: JSON.parse(columns.messages) as Parameters<typeof requestsOf>[0]['messages'],
    };
    const requests = requestsOf(stored);
    out.chunks = requests.length;
    for (const request of requests) extractor.estimate(request);
    const { tickets } = await extractTickets(extractor, requests, undefined, new TicketMerger());
    sample();
    const { records, warnings } = ticketRecords(tickets, { userId: crypto.randomUUID(), transcriptId: crypto.randomUUID() });
    if (warnings.length) out.warnings = [...(out.warnings ?? []), ...warnings];
    const body = JSON.stringify(records);
    out.tickets = records.length;
    sample();
    if (!body) throw new Error('no insert body');
  }
}

/** Runs a case in a child process with the given heap limit; a child that dies, or is stopped after `timeoutS`, is reported so. */
function runChild(id: string, heapMiB: number, timeoutS: number): Promise<CaseResult | { id: string; died: string; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', `--max-old-space-size=${heapMiB}`, fileURLToPath(import.meta.url), '--child', '--case', id], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutS * 1000);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const ms = Math.round(performance.now() - started);
      if (signal === 'SIGKILL') return resolve({ id, died: `stopped: still running after ${timeoutS} s`, ms });
      if (code === 0) return resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as CaseResult);
      const heapLimit = /heap limit|out of memory/i.test(stderr);
      resolve({ id, died: heapLimit ? `died: heap limit (${heapMiB} MiB)` : `died: exit ${code ?? signal} ${stderr.trim().split('\n').at(-1) ?? ''}`, ms });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: { case: { type: 'string', multiple: true }, heap: { type: 'string', default: '1024' }, timeout: { type: 'string', default: '300' }, child: { type: 'boolean', default: false } },
  });
  const ids = args.case ?? WORST_FILES.map((f) => f.id);
  if (args.child) {
    // In the child: one case, one JSON line.
    console.log(JSON.stringify(await runCase(ids[0]!)));
  } else {
    const heap = Number(args.heap);
    console.log(`Ingest of the worst 1 MB file per format, each in a fresh node --max-old-space-size=${heap}; peak heap over idle from V8's heap statistics before every GC`);
    console.log('case                  format       result     messages  speakers  chunks  tickets  peak over idle     time');
    for (const id of ids) {
      const row = await runChild(id, heap, Number(args.timeout));
      if ('died' in row) {
        console.log(`${id.padEnd(22)}${worstFile(id).format.padEnd(13)}${row.died} after ${(row.ms / 1000).toFixed(1)} s`);
        continue;
      }
      const n = (value: number | undefined) => (value === undefined ? '-' : String(value)).padStart(8);
      console.log(
        `${id.padEnd(22)}${row.format.padEnd(13)}${row.status.padEnd(10)}${n(row.messages)}${n(row.participants)}${n(row.chunks)} ${n(row.tickets)}  ${row.peakOverIdleMiB.toFixed(1).padStart(8)} MiB  ${(row.ms / 1000).toFixed(2).padStart(7)} s${row.error ? `  ${row.error}` : ''}${row.warnings ? `  (${row.warnings.join(' ')})` : ''}`,
      );
    }
  }
}
