import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from './errors.ts';
import type { Logger } from './logger.ts';

/** Whether a process with this id exists (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/**
 * Stops a child left running by an earlier start that was killed before it could clean up (its pid is the
 * first line of `pidFile`), but only when that process still runs a command containing `expectedCommand`.
 */
export async function stopStaleProcess(pidFile: string, expectedCommand: string, logger: Logger): Promise<void> {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 1 || !isAlive(pid) || !commandLine(pid).includes(expectedCommand)) return;
  logger.warn({ pid, pidFile }, 'stopping a process left running by an earlier start');
  process.kill(pid, 'SIGINT');
  // A stopped process (SIGSTOP, Ctrl-Z) acts on the signal only once it is continued.
  process.kill(pid, 'SIGCONT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 100) await sleep(100);
}

export function writePidFile(pidFile: string, pid: number | undefined): void {
  if (pid) writeFileSync(pidFile, `${pid}\n`);
}

export function removePidFile(pidFile: string): void {
  rmSync(pidFile, { force: true });
}

/**
 * Claims DATA_DIR for this process, so that two starts never share embedded services: refuses when another
 * Tickscribe that is still alive holds it, then reaps the processes a killed start left behind (its API and worker
 * processes, PostgreSQL and Temporal; `children`: pid files and the command each must be running, in the order to
 * stop them). Returns the release.
 */
export async function claimDataDir(
  dataDir: string,
  children: { pidFile: string; command: string }[],
  logger: Logger,
): Promise<() => void> {
  const pidFile = join(dataDir, 'tickscribe.pid');
  let holder: number | undefined;
  try {
    holder = Number.parseInt(readFileSync(pidFile, 'utf8'), 10);
  } catch {
    holder = undefined;
  }
  if (holder && holder !== process.pid && isAlive(holder) && commandLine(holder).includes('server/')) {
    throw new StartupError(`Tickscribe is already running with DATA_DIR ${dataDir} (process ${holder}). Stop it first, or set another DATA_DIR.`);
  }
  for (const child of children) await stopStaleProcess(child.pidFile, child.command, logger);
  mkdirSync(dataDir, { recursive: true });
  writePidFile(pidFile, process.pid);
  return () => {
    try {
      if (readFileSync(pidFile, 'utf8').trim() === String(process.pid)) removePidFile(pidFile);
    } catch {
      // Already gone.
    }
  };
}
