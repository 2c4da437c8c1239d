import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import type { AppState } from './context.ts';

export const WEB_DIST_DIR = fileURLToPath(new URL('../dist/web/', import.meta.url));

/** What the browser app reads at run time (see web/src/runtime-config.ts). */
export interface RuntimeConfig {
  apiBaseUrl: string;
}

/** Serves window.TICKSCRIBE_CONFIG as a script file, which the CSP allows where an inline script would not be. */
export function runtimeConfigScript(config: RuntimeConfig): Middleware<AppState> {
  const script = `window.TICKSCRIBE_CONFIG = ${JSON.stringify(config)};\n`;
  return async (ctx, next) => {
    if (ctx.path !== '/runtime-config.js') return next();
    ctx.type = 'application/javascript';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = script;
  };
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A page opened on another loopback name of this server (http://127.0.0.1:3000 while APP_URL is
 * http://localhost:3000) is sent to APP_URL's: cookies belong to one name, and the e-mailed links use APP_URL's, so
 * signing up on one name and verifying on the other would sign the user in where they are not looking. Only page
 * loads move (GET and HEAD outside the API); any other host is left alone, as a proxy in front may name it.
 */
export function sameLoopbackName(appUrl: string, apiPrefixes: string[]): Middleware<AppState> {
  const app = new URL(appUrl);
  if (!LOOPBACK_NAMES.has(app.hostname)) return (_ctx, next) => next();
  return async (ctx, next) => {
    const [hostname = '', port = ''] = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(ctx.host)?.slice(1) ?? [];
    const isPage = (ctx.method === 'GET' || ctx.method === 'HEAD') && !apiPrefixes.some((prefix) => ctx.path === prefix || ctx.path.startsWith(`${prefix}/`));
    if (!isPage || hostname === app.hostname || !LOOPBACK_NAMES.has(hostname) || (port || '80') !== (app.port || '80')) return next();
    ctx.status = 308;
    ctx.redirect(`${app.origin}${ctx.url}`);
  };
}

/**
 * The built web app: hashed assets cached for a year, everything else answered with index.html so the
 * client-side router decides (it redirects unknown paths to /).
 */
export function webApp(distDir: string, apiPrefixes: string[]): Middleware<AppState> {
  const indexFile = join(distDir, 'index.html');
  const assets = serve(distDir, {
    index: false,
    maxage: 365 * 24 * 3600 * 1000,
    immutable: true,
    gzip: true,
    brotli: true,
    setHeaders: (res, path) => {
      if (!path.includes('/assets/')) res.setHeader('Cache-Control', 'no-cache');
    },
  }) as unknown as Middleware<AppState>;
  let cached: { mtimeMs: number; html: string } | undefined;

  return async (ctx, next) => {
    if (apiPrefixes.some((prefix) => ctx.path === prefix || ctx.path.startsWith(`${prefix}/`))) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    await assets(ctx, async () => {});
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.path.startsWith('/assets/')) return;
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app has not been built yet. Run `npm run build`, then reload this page.';
      return;
    }
    // Re-read after a rebuild, so a running server never points at asset names that no longer exist.
    const { mtimeMs } = await stat(indexFile);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(indexFile, 'utf8') };
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = cached.html;
  };
}
