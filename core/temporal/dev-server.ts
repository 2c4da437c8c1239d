import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../logger.ts';
import { removePidFile, stopStaleProcess, writePidFile } from '../stale-process.ts';
import { ensureTemporalCli } from './install.ts';
import { copyTemporalTemplate, searchAttributeFlags } from './template.ts';

export interface TemporalDevServerOptions {
  /** TEMPORAL_CLI_PATH, if set. */
  cliPath?: string;
  /** The SQLite file lives in `<dataDir>/temporal.db`. */
  dataDir: string;
  port: number;
  uiPort: number;
  namespace: string;
  logger: Logger;
  /** Called once the dev server's process is spawned. */
  onLaunched?: () => void;
}

export interface RunningTemporalDevServer {
  address: string;
  uiUrl: string;
  /** Resolves when the process has gone. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/** The pid file of a running dev server, for reaping one left behind by a killed start. */
export const temporalPidFile = (dataDir: string) => join(dataDir, 'temporal.pid');

/** Starts `temporal server start-dev` with its state in DATA_DIR; does not wait for it (see waitForTemporal). */
export async function startTemporalDevServer(options: TemporalDevServerOptions): Promise<RunningTemporalDevServer> {
  const log = options.logger.child({ component: 'temporal' });
  const cli = await ensureTemporalCli(options.cliPath, (line) => log.info(line));
  await mkdir(options.dataDir, { recursive: true });
  const pidFile = temporalPidFile(options.dataDir);
  await stopStaleProcess(pidFile, 'start-dev', log);
  // A fresh DATA_DIR starts from the ready-made database when there is one (template.ts).
  await copyTemporalTemplate(cli, join(options.dataDir, 'temporal.db')).catch((error: unknown) => log.warn({ err: error }, 'the ready-made Temporal database could not be copied'));
  const args = [
    'server', 'start-dev',
    '--ip', '127.0.0.1',
    '--port', String(options.port),
    '--ui-port', String(options.uiPort),
    '--db-filename', join(options.dataDir, 'temporal.db'),
    '--log-level', 'error',
    // Timers fire when due, not up to a second late (the default shift): a push paced by a tracker's Retry-After
    // waits on workflow timers, and a second lost per wait costs a rate-limited push a fifth of its throughput.
    '--dynamic-config-value', 'history.timerProcessorMaxTimeShift="10ms"',
    ...(options.namespace === 'default' ? [] : ['--namespace', options.namespace]),
    // Registered at each start (a no-op for those the SQLite file has), so operators can search by them.
    ...searchAttributeFlags(),
  ];
  // Its own process group: a Ctrl-C in the terminal reaches Tickscribe alone, which then stops it in order.
  const child: ChildProcess = spawn(cli, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  writePidFile(pidFile, child.pid);
  options.onLaunched?.();
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 30) output.shift();
      log.debug(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping) log.error({ code, signal, output: output.slice(-5) }, 'Temporal dev server exited');
      removePidFile(pidFile);
      resolve();
    });
    child.once('error', (error) => {
      log.error({ err: error }, 'Temporal dev server could not run');
      resolve();
    });
  });

  log.info({ cli, port: options.port, uiPort: options.uiPort }, 'starting Temporal dev server');
  return {
    address: `127.0.0.1:${options.port}`,
    uiUrl: `http://localhost:${options.uiPort}`,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
