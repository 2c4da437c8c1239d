// The supervisor of the processes the first process of a multi-process start runs beside itself: the extra API
// processes (`server/main.ts --role=api --instance=N`, N from 2: WEB_CONCURRENCY in all, the first one included,
// all listening on PORT with SO_REUSEPORT) and, under `npm start`, the worker processes (`--role=worker
// --instance=N`, N from 1: WORKER_PROCESSES), on the services the first process started or uses. The workers run
// apart from every API process, so an ingest that takes its process down (out of memory, say) takes no request with
// it. A process that stops is started again after a pause that doubles with each stop in a row (1 s up to 60 s; a
// process that stayed up a minute starts the count afresh), said in words in the log; the supervisor never gives
// up and never stops Tickscribe: only a signal does. What is down is reported to /api/health, in this process
// directly and in the extra API processes over their IPC channel.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
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
  /** How many to run; numbered from `first`. */
  count: number;
  first: number;
  /** Node's own options for them, e.g. the heap limit. */
  nodeArgs: string[];
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
  const slots: Slot[] = options.groups.flatMap((group) => Array.from({ length: group.count }, (_, index) => ({
    kind: group.kind, number: group.first + index, nodeArgs: group.nodeArgs, backoff: new Backoff(policy),
  })));
  let stopping = false;

  const report = (): ProcessesReport => {
    const of = (kind: ChildKind) => {
      const ofKind = slots.filter((slot) => slot.kind === kind);
      return ofKind.length ? { count: ofKind.length, down: ofKind.flatMap((slot) => (slot.down ? [slot.down] : [])) } : undefined;
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
      if (stopping) return;
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

  const stop = async () => {
    stopping = true;
    await Promise.all(slots.map(async (slot) => {
      clearTimeout(slot.timer);
      const child = slot.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await slot.exited;
      clearTimeout(timer);
    }));
  };

  const started = await Promise.allSettled(slots.map((slot) => launch(slot, true)));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { report, stop };
}
