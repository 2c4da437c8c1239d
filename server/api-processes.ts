// The extra API processes of a multi-process start (WEB_CONCURRENCY): each is `server/main.ts --role=<all|api>
// --instance=N` on the services this process started or uses (with a worker of its own when the first runs one),
// listening on the same PORT (SO_REUSEPORT, so the kernel spreads the connections and no process relays them). A
// process that dies is started again; one that keeps dying stops Tickscribe, as any other part would.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StartupError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import { removePidFile, writePidFile } from '../core/stale-process.ts';

/** What an extra API process prints once it serves requests (main.ts prints it). */
export const INSTANCE_READY = 'Tickscribe API process ready.';
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;
/** What an earlier start's API processes are running, for stopStaleProcess to recognise them. */
export const INSTANCE_COMMAND = '--instance=';

/** The pid files of API processes an earlier start left in `dataDir` (a start killed with -9 could not stop them). */
export function apiPidFiles(dataDir: string): string[] {
  try {
    return readdirSync(dataDir).filter((name) => /^api-\d+\.pid$/.test(name)).map((name) => join(dataDir, name));
  } catch {
    return [];
  }
}

/**
 * The JavaScript heap limit of an extra API process, in MiB (it lives on about 70). V8 sizes its heap growth from
 * the limit: with the default (a share of the machine's memory) a process that served a burst kept hundreds of
 * MiB it no longer used; under this limit it gives them back once idle, at no cost in requests per second.
 */
export const API_HEAP_MIB = 384;

/** Restarts allowed within RESTART_WINDOW_MS before the failure is reported instead. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

export interface ApiProcessesOptions {
  /** How many to start (WEB_CONCURRENCY minus this process). */
  count: number;
  /**
   * What they run besides the API: 'all' (the first process runs a worker, so each of them runs one too, and the
   * ingests' CPU is spread over every core) or 'api' (the first serves the API alone; workers run elsewhere).
   */
  role: 'all' | 'api';
  /** The environment they start with: this process's, with the services' addresses filled in. */
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** Where each process's pid file goes (DATA_DIR), so a start after a kill -9 of this one can stop them. */
  pidDir: string;
  /** Called when a process keeps dying: Tickscribe then stops. */
  onFailure(error: Error): void;
}

export interface ApiProcesses {
  stop(): Promise<void>;
}

interface Instance {
  number: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts the processes and resolves once every one serves requests; rejects (after stopping them) if one cannot start. */
export async function startApiProcesses(options: ApiProcessesOptions): Promise<ApiProcesses> {
  const instances = new Map<number, Instance>();
  const restarts: number[] = [];
  let stopping = false;

  const launch = (number: number): Promise<Instance> => {
    const child = spawn(process.execPath, [`--max-old-space-size=${API_HEAP_MIB}`, MAIN, `--role=${options.role}`, `--instance=${number}`], {
      env: { ...options.env, WEB_CONCURRENCY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a Ctrl-C in the terminal reaches the first process alone, which stops this one in order.
      detached: true,
    });
    const pidFile = join(options.pidDir, `api-${number}.pid`);
    writePidFile(pidFile, child.pid);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
      removePidFile(pidFile);
      resolve(code);
    }));
    const instance = { number, child, exited };
    instances.set(number, instance);
    let output = '';
    return new Promise<Instance>((resolve, reject) => {
      let ready = false;
      const timer = setTimeout(() => reject(new StartupError(`API process ${number} did not start within ${READY_TIMEOUT_MS / 1000} s.`)), READY_TIMEOUT_MS);
      const relay = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        if (!ready) {
          output += text;
          if (output.includes(INSTANCE_READY)) {
            ready = true;
            clearTimeout(timer);
            const rest = output.replace(`${INSTANCE_READY}\n`, '');
            if (rest) target.write(rest);
            resolve(instance);
          }
          return;
        }
        target.write(text);
      };
      child.stdout!.on('data', relay(process.stdout));
      child.stderr!.on('data', relay(process.stderr));
      void exited.then((code) => {
        clearTimeout(timer);
        if (!ready) {
          const said = output.trim().split('\n').find((line) => line.startsWith('Tickscribe could not start:'));
          reject(new StartupError(said ?? `API process ${number} exited with code ${code} while starting.`));
          return;
        }
        if (stopping) return;
        const now = Date.now();
        restarts.push(now);
        while (restarts.length && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
        if (restarts.length > MAX_RESTARTS) {
          options.onFailure(new Error(`API process ${number} stopped ${restarts.length} times within a minute (last exit code ${code}).`));
          return;
        }
        options.logger.warn({ instance: number, code }, 'an API process stopped; starting it again');
        launch(number).catch((error: unknown) => options.onFailure(error instanceof Error ? error : new Error(String(error))));
      });
    });
  };

  const stop = async () => {
    stopping = true;
    await Promise.all([...instances.values()].map(async ({ child, exited }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }));
  };

  const started = await Promise.allSettled(Array.from({ length: options.count }, (_, index) => launch(index + 2)));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  options.logger.info({ processes: options.count + 1 }, 'API served by several processes');
  return { stop };
}
