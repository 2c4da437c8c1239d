// `npm run fake-trackers` as people run it: stopped through npm, by a signal or by killing npm outright, it frees
// the stand-ins' ports rather than leaving them held by a node process nobody sees.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
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

/** A base port with the four after it free as well. */
async function freeRange(): Promise<number> {
  for (;;) {
    const base = await freePort();
    if (base + STAND_INS < 65_535 && !(await Promise.all(Array.from({ length: STAND_INS }, (_, index) => listening(base + index)))).some(Boolean)) return base;
  }
}

describe('npm run fake-trackers', () => {
  it.each([['SIGTERM to npm', 'SIGTERM'], ['npm killed outright', 'SIGKILL']] as const)('%s frees every port', async (_how, signal) => {
    const base = await freeRange();
    const npm = spawn('npm', ['run', '--silent', 'fake-trackers', '--', '--port', String(base)], { cwd: ROOT, env: process.env });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    try {
      // npm and the stand-ins' imports take seconds on a busy machine: the stop, not the start, is what is tested.
      expect(await until(async () => output.includes('Tracker stand-ins are running'), 90_000), output).toBe(true);
      const ports = Array.from({ length: STAND_INS }, (_, index) => base + index);
      expect(await Promise.all(ports.map(listening))).toEqual(ports.map(() => true));
      npm.kill(signal);
      expect(await until(async () => !(await Promise.all(ports.map(listening))).some(Boolean), 10_000)).toBe(true);
    } finally {
      npm.kill('SIGKILL');
    }
  }, 120_000);
});
