import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordReset } from '../credits/resets.ts';
import { db, sql } from '../db/sql.ts';
import { isUuid } from '../ids.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';
import { BillingAccount } from './billing-account.entity.ts';
import { ENDED_STATUSES, PAID_STATUSES } from './stripe.ts';

/** A subscription as one Stripe event (or our own plan change) describes it. */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string | null;
  status: string;
  /** The paid plan its price stands for; null when the price is not one of ours (the plan is kept). */
  tierId: string | null;
  priceId: string | null;
  itemId: string | null;
  /** The billing cycle anchor: renewals, and credit resets, fall on its day of the month. */
  subscribedAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

/** Orders the states of one subscription: Stripe's `created` (seconds), then the kind of event on a tie. */
export interface StateVersion {
  at: number;
  rank: number;
}

/** Ranks of the kinds of event, for events created in the same second. */
export const RANK = { checkout: 0, created: 1, updated: 2, ownChange: 2, deleted: 3 } as const;

/** What to do once the transaction has committed: workspaces whose subscription date moved. */
export interface Effects {
  anchorChanged: Set<string>;
}

const newer = (a: StateVersion, b: StateVersion) => a.at > b.at || (a.at === b.at && a.rank >= b.rank);

/** The workspace's billing account, made when missing, locked for the rest of the transaction. */
export async function lockedAccount(tx: EntityManager, workspaceId: string): Promise<BillingAccount> {
  await db(tx).insertInto('billing_accounts').values({
    id: crypto.randomUUID(), workspace_id: workspaceId, cancel_at_period_end: false, state_at: 0, state_rank: 0, created_at: sql<Date>`now()`, updated_at: sql<Date>`now()`,
  }).onConflict((oc) => oc.column('workspace_id').doNothing()).execute();
  return tx.findOneOrFail(BillingAccount, { workspace: workspaceId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** What we put in a Stripe object's metadata: the workspace it pays for (`workspaceId`), and who bought it (`userId`). */
export interface StripeMetadata {
  workspaceId?: string;
  userId?: string;
}

/**
 * The workspace a Stripe object belongs to: by its customer, else by the workspace id we put in its metadata (a
 * subscription bought before plans were the workspace's names only its user: their personal workspace).
 */
export async function workspaceForStripe(tx: EntityManager, customerId: string | null, metadata: StripeMetadata | null | undefined): Promise<Workspace | null> {
  if (customerId) {
    const account = await tx.findOne(BillingAccount, { stripeCustomerId: customerId }, { populate: ['workspace'] });
    if (account) return account.workspace as Workspace;
  }
  const { workspaceId, userId } = metadata ?? {};
  const workspace = workspaceId && isUuid(workspaceId) ? await tx.findOne(Workspace, workspaceId)
    : userId && isUuid(userId) ? await tx.findOne(Workspace, { owner: userId, personal: true }) : null;
  if (!workspace || !customerId) return workspace;
  const account = await tx.findOne(BillingAccount, { workspace });
  return !account?.stripeCustomerId || account.stripeCustomerId === customerId ? workspace : null;
}

/**
 * Applies a subscription's state to the workspace's account and plan, unless a newer state is already kept: an
 * event older than the kept one, or about a subscription that has ended (Stripe never revives one), changes nothing.
 * A paid status gives the plan's limits at once; an ended subscription returns the workspace to Free with fresh
 * credits, and the monthly resets go back to its creation date. `account` is the workspace's, locked (lockedAccount).
 */
export async function applySubscription(
  tx: EntityManager,
  workspace: Workspace,
  account: BillingAccount,
  state: SubscriptionState,
  version: StateVersion,
  effects: Effects,
): Promise<string> {
  const ended = ENDED_STATUSES.has(state.status);
  const kept: StateVersion = { at: account.stateAt, rank: account.stateRank };
  if (account.stripeSubscriptionId && account.stripeSubscriptionId !== state.subscriptionId) {
    const currentLive = Boolean(account.status && !ENDED_STATUSES.has(account.status));
    if (ended) return 'ignored: an earlier subscription ended; another one is current';
    if (currentLive && !newer(version, kept)) return 'ignored: older than the current subscription';
  } else if (account.stripeSubscriptionId === state.subscriptionId) {
    if (account.status && ENDED_STATUSES.has(account.status)) return 'ignored: the subscription has already ended';
    if (!newer(version, kept)) return 'ignored: older than the state already kept';
  }

  const adopted = account.stripeSubscriptionId !== state.subscriptionId;
  account.stripeSubscriptionId = state.subscriptionId;
  if (state.customerId && !account.stripeCustomerId) account.stripeCustomerId = state.customerId;
  account.status = state.status;
  account.tierId = state.tierId ?? account.tierId;
  account.priceId = state.priceId ?? (adopted ? null : account.priceId);
  account.stripeItemId = state.itemId ?? (adopted ? null : account.stripeItemId);
  account.subscribedAt = state.subscribedAt ?? account.subscribedAt;
  account.currentPeriodEnd = state.currentPeriodEnd ?? (adopted ? null : account.currentPeriodEnd);
  account.cancelAtPeriodEnd = state.cancelAtPeriodEnd;
  account.stateAt = version.at;
  account.stateRank = version.rank;

  // Recorded before the plan changes, so the reset says whether the credits were used up under the plan that ended.
  if (ended) {
    await recordReset(tx, { workspaceId: workspace.id, key: `ended:${state.subscriptionId}`, reason: 'plan-change', at: state.endedAt ?? new Date(version.at * 1000) });
  }
  const paid = PAID_STATUSES.has(state.status) && account.tierId !== null;
  workspace.subscriptionTier = paid ? account.tierId : null;
  workspace.isSubscribed = paid;
  if (ended) {
    moveAnchor(workspace, workspace.createdAt, effects);
    return `applied: the subscription ended; the workspace is on Free`;
  }
  if (paid && account.subscribedAt) moveAnchor(workspace, account.subscribedAt, effects);
  return `applied: ${state.status}${paid ? ` on ${account.tierId}` : ', on Free limits'}`;
}

function moveAnchor(workspace: Workspace, anchor: Date, effects: Effects): void {
  if (workspace.creditCycleAnchor.getTime() === anchor.getTime()) return;
  workspace.creditCycleAnchor = anchor;
  effects.anchorChanged.add(workspace.id);
}
