/**
 * Tracker request budgets counted in PostgreSQL, so every process that pushes (the API's and the workers') spends
 * from one count per key: GitHub's 80 content requests a minute hold for a token whatever process its pushes run in.
 * A key's row is locked while it is read and written, and times are the database's clock, so processes on different
 * machines agree. Rows untouched for a day are dropped as others are written.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { fitsAt, type TrackerBudgets } from '../../plugins/sdk/index.ts';

/** Sent times kept per key: as many as the largest window holds (GitHub's 500 an hour). */
const MAX_KEPT = 1_000;

export function postgresBudgets(em: EntityManager): TrackerBudgets {
  const run = <T extends object[]>(sql: string, params: unknown[], tx?: EntityManager) =>
    (tx ?? em).getConnection().execute<T>(sql, params, 'all', tx?.getTransactionContext());
  return {
    take: (key, windows, count) =>
      em.fork().transactional(async (tx) => {
        await run('delete from tracker_budgets where updated_at < now() - interval \'1 day\' and key <> ?', [key], tx);
        await run(`insert into tracker_budgets (key, sent, strikes, updated_at) values (?, '[]', 0, now()) on conflict (key) do nothing`, [key], tx);
        const [row] = await run<{ sent: number[]; now: number }[]>(
          'select sent, extract(epoch from clock_timestamp()) * 1000 as now from tracker_budgets where key = ? for update', [key], tx,
        );
        const now = Number(row!.now);
        const longest = Math.max(...windows.map((window) => window.windowMs));
        const sent = row!.sent.map(Number).filter((at) => at > now - longest);
        const later = fitsAt(sent, windows, count, now);
        if (later === null) sent.push(...Array.from({ length: count }, () => now));
        await run('update tracker_budgets set sent = ?::jsonb, updated_at = now() where key = ?', [JSON.stringify(sent.slice(-MAX_KEPT)), key], tx);
        return later === null ? null : new Date(later).toISOString();
      }),
    async strike(key) {
      const [row] = await run<{ strikes: number }[]>(
        `insert into tracker_budgets as b (key, sent, strikes, updated_at) values (?, '[]', 1, now())
           on conflict (key) do update set strikes = b.strikes + 1, updated_at = now() returning strikes`,
        [key],
      );
      return Number(row!.strikes);
    },
    async clear(key) {
      await run('update tracker_budgets set strikes = 0 where key = ? and strikes > 0', [key]);
    },
  };
}
