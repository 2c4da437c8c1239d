// `npm run fake-trackers` as people run it: stopped through npm, by a signal or by killing npm outright, it frees
// the stand-ins' ports rather than leaving them held by a node process nobody sees.
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process.ts';

const STAND_INS = 5;

const listening = (port: number) => new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: '127.0.0.1', port }, () => resolve(!!socket.end()));
  socket.once('error', () => resolve(false));
});

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (await check()) return true;
  }
  return false;
}

/**
 * A base port with the four after it free as well, below the ephemeral range (32768 and up on Linux), where the
 * local ends of the suite's own connections come and go: a port found free there can be taken a moment later.
 */
async function freeRange(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    if (!(await Promise.all(Array.from({ length: STAND_INS }, (_, index) => listening(base + index)))).some(Boolean)) return base;
  }
}

/** `npm run fake-trackers` on a free range, once it says it runs: npm's process and the stand-ins' ports. */
async function startStandIns(): Promise<{ npm: ChildProcess; ports: number[] }> {
  for (let attempt = 1; ; attempt++) {
    const base = await freeRange();
    const npm = spawn('npm', ['run', '--silent', 'fake-trackers', '--', '--port', String(base)], { cwd: ROOT, env: process.env });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    let exited = false;
    npm.once('exit', () => void (exited = true));
    // npm and the stand-ins' imports take seconds on a busy machine: the stop, not the start, is what is tested.
    await until(async () => exited || output.includes('Tracker stand-ins are running'), 90_000);
    if (output.includes('Tracker stand-ins are running')) return { npm, ports: Array.from({ length: STAND_INS }, (_, index) => base + index) };
    npm.kill('SIGKILL');
    // A port taken between the check and the start: another range.
    if (exited && /EADDRINUSE/.test(output) && attempt < 3) continue;
    throw new Error(`npm run fake-trackers did not start on ports ${base}-${base + STAND_INS - 1}: ${output || '(no output)'}`);
  }
}

describe('npm run fake-trackers', () => {
  it.each([['SIGTERM to npm', 'SIGTERM'], ['npm killed outright', 'SIGKILL']] as const)('%s frees every port', async (_how, signal) => {
    const { npm, ports } = await startStandIns();
    try {
      expect(await Promise.all(ports.map(listening))).toEqual(ports.map(() => true));
      npm.kill(signal);
      expect(await until(async () => !(await Promise.all(ports.map(listening))).some(Boolean), 10_000)).toBe(true);
    } finally {
      npm.kill('SIGKILL');
    }
  }, 200_000);
});
