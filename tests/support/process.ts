import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface StartedProcess {
  child: ChildProcess;
  output: () => string;
  /** Sends SIGINT and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `node server/start.ts`, as `npm start` does (so the API runs from the server bundle `npm run build` made, the
 * worker from the sources), and resolves once it prints that it is ready.
 */
export function startMainProcess(env: Record<string, string>, args: string[] = [], timeoutMs = 150_000): Promise<StartedProcess> {
  // The heap limit `npm start` and `npm run start:api` give the first process (package.json).
  const child = spawn(process.execPath, ['--max-old-space-size=1024', 'server/start.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Tickscribe is ready')) {
        clearTimeout(timer);
        resolve({
          child,
          output: () => output,
          stop: () => {
            child.kill('SIGINT');
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${output}`));
    });
  });
}
