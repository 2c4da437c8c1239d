import type { RouterContext } from '@koa/router';
import type { Logger } from '../core/logger.ts';
import type { Authenticated } from '../core/users/accounts.ts';

export interface AppState {
  requestId: string;
  log: Logger;
  /** The signed-in user and session, when the request carries a live session token. */
  auth?: Authenticated;
  /** The session token the request carries (bearer or cookie); the route's call looks it up. */
  token?: string;
  /** Where the session token came from. */
  authSource?: 'bearer' | 'cookie';
}

export type AppContext = RouterContext<AppState>;
