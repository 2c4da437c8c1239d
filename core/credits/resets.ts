import type { EntityManager } from '@mikro-orm/postgresql';
import { db, sql } from '../db/sql.ts';
import type { TokenUsageStats } from '../../schemas/types.ts';
import { TooManyAttempts } from '../errors.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';
import type { ResetReason } from './credit-reset.entity.ts';
import { creditCycle, periodStart, planOf, usedSince, type Billed } from './credits.ts';
import { lockPlan } from '../users/lock.ts';

/** The spec's cooldown of the manual reset: 30 days (2592000000 ms) from the last one. */
export const MANUAL_RESET_COOLDOWN_DAYS = 30;
const DAY_MS = 86_400_000;
const COOLDOWN_MS = MANUAL_RESET_COOLDOWN_DAYS * DAY_MS;

/** Starts each workspace's monthly reset and tells it when the subscription date moved (implemented with Temporal). */
export interface CreditSchedules {
  /** Makes sure the workspace's monthly reset is scheduled. */
  ensure(workspaceId: string): Promise<void>;
  /** The subscription date changed: the next reset is planned again from it. */
  anchorChanged(workspaceId: string): Promise<void>;
}

/** What the stats say about resets: the period's start, whether the workspace is blocked, the last reset, the cooldown. */
export type ResetState = Pick<TokenUsageStats, 'periodStart' | 'blocked' | 'lastReset' | 'manualReset'>;

/**
 * The next monthly reset after `after`: the end of the cycle containing it, on the anchor's day of the month
 * (the month's last day when the anchor's day is past it: the 31st becomes 30 April, 28 or 29 February).
 */
export function nextMonthlyReset(anchor: Date, after: Date): Date {
  return creditCycle(anchor, after).end;
}

/**
 * Whether a monthly reset falls at `at` for this subscription date: a month or more after it, on its day. The
 * date itself is none (a subscription that begins then is reset by its first invoice), nor is a date planned from
 * a subscription date that has moved since (a subscription began or ended), which the plan change has reset.
 */
export function isMonthlyReset(anchor: Date, at: Date): boolean {
  return at > anchor && nextMonthlyReset(anchor, new Date(at.getTime() - 1)).getTime() === at.getTime();
}

/** Whether the credits are used up now; with `before`, whether they were in the period that ended at that moment. */
async function isBlocked(em: EntityManager, workspace: Billed, now: Date, before?: Date): Promise<boolean> {
  const plan = await planOf(em, workspace);
  const start = await periodStart(em, workspace, before ? new Date(before.getTime() - 1) : now);
  const used = await usedSince(em, workspace.id, start, before);
  return used.input >= plan.inputTokenLimit || used.output >= plan.outputTokenLimit;
}

/**
 * Records a reset once per key (inside the caller's transaction when there is one). `recorded` is false when a
 * reset with this key was already recorded, so a retried activity or a redelivered event changes nothing;
 * `unblocked` says the credits were used up until this reset.
 */
export async function recordReset(
  em: EntityManager,
  reset: { workspaceId: string; key: string; reason: ResetReason; at: Date },
): Promise<{ recorded: boolean; unblocked: boolean }> {
  const workspace = await em.findOne(Workspace, reset.workspaceId);
  if (!workspace) return { recorded: false, unblocked: false };
  const unblocked = await isBlocked(em, workspace, new Date(), reset.at);
  const inserted = await db(em).insertInto('credit_resets')
    .values({ id: crypto.randomUUID(), workspace_id: reset.workspaceId, key: reset.key, reason: reset.reason, at: reset.at, unblocked, created_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column('key').doNothing()).returning('id').execute();
  return { recorded: inserted.length > 0, unblocked: inserted.length > 0 && unblocked };
}

/**
 * The latest reset that has taken effect (`at` up to the statement's clock: `now()` would be the transaction's start,
 * which misses a reset committed by a concurrent request while this one waited for a lock). With `includeFuture`,
 * also one dated later, as the cooldown check needs: two requests' clocks may differ by a millisecond.
 */
async function lastReset(em: EntityManager, workspaceId: string, reason?: ResetReason, includeFuture = false) {
  const row = await db(em).selectFrom('credit_resets').select(['at', 'reason', 'unblocked']).where('workspace_id', '=', workspaceId)
    .$if(reason !== undefined, (qb) => qb.where('reason', '=', reason!))
    .$if(!includeFuture, (qb) => qb.where('at', '<=', sql<Date>`clock_timestamp()`))
    .orderBy('at', 'desc').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return row ? { at: new Date(row.at), reason: row.reason, unblocked: row.unblocked } : null;
}

/** What the token usage page shows about resets: the period, whether the workspace is blocked, the manual reset's cooldown. */
export async function resetState(em: EntityManager, workspace: Billed, now = new Date()): Promise<ResetState> {
  const [start, blocked, latest, manual] = [
    await periodStart(em, workspace, now), await isBlocked(em, workspace, now), await lastReset(em, workspace.id), await lastReset(em, workspace.id, 'manual'),
  ];
  const nextAvailable = manual ? new Date(manual.at.getTime() + COOLDOWN_MS) : null;
  const waiting = nextAvailable && nextAvailable > now ? nextAvailable.getTime() - now.getTime() : 0;
  return {
    periodStart: start.toISOString(),
    blocked,
    lastReset: latest ? { at: latest.at.toISOString(), reason: latest.reason, unblocked: latest.unblocked } : null,
    manualReset: {
      available: waiting === 0,
      lastResetAt: manual?.at.toISOString() ?? null,
      nextAvailableAt: waiting ? nextAvailable!.toISOString() : null,
      daysRemaining: Math.ceil(waiting / DAY_MS),
      cooldownDays: MANUAL_RESET_COOLDOWN_DAYS,
    },
  };
}

/**
 * The spec's manual reset: the month's usage starts again now, at most once every 30 days. Runs under the
 * workspace's plan lock, so two resets sent at once cannot both pass the cooldown.
 */
export async function manualReset(em: EntityManager, workspaceId: string, now = new Date()): Promise<{ unblocked: boolean }> {
  return em.transactional(async (tx) => {
    await lockPlan(tx, workspaceId);
    const last = await lastReset(tx, workspaceId, 'manual', true);
    if (last && now.getTime() - last.at.getTime() < COOLDOWN_MS) {
      const next = new Date(last.at.getTime() + COOLDOWN_MS);
      const days = Math.ceil((next.getTime() - now.getTime()) / DAY_MS);
      throw new TooManyAttempts(
        `Token usage can be reset once every ${MANUAL_RESET_COOLDOWN_DAYS} days. The next reset is possible on ${next.toISOString().slice(0, 10)} (in ${days} day${days === 1 ? '' : 's'}).`,
      );
    }
    const { unblocked } = await recordReset(tx, { workspaceId, key: `manual:${crypto.randomUUID()}`, reason: 'manual', at: now });
    return { unblocked };
  });
}

/**
 * The next monthly reset of a workspace, planned from the subscription date; null when the workspace no longer exists
 * (or the id is not a workspace's: a user's, from the per-user resets there were before plans were the workspace's). A
 * subscription date that moved into the past gives its next month's day, never now; one that moved into the future
 * (a subscription that begins later, or a Stripe clock ahead of ours) gives the month after it, never the date itself.
 */
export async function planMonthlyReset(em: EntityManager, workspaceId: string, now: Date, after: Date | null): Promise<string | null> {
  const workspace = await em.findOne(Workspace, workspaceId);
  if (!workspace) return null;
  const from = [now, after ?? now, workspace.creditCycleAnchor].reduce((latest, date) => (date > latest ? date : latest));
  return nextMonthlyReset(workspace.creditCycleAnchor, from).toISOString();
}
