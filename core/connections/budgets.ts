/**
 * Tracker request budgets counted in PostgreSQL, so every process that pushes (the API's and the workers') spends
 * from one count per key: GitHub's 80 content requests a minute hold for a token whatever process its pushes run in.
 * A key's row is locked while it is read and written, and times are the database's clock, so processes on different
 * machines agree. Rows untouched for a day are dropped as others are written.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { fitsAt, type TrackerBudgets } from '../../plugins/sdk/index.ts';
import { db, sql } from '../db/sql.ts';

/** Sent times kept per key: as many as the largest window holds (GitHub's 500 an hour). */
const MAX_KEPT = 1_000;

export function postgresBudgets(em: EntityManager): TrackerBudgets {
  return {
    take: (key, windows, count) =>
      em.fork().transactional(async (tx) => {
        const d = db(tx);
        await d.deleteFrom('tracker_budgets').where('updated_at', '<', sql<Date>`now() - interval '1 day'`).where('key', '<>', key).execute();
        await d.insertInto('tracker_budgets').values({ key, sent: sql`'[]'`, strikes: 0, updated_at: sql<Date>`now()` })
          .onConflict((oc) => oc.column('key').doNothing()).execute();
        const [row] = await d.selectFrom('tracker_budgets')
          .select(['sent', sql<number>`extract(epoch from clock_timestamp()) * 1000`.as('now')]).where('key', '=', key).forUpdate().execute();
        const now = Number(row!.now);
        const longest = Math.max(...windows.map((window) => window.windowMs));
        const sent = (row!.sent as number[]).map(Number).filter((at) => at > now - longest);
        const later = fitsAt(sent, windows, count, now);
        if (later === null) sent.push(...Array.from({ length: count }, () => now));
        await d.updateTable('tracker_budgets').set({ sent: sql`${JSON.stringify(sent.slice(-MAX_KEPT))}::jsonb`, updated_at: sql<Date>`now()` })
          .where('key', '=', key).execute();
        return later === null ? null : new Date(later).toISOString();
      }),
    async strike(key) {
      // One statement: the first strike makes the row, a later one adds to it, racing callers each count once.
      const [row] = await db(em).insertInto('tracker_budgets').values({ key, sent: sql`'[]'`, strikes: 1, updated_at: sql<Date>`now()` })
        .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ strikes: eb('tracker_budgets.strikes', '+', 1), updated_at: sql<Date>`now()` })))
        .returning('strikes').execute();
      return Number(row!.strikes);
    },
    async clear(key) {
      await db(em).updateTable('tracker_budgets').set({ strikes: 0 }).where('key', '=', key).where('strikes', '>', 0).execute();
    },
  };
}
