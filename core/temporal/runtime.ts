import { Runtime, type LogLevel, type LogMetadata, type Logger as TemporalLogger } from '@temporalio/worker';
import type { Logger } from '../logger.ts';

let installed = false;

/** Routes the Temporal SDK's logs into our logger and leaves signal handling to main(). Once per process. */
export function installTemporalRuntime(logger: Logger): void {
  if (installed) return;
  installed = true;
  const log = logger.child({ component: 'temporal-sdk' });
  const levels: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
    TRACE: 'trace', DEBUG: 'debug', INFO: 'debug', WARN: 'warn', ERROR: 'error',
  };
  const adapter: TemporalLogger = {
    log: (level: LogLevel, message: string, meta?: LogMetadata) => log[levels[level]](meta ?? {}, message),
    trace: (message, meta) => log.trace(meta ?? {}, message),
    debug: (message, meta) => log.debug(meta ?? {}, message),
    info: (message, meta) => log.debug(meta ?? {}, message),
    warn: (message, meta) => log.warn(meta ?? {}, message),
    error: (message, meta) => log.error(meta ?? {}, message),
  };
  Runtime.install({ logger: adapter, shutdownSignals: [] });
}
