import { createServer } from 'node:net';
import { StartupError } from './errors.ts';

/** Resolves when `port` can be bound on `host`; otherwise throws a StartupError naming the setting. */
export async function assertPortFree(port: number, setting: string, host = '127.0.0.1'): Promise<void> {
  const problem = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
  if (!problem) return;
  if (problem.code === 'EADDRINUSE') {
    throw new StartupError(
      `Port ${port} (${setting}) is already in use. Stop the program that uses it, or set ${setting} to a free port.`,
    );
  }
  if (problem.code === 'EACCES') {
    throw new StartupError(`Port ${port} (${setting}) needs privileges this process lacks. Set ${setting} to a port above 1023.`);
  }
  throw new StartupError(`Port ${port} (${setting}) cannot be used: ${problem.message}`);
}

/** A port on 127.0.0.1 that nothing listens on at the moment (for a server run briefly, as when making a template). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
