import type { EntityManager } from '@mikro-orm/postgresql';
import type { Credits } from '../../core/credits/credits.ts';
import { manualReset, resetState, type CreditSchedules } from '../../core/credits/resets.ts';
import { billedWorkspace, type WorkspaceScope } from '../../core/users/scope.ts';
import type { TokenUsageHistory, TokenUsageHistoryQuery, TokenUsageReset, TokenUsageStats } from '../../schemas/types.ts';
import type { ApiRegistry } from '../routing.ts';

async function fullStats(credits: Credits, em: EntityManager, scope: WorkspaceScope): Promise<TokenUsageStats> {
  const now = new Date();
  const workspace = await billedWorkspace(em, scope);
  return { ...(await credits.stats(em, workspace, now)), ...(await resetState(em, workspace, now)) };
}

export function tokenUsageRoutes(api: ApiRegistry, deps: { credits: Credits; em: () => EntityManager; schedules?: CreditSchedules }): void {
  api.route<undefined, undefined, TokenUsageStats>({
    method: 'get', path: '/api/token-usage/stats', operationId: 'tokenUsageStats', tag: 'token usage', auth: 'session', role: 'member',
    summary: "This period's input and output tokens used, the plan's limits, the next reset, whether the workspace is blocked, and the manual reset's cooldown.",
    responses: { 200: { description: 'Stats.', schema: 'api/token-usage/stats.response.schema.json' } },
    handler: async (ctx, { scope }) => fullStats(deps.credits, deps.em(), scope),
  });

  api.route<undefined, Required<TokenUsageHistoryQuery>, TokenUsageHistory>({
    method: 'get', path: '/api/token-usage/history', operationId: 'tokenUsageHistory', tag: 'token usage', auth: 'session', role: 'member',
    summary: "The workspace's usage entries (every member's), newest first, a page at a time.",
    query: 'api/token-usage/history.query.schema.json',
    responses: { 200: { description: 'A page of history.', schema: 'api/token-usage/history.response.schema.json' } },
    handler: async (ctx, { query, scope }) => deps.credits.history(deps.em(), scope.workspace, query),
  });

  api.route<undefined, undefined, TokenUsageReset>({
    method: 'post', path: '/api/token-usage/reset', operationId: 'resetTokenUsage', tag: 'token usage', auth: 'session', role: 'owner',
    summary: "Resets the period's token usage now; possible once every 30 days (the stats say when next).",
    responses: {
      200: { description: 'Reset, in words, with the stats after it.', schema: 'api/token-usage/reset.response.schema.json' },
      429: { description: 'Within 30 days of the last manual reset; the message gives the next possible date.' },
    },
    async handler(ctx, { scope }) {
      const { unblocked } = await manualReset(deps.em().fork(), scope.workspace);
      await deps.schedules?.ensure(scope.workspace).catch(() => {});
      return {
        message: unblocked
          ? 'Token usage reset: your credits are available again and you can process transcripts.'
          : 'Token usage reset: this period starts again now.',
        unblocked,
        stats: await fullStats(deps.credits, deps.em().fork(), scope),
      };
    },
  });
}
