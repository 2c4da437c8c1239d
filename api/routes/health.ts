import type { Connection } from '@temporalio/client';
import type { Orm } from '../../core/db/orm.ts';
import type { HealthResponse } from '../../schemas/types.ts';
import type { ApiRegistry } from '../routing.ts';

const CHECK_TIMEOUT_MS = 3_000;

/** Runs a check with a time limit; on timeout the check is aborted, so no retries linger behind the answer. */
async function within(ms: number, check: (signal: AbortSignal) => Promise<unknown>): Promise<boolean> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([check(controller.signal).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

export function healthRoutes(api: ApiRegistry, deps: { orm: Orm; temporal: Connection }): void {
  api.route<undefined, undefined, HealthResponse>({
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    summary: 'Whether the service, its database and Temporal are up.',
    tag: 'system',
    responses: {
      200: { description: 'Everything is up.', schema: 'api/health.response.schema.json' },
      503: { description: 'A part is down; the body names it.', schema: 'api/health.response.schema.json' },
    },
    async handler(ctx) {
      const [database, temporal] = await Promise.all([
        within(CHECK_TIMEOUT_MS, () => deps.orm.em.getConnection().execute('select 1')),
        within(CHECK_TIMEOUT_MS, (signal) =>
          deps.temporal.withAbortSignal(signal, () => deps.temporal.healthService.check({})),
        ),
      ]);
      const down = [database ? null : 'database', temporal ? null : 'temporal'].filter((part) => part !== null);
      ctx.set('Cache-Control', 'no-store');
      if (down.length) ctx.status = 503;
      return {
        status: down.length ? 'unavailable' : 'ok',
        database: database ? 'ok' : 'down',
        temporal: temporal ? 'ok' : 'down',
        ...(down.length ? { error: `Down: ${down.join(', ')}` } : {}),
      };
    },
  });
}
