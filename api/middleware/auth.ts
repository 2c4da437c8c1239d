import type { Middleware } from 'koa';
import { HttpError } from '../errors.ts';
import { DEVICE_DAYS } from '../../core/users/devices.ts';
import type { AppContext, AppState } from '../context.ts';

export const SESSION_COOKIE = 'tickscribe_session';
/** Marks a browser that has signed in to an account before (core/users/devices.ts); sent to /auth calls only. */
export const DEVICE_COOKIE = 'tickscribe_device';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(header: string): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Takes the session token from the bearer header or, failing that, the session cookie; the API's routes look it up
 * (ApiRegistry), so requests for the web app's files never cost a lookup. A state-changing request that relies on
 * the cookie must come from APP_URL's origin (the cookie would otherwise ride along on a forged form).
 */
export function sessionToken(appUrl: string): Middleware<AppState> {
  const allowedOrigin = new URL(appUrl).origin;
  return async (ctx, next) => {
    const bearer = bearerToken(ctx.get('authorization'));
    const cookie = bearer ? undefined : ctx.cookies.get(SESSION_COOKIE);
    if (cookie && !SAFE_METHODS.has(ctx.method) && ctx.get('origin') !== allowedOrigin) {
      throw new HttpError(403, 'This request came from another site and was refused.');
    }
    const token = bearer ?? cookie;
    if (token) {
      ctx.state.token = token;
      ctx.state.authSource = bearer ? 'bearer' : 'cookie';
    }
    await next();
  };
}

export function setSessionCookie(ctx: AppContext, token: string, days: number): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    maxAge: days * 24 * 3_600_000,
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: AppContext): void {
  ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, path: '/', overwrite: true });
}

export function setDeviceCookie(ctx: AppContext, value: string): void {
  ctx.cookies.set(DEVICE_COOKIE, value, {
    httpOnly: true, sameSite: 'strict', secure: ctx.secure, path: '/auth', maxAge: DEVICE_DAYS * 24 * 3_600_000, overwrite: true,
  });
}
