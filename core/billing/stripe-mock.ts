import { spawn, spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { TOOLS_DIR } from '../temporal/cli-path.ts';

/** stripe-mock, Stripe's mock API server (checks every request against Stripe's OpenAPI): the version installed. */
export const STRIPE_MOCK_MODULE = 'github.com/stripe/stripe-mock@v0.203.0';

export const STRIPE_MOCK_MISSING =
  'stripe-mock was not found. Run `npm run setup:stripe-mock` to install it into .tools/ (it needs Go), put `stripe-mock` on PATH, or set STRIPE_MOCK_PATH.';

/** Where stripe-mock is (a binary that runs): STRIPE_MOCK_PATH, then `stripe-mock` on PATH, then .tools/stripe-mock. */
export function findStripeMock(configured = process.env['STRIPE_MOCK_PATH'], path = process.env['PATH'] ?? ''): string | undefined {
  const candidates = configured ? [configured] : [...path.split(delimiter).filter(Boolean).map((dir) => join(dir, 'stripe-mock')), join(TOOLS_DIR, 'stripe-mock')];
  return candidates.find((candidate) => spawnSync(candidate, ['-version'], { stdio: 'ignore', timeout: 10_000 }).status === 0);
}

export interface RunningStripeMock {
  /** e.g. http://127.0.0.1:41234, for STRIPE_API_BASE. */
  url: string;
  stop(): Promise<void>;
}

/** Starts stripe-mock on free loopback ports (it picks them) and resolves with its HTTP address. */
export function startStripeMock(binary: string, timeoutMs = 30_000): Promise<RunningStripeMock> {
  const child = spawn(binary, ['-http-addr', '127.0.0.1:0', '-https-addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`stripe-mock did not start within ${timeoutMs} ms: ${output.trim()}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening for HTTP at address: (127\.0\.0\.1:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({ url: `http://${match[1]}`, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`stripe-mock exited: ${output.trim()}`));
    });
  });
}
