import type { ParameterizedContext } from 'koa';
import type { RouterParamContext } from '@koa/router';
import type { Logger } from '../core/logger.ts';

export interface AppState {
  requestId: string;
  log: Logger;
}

export type AppContext = ParameterizedContext<AppState, RouterParamContext<AppState>>;
