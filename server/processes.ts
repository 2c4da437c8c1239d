// The supervisor of the processes the first process of a multi-process start runs beside itself: the extra API
// processes (`server/start.ts --role=api --instance=N`, N from 2: WEB_CONCURRENCY in all, the first one included,
// all listening on PORT with SO_REUSEPORT) and, under `npm start`, the worker processes (`--role=worker
// --instance=N`, N from 1: WORKER_PROCESSES), on the services the first process started or uses. The workers run
// apart from every API process, so an ingest that takes its process down (out of memory, say) takes no request with
// it. A process that stops is started again after a pause that doubles with each stop in a row (1 s up to 60 s; a
// process that stayed up a minute starts the count afresh), said in words in the log; the supervisor never gives
// up and never stops Tickscribe: only a signal does. What is down is reported to /api/health, in this process
// directly and in the extra API processes over their IPC channel.
//
// A group may run some of its processes on demand only: `always` of them run from the start, the others are started
// one at a time while the group's processes are busy (their CPU time, read from /proc, over a share of a core each)
// and stopped one at a time once it has been quiet for a while. An idle Tickscribe then holds the memory of two Node
// processes, not one of each kind per core, and a busy one still uses every core (Phusion Passenger's
// min_instances and pool idle time, PM2's scaling, work the same way).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DownProcess, ProcessesReport } from '../api/routes/health.ts';
import { StartupError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import { removePidFile, writePidFile } from '../core/stale-process.ts';

/** What a process started by the supervisor prints once it serves requests or polls the task queue (main.ts prints it). */
export const INSTANCE_READY = 'Tickscribe process ready.';
/** What the supervised processes are running, for stopStaleProcess to recognise them after a kill -9 of the first. */
export const INSTANCE_COMMAND = '--instance=';
/** The IPC message that carries the supervisor's report to the extra API processes. */
export const PROCESSES_MESSAGE = 'tickscribe:processes';

export type ChildKind = 'api' | 'worker';
const LABEL: Record<ChildKind, string> = { api: 'API process', worker: 'worker process' };

/**
 * The JavaScript heap limit of an extra API process, in MiB (it lives on about 70). V8 sizes its heap growth from
 * the limit: with the default (a share of the machine's memory) a process that served a burst kept hundreds of
 * MiB it no longer used; under this limit it gives them back once idle, at no cost in requests per second.
 */
const API_HEAP_MIB = 384;
/**
 * The JavaScript heap limit of a worker process, in MiB: the limit the first process has had since it ran the
 * worker (package.json's start script). A worker that reaches it dies alone and is started again.
 */
const WORKER_HEAP_MIB = 1024;
/**
 * The largest semi-space of V8's young generation, in MiB, in every process (package.json's start scripts give the
 * first one the same). By default it grows to 16 MiB and stays grown, in each of the young generation's spaces, in
 * every process: measured at idle after a start, each Node process held 50 to 75 MiB less with 1 MiB (`npm run bench`).
 */
const SEMI_SPACE_MIB = 2;
/** The V8 flags each kind of child process starts with. */
export const CHILD_NODE_ARGS: Record<ChildKind, string[]> = {
  api: [`--max-old-space-size=${API_HEAP_MIB}`, `--max-semi-space-size=${SEMI_SPACE_MIB}`],
  worker: [`--max-old-space-size=${WORKER_HEAP_MIB}`, `--max-semi-space-size=${SEMI_SPACE_MIB}`],
};
const READY_TIMEOUT_MS = 120_000;
const COULD_NOT_START = 'Tickscribe could not start:';
const STOP_TIMEOUT_MS = 10_000;

/** The pid files of processes an earlier start left in `dataDir` (a start killed with -9 could not stop them). */
export function childPidFiles(dataDir: string): string[] {
  try {
    return readdirSync(dataDir).filter((name) => /^(api|worker)-\d+\.pid$/.test(name)).map((name) => join(dataDir, name));
  } catch {
    return [];
  }
}

export interface RestartPolicy {
  /** The pause before the first start again. */
  firstDelayMs: number;
  /** The longest pause: each stop in a row doubles it up to this. */
  maxDelayMs: number;
  /** A process that ran this long before it stopped starts the count afresh. */
  stableAfterMs: number;
}

export const RESTART_POLICY: RestartPolicy = { firstDelayMs: 1_000, maxDelayMs: 60_000, stableAfterMs: 60_000 };

/** Growing pauses between starts of one thing that keeps stopping. */
export class Backoff {
  readonly #policy: RestartPolicy;
  #stopsInARow = 0;
  #upSince: number | undefined;

  constructor(policy: RestartPolicy = RESTART_POLICY) {
    this.#policy = policy;
  }

  /** It is up (ready) from now on. */
  running(): void {
    this.#upSince = Date.now();
  }

  /** It stopped (or failed to start): the pause before starting it again. */
  stopped(): number {
    const upFor = this.#upSince === undefined ? 0 : Date.now() - this.#upSince;
    this.#upSince = undefined;
    if (upFor >= this.#policy.stableAfterMs) this.#stopsInARow = 0;
    this.#stopsInARow += 1;
    return Math.min(this.#policy.maxDelayMs, this.#policy.firstDelayMs * 2 ** (this.#stopsInARow - 1));
  }
}

/** A pause in words: '4 s', '0.5 s'. */
export function inWords(ms: number): string {
  return `${Number.isInteger(ms / 1000) ? ms / 1000 : (ms / 1000).toFixed(1)} s`;
}

export interface ChildGroup {
  kind: ChildKind;
  /** How many to run at most; numbered from `first`. */
  count: number;
  first: number;
  /** Node's own options for them, e.g. the heap limit. */
  nodeArgs: string[];
  /**
   * How many run at all times (the lowest numbers). The others start while the group is busy and stop once it is
   * quiet (see DemandPolicy). Default: all of them, always.
   */
  always?: number;
  /**
   * CPU time (microseconds) of a process outside the supervisor doing this group's work, counted in its load: the
   * first process, for the API processes.
   */
  alsoServedBy?: () => number;
}

/** When a group's processes on demand start and stop. */
export interface DemandPolicy {
  /** How often the CPU time of the group's processes is read. */
  sampleMs: number;
  /** Busy: the processes used at least this share of a core each, on average over a sample... */
  busyShare: number;
  /** ...this many samples in a row: one more process starts. */
  busySamples: number;
  /** Quiet: under this share of a core each... */
  quietShare: number;
  /** ...for this long: the newest process on demand stops. */
  quietForMs: number;
}

export const DEMAND_POLICY: DemandPolicy = { sampleMs: 2_000, busyShare: 0.6, busySamples: 3, quietShare: 0.15, quietForMs: 180_000 };

/** Clock ticks a second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on every Linux ABI). */
const TICKS_PER_SECOND = 100;

/** This process's CPU time (user and system), in microseconds. */
export function ownCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** CPU time (user and system, microseconds) a process has used, or undefined where /proc cannot tell (not Linux, gone). */
export function cpuMicros(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / TICKS_PER_SECOND);
  } catch {
    return undefined;
  }
}

export interface SupervisorOptions {
  /** The script each process runs (main.ts), given `--role=<kind> --instance=<number>`. */
  script: string;
  groups: ChildGroup[];
  /** The environment they start with: this process's, with the services' addresses filled in. */
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** Where each process's pid file goes (DATA_DIR), so a start after a kill -9 of this one can stop them. */
  pidDir: string;
  policy?: RestartPolicy;
  demand?: DemandPolicy;
}

export interface Supervisor {
  /** What is down now, for /api/health. */
  report(): ProcessesReport;
  stop(): Promise<void>;
}

interface Slot {
  kind: ChildKind;
  number: number;
  nodeArgs: string[];
  backoff: Backoff;
  /** Runs at all times; else on demand. */
  always: boolean;
  /** Should be running: always, or started on demand and not yet stopped for quiet. */
  wanted: boolean;
  ready?: boolean;
  child?: ChildProcess;
  exited?: Promise<void>;
  down?: DownProcess;
  timer?: NodeJS.Timeout;
}

/** Why a process stopped, in words: 'out of memory, signal SIGABRT', 'signal SIGKILL', 'exit code 1'. */
function stopReason(code: number | null, signal: NodeJS.Signals | null, output: string): string {
  const outOfMemory = /heap out of memory|Reached heap limit/.test(output);
  return [outOfMemory ? 'out of memory' : null, signal ? `signal ${signal}` : `exit code ${code}`].filter(Boolean).join(', ');
}

/** Starts the processes and resolves once every one is ready; rejects (after stopping them) if one cannot start. */
export async function startSupervisor(options: SupervisorOptions): Promise<Supervisor> {
  const policy = options.policy ?? RESTART_POLICY;
  // Without /proc no load can be read: every process then runs at all times.
  const canMeasure = cpuMicros(process.pid) !== undefined;
  const slots: Slot[] = options.groups.flatMap((group) => Array.from({ length: group.count }, (_, index) => {
    const always = !canMeasure || index < (group.always ?? group.count);
    return { kind: group.kind, number: group.first + index, nodeArgs: group.nodeArgs, backoff: new Backoff(policy), always, wanted: always };
  }));
  let stopping = false;

  const report = (): ProcessesReport => {
    const of = (kind: ChildKind) => {
      const ofKind = slots.filter((slot) => slot.kind === kind);
      const wanted = ofKind.filter((slot) => slot.wanted);
      const onDemand = ofKind.length - ofKind.filter((slot) => slot.always).length;
      return ofKind.length
        ? { count: wanted.length, down: wanted.flatMap((slot) => (slot.down ? [slot.down] : [])), ...(onDemand ? { most: ofKind.length } : {}) }
        : undefined;
    };
    return { api: of('api'), workers: of('worker') };
  };
  const publish = (only?: Slot) => {
    const message = { type: PROCESSES_MESSAGE, report: report() };
    for (const slot of only ? [only] : slots) {
      if (slot.kind === 'api' && slot.child?.connected) slot.child.send(message, () => {});
    }
  };

  const restartLater = (slot: Slot, reason: string) => {
    const delay = slot.backoff.stopped();
    slot.down = { number: slot.number, stopped: reason, restartAt: Date.now() + delay };
    options.logger.warn({ process: slot.kind, instance: slot.number }, `The ${LABEL[slot.kind]} ${slot.number} stopped (${reason}); starting it again in ${inWords(delay)}.`);
    publish();
    slot.timer = setTimeout(() => {
      slot.timer = undefined;
      if (stopping || !slot.wanted) return;
      launch(slot, false).then(() => {
        slot.down = undefined;
        options.logger.warn({ process: slot.kind, instance: slot.number }, `The ${LABEL[slot.kind]} ${slot.number} is running again.`);
        publish();
      }, () => {
        // Its exit already scheduled the next start.
      });
    }, delay);
  };

  /** Starts the slot's process; resolves once it is ready. A process that exits later, or fails a restart, is started again. */
  const launch = (slot: Slot, initial: boolean): Promise<void> => {
    const label = `${LABEL[slot.kind]} ${slot.number}`;
    const child = spawn(process.execPath, [...slot.nodeArgs, options.script, `--role=${slot.kind}`, `${INSTANCE_COMMAND}${slot.number}`], {
      env: { ...options.env, WEB_CONCURRENCY: '1' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      // Its own process group: a Ctrl-C in the terminal reaches the first process alone, which stops this one in order.
      detached: true,
    });
    slot.child = child;
    slot.ready = false;
    // A process that cannot be made (no memory, no more processes) exits at once with an error: started again.
    child.once('error', (error) => options.logger.error({ err: error, process: slot.kind, instance: slot.number }, `The ${label} could not run.`));
    const pidFile = join(options.pidDir, `${slot.kind}-${slot.number}.pid`);
    try {
      writePidFile(pidFile, child.pid);
    } catch (error) {
      options.logger.warn({ err: error, pidFile }, 'could not write a pid file: a start after a kill -9 of this process will not stop that one');
    }
    let ready = false;
    let timedOut = false;
    let output = '';
    // The end of what it wrote on stderr, for the words of its stop (V8 says it ran out of memory there).
    let stderrTail = '';
    // 'close' rather than 'exit': its last words (the ready line, V8's out-of-memory message) have been read by then.
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('close', (code, signal) => {
        removePidFile(pidFile);
        resolve({ code, signal });
      }));
    slot.exited = exited.then(() => {});
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, READY_TIMEOUT_MS);
      const relay = (target: NodeJS.WriteStream, isStderr: boolean) => (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        if (isStderr) stderrTail = (stderrTail + text).slice(-4096);
        if (ready) {
          target.write(text);
          return;
        }
        output += text;
        if (!output.includes(INSTANCE_READY)) return;
        ready = true;
        slot.ready = true;
        clearTimeout(timer);
        slot.backoff.running();
        const rest = output.replace(`${INSTANCE_READY}\n`, '');
        if (rest) target.write(rest);
        if (slot.kind === 'api') publish(slot);
        resolve();
      };
      child.stdout!.on('data', relay(process.stdout, false));
      child.stderr!.on('data', relay(process.stderr, true));
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        slot.ready = false;
        if (!slot.wanted) {
          // Stopped for quiet: nothing to start again.
          reject(new StartupError(`The ${label} was stopped while it started.`));
          return;
        }
        if (!ready) {
          const said = output.trim().split('\n').find((line) => line.startsWith(COULD_NOT_START));
          const reason = timedOut ? `it did not start within ${READY_TIMEOUT_MS / 1000} s`
            : said ? `it could not start: ${said.slice(COULD_NOT_START.length).trim()}` : `${stopReason(code, signal, stderrTail)}, while starting`;
          reject(new StartupError(said ?? `The ${label} could not start (${reason}).`));
          if (!initial && !stopping) restartLater(slot, reason);
          return;
        }
        if (!stopping) restartLater(slot, stopReason(code, signal, stderrTail));
      });
    });
  };

  /** Ends the slot's process (SIGTERM: it finishes what it serves; SIGKILL after STOP_TIMEOUT_MS). */
  const end = async (slot: Slot) => {
    clearTimeout(slot.timer);
    const child = slot.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await slot.exited;
    clearTimeout(timer);
  };

  let sampler: NodeJS.Timeout | undefined;
  const stop = async () => {
    stopping = true;
    clearInterval(sampler);
    await Promise.all(slots.map(end));
  };

  const started = await Promise.allSettled(slots.filter((slot) => slot.wanted).map((slot) => launch(slot, true)));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  if (slots.some((slot) => !slot.always)) {
    const demand = options.demand ?? DEMAND_POLICY;
    const watchers = options.groups.map((group) => watchDemand(group, slots.filter((slot) => slot.kind === group.kind), demand, {
      start: (slot) => {
        slot.wanted = true;
        options.logger.info({ process: slot.kind, instance: slot.number }, `${BUSY_LABEL[slot.kind]} busy: starting the ${LABEL[slot.kind]} ${slot.number}.`);
        publish();
        launch(slot, false).catch(() => {
          // Said, and started again, by its exit.
        });
      },
      stop: (slot) => {
        slot.wanted = false;
        slot.down = undefined;
        options.logger.info({ process: slot.kind, instance: slot.number }, `${BUSY_LABEL[slot.kind]} quiet: stopping the ${LABEL[slot.kind]} ${slot.number} until it is busy again.`);
        publish();
        void end(slot);
      },
    }));
    sampler = setInterval(() => {
      if (!stopping) for (const watch of watchers) watch();
    }, demand.sampleMs);
    sampler.unref();
  }
  return { report, stop };
}

const BUSY_LABEL: Record<ChildKind, string> = { api: 'The API is', worker: 'The workers are' };

/**
 * The demand of one group, read at each sample: one more process on demand once the running ones were busy for
 * `busySamples` samples in a row, the newest one stopped once they were quiet for `quietForMs`. One change at a
 * time: the counts start afresh after each, and nothing changes while a process of the group is starting.
 */
function watchDemand(group: ChildGroup, slots: Slot[], policy: DemandPolicy, act: { start(slot: Slot): void; stop(slot: Slot): void }) {
  let last: { at: number; cpu: number; pids: string } | undefined;
  let busySamples = 0;
  let quietSince: number | undefined;
  return () => {
    const running = slots.filter((slot) => slot.wanted && slot.ready && slot.child?.pid !== undefined);
    if (slots.some((slot) => slot.wanted && !slot.ready && !slot.down)) {
      last = undefined;
      return;
    }
    const now = performance.now();
    let cpu = group.alsoServedBy?.() ?? 0;
    for (const slot of running) cpu += cpuMicros(slot.child!.pid!) ?? 0;
    const pids = running.map((slot) => slot.child!.pid).join(',');
    const previous = last;
    last = { at: now, cpu, pids };
    // A process that started or stopped since the last sample makes the difference meaningless.
    if (!previous || previous.pids !== pids) return;
    const processes = running.length + (group.alsoServedBy ? 1 : 0);
    if (!processes) return;
    const share = (cpu - previous.cpu) / ((now - previous.at) * 1000) / processes;
    busySamples = share >= policy.busyShare ? busySamples + 1 : 0;
    quietSince = share < policy.quietShare ? quietSince ?? now : undefined;
    const spare = slots.find((slot) => !slot.wanted);
    if (busySamples >= policy.busySamples && spare) {
      busySamples = 0;
      quietSince = undefined;
      last = undefined;
      act.start(spare);
      return;
    }
    const newest = slots.filter((slot) => slot.wanted && !slot.always).at(-1);
    if (quietSince !== undefined && now - quietSince >= policy.quietForMs && newest) {
      quietSince = undefined;
      last = undefined;
      act.stop(newest);
    }
  };
}
