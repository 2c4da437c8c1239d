import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.passwordHash',
];

/**
 * Structured JSON logs; pretty-printed on a terminal in development. Lines are written without blocking the
 * request that logs them (a line per request at info): writes queue while one is under way, and what is queued is
 * flushed when the process exits.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  const options = { level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' } };
  if (config.NODE_ENV === 'development' && process.stdout.isTTY) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } });
  }
  const destination = pino.destination({ dest: 1, sync: false });
  // Output that went away (a closed terminal, a reader that stopped: EPIPE) loses the lines and nothing else: an
  // unhandled error here would end the process before it stops what it started.
  destination.on('error', () => {});
  return pino(options, destination);
}
