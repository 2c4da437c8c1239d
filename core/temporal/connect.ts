import { Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '../errors.ts';

export interface WaitOptions {
  address: string;
  /** Overall deadline in milliseconds. Default 120 000: a cold dev server on two cores needs far more than 5 s. */
  timeoutMs?: number;
  /** Rejects the wait early, e.g. when the dev server process exits. */
  abandon?: Promise<unknown>;
}

/** Connects a client, retrying until the server answers its health check or the deadline passes. */
export async function waitForTemporal(options: WaitOptions): Promise<Connection> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let gaveUp = false;
  void options.abandon?.then(() => (gaveUp = true));
  let lastError: unknown;
  while (!gaveUp && Date.now() < deadline) {
    try {
      const connection = await Connection.connect({ address: options.address, connectTimeout: 5_000 });
      await connection.withDeadline(Date.now() + 5_000, () => connection.healthService.check({}));
      return connection;
    } catch (error) {
      lastError = error;
      await sleep(250);
    }
  }
  const reason = gaveUp ? 'the dev server exited' : `no answer within ${Math.round((options.timeoutMs ?? 120_000) / 1000)} s`;
  const cause = lastError instanceof Error ? ` (${lastError.message.split('\n')[0]})` : '';
  throw new StartupError(`Temporal at ${options.address} is not reachable: ${reason}${cause}.`);
}

/** The worker's own connection, made once the server is known to be up. */
export function connectWorker(address: string): Promise<NativeConnection> {
  return NativeConnection.connect({ address });
}
