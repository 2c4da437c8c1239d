import type { RouterContext } from '@koa/router';
import type { Logger } from '../core/logger.ts';

export interface AppState {
  requestId: string;
  log: Logger;
}

export type AppContext = RouterContext<AppState>;
