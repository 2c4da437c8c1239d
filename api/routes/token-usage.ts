import type { EntityManager } from '@mikro-orm/postgresql';
import type { Credits } from '../../core/credits/credits.ts';
import type { TokenUsageHistory, TokenUsageHistoryQuery, TokenUsageStats } from '../../schemas/types.ts';
import { requireAuth } from '../middleware/auth.ts';
import type { ApiRegistry } from '../routing.ts';

export function tokenUsageRoutes(api: ApiRegistry, deps: { credits: Credits; em: () => EntityManager }): void {
  api.route<undefined, undefined, TokenUsageStats>({
    method: 'get', path: '/api/token-usage/stats', operationId: 'tokenUsageStats', tag: 'token usage', auth: 'session',
    summary: "This month's input and output tokens used, the plan's limits, and the reset date.",
    responses: { 200: { description: 'Stats.', schema: 'api/token-usage/stats.response.schema.json' } },
    handler: (ctx) => deps.credits.stats(deps.em(), requireAuth(ctx).user),
  });

  api.route<undefined, Required<TokenUsageHistoryQuery>, TokenUsageHistory>({
    method: 'get', path: '/api/token-usage/history', operationId: 'tokenUsageHistory', tag: 'token usage', auth: 'session',
    summary: 'Usage entries, newest first, a page at a time.',
    query: 'api/token-usage/history.query.schema.json',
    responses: { 200: { description: 'A page of history.', schema: 'api/token-usage/history.response.schema.json' } },
    handler: (ctx, { query }) => deps.credits.history(deps.em(), requireAuth(ctx).user, query),
  });
}
