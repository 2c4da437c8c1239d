import type { EntityManager } from '@mikro-orm/postgresql';
import { db, sql } from '../db/sql.ts';
import { LimitReached } from '../errors.ts';
import { User } from '../users/user.entity.ts';
import { Plan } from './plan.entity.ts';
import { TokenUsage } from './token-usage.entity.ts';
import { lockUserRow } from '../users/lock.ts';

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

export async function planOf(em: EntityManager, user: User): Promise<Plan> {
  const tier = user.subscriptionTier?.trim().toLowerCase();
  const plan = (tier && (await em.findOne(Plan, { $or: [{ id: tier }, { name: { $ilike: tier } }] }))) || (await em.findOne(Plan, 'free'));
  if (!plan) throw new Error('The plans table has no free plan: run the migrations.');
  return plan;
}

/** Monthly token credits: stats, atomic reservations before AI calls, settlement with the real usage. */
export class Credits {
  /** Whether this installation sells paid plans, so that a limit's message may suggest upgrading. */
  readonly paidPlansAvailable: boolean;

  constructor(options: { paidPlansAvailable?: boolean } = {}) {
    this.paidPlansAvailable = options.paidPlansAvailable ?? true;
  }

  async stats(em: EntityManager, user: User, now = new Date()): Promise<CreditStats> {
    const plan = await planOf(em, user);
    const cycle = creditCycle(user.creditCycleAnchor, now);
    const used = await usedSince(em, user.id, await periodStart(em, user, now));
    return {
      used: { input: used.input, output: used.output },
      limit: { input: plan.inputTokenLimit, output: plan.outputTokenLimit },
      resetDate: cycle.end.toISOString(),
    };
  }

  /**
   * Sets `tokens` aside for a call, or throws CreditsExhausted. Runs under a row lock on the user, so concurrent
   * reservations are decided one after another and together never pass the limit. Re-reserving the same id
   * (a retried activity) counts once.
   */
  async reserve(em: EntityManager, userId: string, reservationId: string, tokens: TokenAmounts): Promise<void> {
    await em.transactional(async (tx) => {
      await lockUserRow(tx, userId);
      const user = await tx.findOneOrFail(User, userId);
      const existing = await db(tx).selectFrom('credit_reservations').select('id').where('id', '=', reservationId).executeTakeFirst();
      if (existing) return;
      const plan = await planOf(tx, user);
      const used = await usedSince(tx, userId, await periodStart(tx, user));
      const exhausted = used.input >= plan.inputTokenLimit || used.output >= plan.outputTokenLimit;
      const over = used.input + tokens.input > plan.inputTokenLimit || used.output + tokens.output > plan.outputTokenLimit;
      if (exhausted || over) throw new CreditsExhausted();
      await db(tx).insertInto('credit_reservations')
        .values({ id: reservationId, user_id: userId, input_tokens: tokens.input, output_tokens: tokens.output, created_at: sql<Date>`now()` })
        .execute();
    });
  }

  /** Replaces a reservation with the real usage, once: settling an already settled id does nothing. */
  async settle(
    em: EntityManager,
    reservationId: string,
    usage: { userId: string; workspaceId?: string; transcriptId?: string; operationType: string; aiProvider: string; model?: string; inputTokens: number; outputTokens: number },
  ): Promise<void> {
    await em.transactional(async (tx) => {
      // The user's row first, as a reservation and an upload take it: the usage row's foreign key would otherwise
      // share-lock it mid-transaction, and deadlock with one of them queued for it.
      await lockUserRow(tx, usage.userId);
      const removed = await db(tx).deleteFrom('credit_reservations').where('id', '=', reservationId).returning('id').executeTakeFirst();
      if (!removed) return;
      tx.create(TokenUsage, {
        user: usage.userId,
        ...(usage.workspaceId ? { workspace: usage.workspaceId } : {}),
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

  /**
   * The usage entries billed to `user`, newest first; with `workspace`, only those spent in it (a member of a team
   * sees what the team spent, not what its owner spent elsewhere).
   */
  async history(em: EntityManager, user: User, page: { limit: number; offset: number }, workspace?: string) {
    const [rows, total] = await em.findAndCount(TokenUsage, { user, ...(workspace ? { workspace } : {}) }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset });
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

/** Tokens used since `since` (and before `until`, when given) and reserved now, by the user. */
export async function usedSince(em: EntityManager, userId: string, since: Date, until?: Date): Promise<TokenAmounts> {
  const d = db(em);
  const used = d.selectFrom('token_usage').select(['input_tokens as input', 'output_tokens as output'])
    .where('user_id', '=', userId).where('created_at', '>=', since).$if(until !== undefined, (qb) => qb.where('created_at', '<', until!));
  const reserved = d.selectFrom('credit_reservations').select(['input_tokens as input', 'output_tokens as output']).where('user_id', '=', userId);
  const row = await d.selectFrom(used.unionAll(reserved).as('spent'))
    .select([sql<string>`coalesce(sum(input), 0)`.as('input'), sql<string>`coalesce(sum(output), 0)`.as('output')]).executeTakeFirst();
  return { input: Number(row?.input ?? 0), output: Number(row?.output ?? 0) };
}

/**
 * When the usage that counts now began: the latest credit reset (monthly, renewal, manual or plan change), or,
 * before a user's first reset, the start of the cycle computed from the anchor.
 */
export async function periodStart(em: EntityManager, user: Pick<User, 'id' | 'creditCycleAnchor'>, now = new Date()): Promise<Date> {
  const row = await db(em).selectFrom('credit_resets').select((eb) => eb.fn.max('at').as('at'))
    .where('user_id', '=', user.id).where('at', '<=', now).executeTakeFirst();
  return row?.at ? new Date(row.at) : creditCycle(user.creditCycleAnchor, now).start;
}
