import cors from '@koa/cors';
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import { HttpError } from '../errors.ts';
import type { AppState } from '../context.ts';
import { WORKSPACE_HEADER } from '../../core/workspaces/roles.ts';

/** Security headers. MUI's emotion inserts style elements, hence 'unsafe-inline' for styles only. */
export function securityHeaders(appUrl: string): Middleware<AppState> {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", new URL(appUrl).origin],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': appUrl.startsWith('https:') ? [] : null,
      },
    },
    strictTransportSecurity: appUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
  }) as unknown as Middleware<AppState>;
}

/** Cross-origin requests are allowed, with credentials, from APP_URL only. */
export function corsForApp(appUrl: string): Middleware<AppState> {
  const allowed = new URL(appUrl).origin;
  return cors({
    origin: (ctx) => (ctx.get('Origin') === allowed ? allowed : ''),
    credentials: true,
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', WORKSPACE_HEADER],
    exposeHeaders: ['X-Request-Id'],
    maxAge: 600,
  }) as unknown as Middleware<AppState>;
}

/** Refuses JSON endpoints a body in another encoding, so form posts from other sites cannot reach them. */
export function requireJsonBodies(prefixes: string[]): Middleware<AppState> {
  return async (ctx, next) => {
    const hasBody = ctx.request.length > 0 || ctx.get('transfer-encoding') !== '';
    const isApi = prefixes.some((prefix) => ctx.path.startsWith(`${prefix}/`));
    if (isApi && hasBody && ['POST', 'PUT', 'PATCH'].includes(ctx.method)) {
      if (!ctx.is('application/json', 'multipart/form-data')) throw new HttpError(415, 'Send the request body as JSON.');
    }
    await next();
  };
}
