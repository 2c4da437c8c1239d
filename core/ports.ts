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
