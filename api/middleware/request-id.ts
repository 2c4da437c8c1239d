import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../../core/logger.ts';
import type { AppState } from '../context.ts';

const INCOMING_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Gives each request an id (the caller's X-Request-Id when it is sane), a child logger, and one log line. */
export function requestContext(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const fields = {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      if (ctx.status >= 500) ctx.state.log.error(fields, 'request failed');
      else ctx.state.log.info(fields, 'request');
    }
  };
}
