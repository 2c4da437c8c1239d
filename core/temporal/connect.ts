import { Connection } from '@temporalio/client';
import type { NativeConnection } from '@temporalio/worker';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { SEARCH_ATTRIBUTE_NAMES } from './search-attributes.ts';

/** temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD. */
const KEYWORD = 2;

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

/**
 * The worker's own connection, made once the server is known to be up. The worker SDK (its native core) is loaded
 * here, so processes that run no worker (the API processes) never load it.
 */
export async function connectWorker(address: string): Promise<NativeConnection> {
  const { NativeConnection } = await import('@temporalio/worker');
  return NativeConnection.connect({ address });
}

/**
 * Adds the search attributes the namespace lacks (a Temporal server Tickscribe did not start, set up without
 * docker-compose.yml's step). A server that refuses (Temporal Cloud adds them through its own console or tcld) is
 * logged with the names to add: starts carrying them are refused until then.
 */
export async function ensureSearchAttributes(connection: Connection, namespace: string, logger: Logger): Promise<void> {
  const wanted = Object.values(SEARCH_ATTRIBUTE_NAMES);
  try {
    const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
    const missing = wanted.filter((name) => !(name in (customAttributes ?? {})));
    if (!missing.length) return;
    await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: Object.fromEntries(missing.map((name) => [name, KEYWORD])) });
    logger.info({ namespace, added: missing }, 'registered the search attributes operators find workflows by');
  } catch (error) {
    logger.error(
      { err: error, namespace },
      `Could not register the search attributes ${wanted.join(', ')} (type Keyword) in Temporal; add them, or workflows cannot start.`,
    );
  }
}
