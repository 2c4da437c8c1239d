import type { Middleware } from 'koa';
import { clientErrorStatus, HttpError } from '../errors.ts';
import type { AppState } from '../context.ts';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

/** Messages for errors that Koa's own middleware raises, in plain words. */
function describeClientError(error: HttpLikeError, status: number): string {
  if (status === 413) return 'The request body is too large.';
  if (status === 415) return 'Send the request body as JSON.';
  if (status === 400 && (error.type === 'entity.parse.failed' || error instanceof SyntaxError)) {
    return 'The request body is not valid JSON.';
  }
  return error.message ?? 'The request could not be handled.';
}

/**
 * Turns every error into `{ "error": "<message>" }` with its status. Client errors keep their message; anything
 * else is logged with the request id and answered with a generic 500, so no stack trace or internals leak.
 */
export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const error = caught as HttpLikeError;
      const known = clientErrorStatus(caught);
      const status = known ?? error.status ?? error.statusCode ?? 500;
      if (known !== undefined) {
        // An outside service's failure is the operator's to notice; its message is still meant for the user.
        if (known >= 500) ctx.state.log.warn({ err: caught }, 'an outside service failed');
        ctx.status = known;
        ctx.body = { error: (caught as Error).message };
      } else if (status >= 500 || !error.expose) {
        ctx.state.log.error({ err: caught }, 'unhandled error');
        ctx.status = status >= 400 && status < 500 ? status : 500;
        ctx.body = {
          error:
            ctx.status === 500
              ? `Something went wrong on our side. Please try again; if it keeps happening, quote request id ${ctx.state.requestId}.`
              : describeClientError(error, ctx.status),
        };
      } else {
        ctx.status = status;
        ctx.body = { error: describeClientError(error, status) };
      }
      ctx.remove('Content-Encoding');
    }
  };
}

/** Unknown paths under the API prefixes answer 404 JSON, never the web app's HTML. */
export function apiNotFound(prefixes: string[]): Middleware<AppState> {
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (prefixes.some((prefix) => ctx.path === prefix || ctx.path.startsWith(`${prefix}/`))) {
      throw new HttpError(404, `Not found: ${ctx.method} ${ctx.path}`);
    }
  };
}
