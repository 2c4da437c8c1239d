import type { EntityManager } from '@mikro-orm/postgresql';
import { db, sql } from '../db/sql.ts';
import { LimitReached } from '../errors.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';
import { Plan } from './plan.entity.ts';
import { TokenUsage } from './token-usage.entity.ts';
import { lockPlan } from '../users/lock.ts';

/** Contains 'token credit', which the web app turns into the spec's upgrade message. */
const TOKEN_CREDITS_EXHAUSTED =
  'Insufficient token credits: your monthly token credit is used up. Upgrade your subscription or wait for the monthly reset.';

export class CreditsExhausted extends LimitReached {
  constructor() {
    super(TOKEN_CREDITS_EXHAUSTED);
  }
}

export interface TokenAmounts {
  input: number;
  output: number;
}

export interface CreditStats {
  used: TokenAmounts;
  limit: TokenAmounts;
  /** When the current monthly cycle ends and the credits are whole again. */
  resetDate: string;
}

/**
 * The monthly cycle containing `now`: it starts on the anchor's day of the month (the last day of shorter months
 * when the anchor's day does not exist there) at the anchor's time of day, in UTC.
 */
export function creditCycle(anchor: Date, now = new Date()): { start: Date; end: Date } {
  const at = (year: number, month: number) => {
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month, Math.min(anchor.getUTCDate(), lastDay), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()));
  };
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  let start = at(year, month);
  if (start > now) {
    month -= 1;
    if (month < 0) [year, month] = [year - 1, 11];
    start = at(year, month);
  }
  const end = month === 11 ? at(year + 1, 0) : at(year, month + 1);
  return { start: start < anchor ? anchor : start, end };
}

/** What a workspace's plan is read from: its tier and its monthly cycle. */
export type Billed = Pick<Workspace, 'id' | 'subscriptionTier' | 'isSubscribed' | 'creditCycleAnchor'>;

/** The workspace's plan: its tier's row of the plans table, or Free. */
export async function planOf(em: EntityManager, workspace: Pick<Billed, 'subscriptionTier'>): Promise<Plan> {
  const tier = workspace.subscriptionTier?.trim().toLowerCase();
  const plan = (tier && (await em.findOne(Plan, { $or: [{ id: tier }, { name: { $ilike: tier } }] }))) || (await em.findOne(Plan, 'free'));
  if (!plan) throw new Error('The plans table has no free plan: run the migrations.');
  return plan;
}

/**
 * A workspace's monthly token credits: stats, atomic reservations before AI calls, settlement with the real usage.
 * Every member's calls in the workspace spend them; each usage row also names the member who spent it.
 */
export class Credits {
  /** Whether this installation sells paid plans, so that a limit's message may suggest upgrading. */
  readonly paidPlansAvailable: boolean;

  constructor(options: { paidPlansAvailable?: boolean } = {}) {
    this.paidPlansAvailable = options.paidPlansAvailable ?? true;
  }

  async stats(em: EntityManager, workspace: Billed, now = new Date()): Promise<CreditStats> {
    const plan = await planOf(em, workspace);
    const cycle = creditCycle(workspace.creditCycleAnchor, now);
    const used = await usedSince(em, workspace.id, await periodStart(em, workspace, now));
    return {
      used: { input: used.input, output: used.output },
      limit: { input: plan.inputTokenLimit, output: plan.outputTokenLimit },
      resetDate: cycle.end.toISOString(),
    };
  }

  /**
   * Sets `tokens` aside for a call, or throws CreditsExhausted. Runs under the workspace's plan lock, so concurrent
   * reservations are decided one after another and together never pass the limit. Re-reserving the same id
   * (a retried activity) counts once.
   */
  async reserve(em: EntityManager, workspaceId: string, reservationId: string, tokens: TokenAmounts): Promise<void> {
    await em.transactional(async (tx) => {
      await lockPlan(tx, workspaceId);
      const workspace = await tx.findOneOrFail(Workspace, workspaceId, { refresh: true });
      const existing = await db(tx).selectFrom('credit_reservations').select('id').where('id', '=', reservationId).executeTakeFirst();
      if (existing) return;
      const plan = await planOf(tx, workspace);
      const used = await usedSince(tx, workspaceId, await periodStart(tx, workspace));
      const exhausted = used.input >= plan.inputTokenLimit || used.output >= plan.outputTokenLimit;
      const over = used.input + tokens.input > plan.inputTokenLimit || used.output + tokens.output > plan.outputTokenLimit;
      if (exhausted || over) throw new CreditsExhausted();
      await db(tx).insertInto('credit_reservations')
        .values({ id: reservationId, workspace_id: workspaceId, input_tokens: tokens.input, output_tokens: tokens.output, created_at: sql<Date>`now()` })
        .execute();
    });
  }

  /** Replaces a reservation with the real usage, once: settling an already settled id does nothing. */
  async settle(
    em: EntityManager,
    reservationId: string,
    usage: { userId: string; workspaceId: string; transcriptId?: string; operationType: string; aiProvider: string; model?: string; inputTokens: number; outputTokens: number },
  ): Promise<void> {
    await em.transactional(async (tx) => {
      // The plan's lock first, as a reservation and an upload take it.
      await lockPlan(tx, usage.workspaceId);
      const removed = await db(tx).deleteFrom('credit_reservations').where('id', '=', reservationId).returning('id').executeTakeFirst();
      if (!removed) return;
      tx.create(TokenUsage, {
        user: usage.userId,
        workspace: usage.workspaceId,
        transcriptId: usage.transcriptId ?? null,
        operationType: usage.operationType,
        aiProvider: usage.aiProvider,
        model: usage.model ?? null,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
      });
    });
  }

  /** Gives a reservation back unused (the call failed before it spent anything). */
  async release(em: EntityManager, reservationId: string): Promise<void> {
    await db(em).deleteFrom('credit_reservations').where('id', '=', reservationId).execute();
  }

  /** The usage entries spent in the workspace, by any of its members, newest first. */
  async history(em: EntityManager, workspaceId: string, page: { limit: number; offset: number }) {
    const [rows, total] = await em.findAndCount(TokenUsage, { workspace: workspaceId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset });
    return {
      history: rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        operationType: row.operationType,
        aiProvider: row.aiProvider,
        inputTokens: row.inputTokens,
        outputTokens: row.outputTokens,
      })),
      pagination: { limit: page.limit, offset: page.offset, total, hasMore: page.offset + rows.length < total },
    };
  }
}

/** Tokens used since `since` (and before `until`, when given) and reserved now, in the workspace. */
export async function usedSince(em: EntityManager, workspaceId: string, since: Date, until?: Date): Promise<TokenAmounts> {
  const d = db(em);
  const used = d.selectFrom('token_usage').select(['input_tokens as input', 'output_tokens as output'])
    .where('workspace_id', '=', workspaceId).where('created_at', '>=', since).$if(until !== undefined, (qb) => qb.where('created_at', '<', until!));
  const reserved = d.selectFrom('credit_reservations').select(['input_tokens as input', 'output_tokens as output']).where('workspace_id', '=', workspaceId);
  const row = await d.selectFrom(used.unionAll(reserved).as('spent'))
    .select([sql<string>`coalesce(sum(input), 0)`.as('input'), sql<string>`coalesce(sum(output), 0)`.as('output')]).executeTakeFirst();
  return { input: Number(row?.input ?? 0), output: Number(row?.output ?? 0) };
}

/**
 * When the usage that counts now began: the latest credit reset (monthly, renewal, manual or plan change), or,
 * before a workspace's first reset, the start of the cycle computed from the anchor.
 */
export async function periodStart(em: EntityManager, workspace: Pick<Billed, 'id' | 'creditCycleAnchor'>, now = new Date()): Promise<Date> {
  const row = await db(em).selectFrom('credit_resets').select((eb) => eb.fn.max('at').as('at'))
    .where('workspace_id', '=', workspace.id).where('at', '<=', now).executeTakeFirst();
  return row?.at ? new Date(row.at) : creditCycle(workspace.creditCycleAnchor, now).start;
}
