import type { EntityManager } from '@mikro-orm/postgresql';
import { Plan } from '../credits/plan.entity.ts';
import { Conflict, InvalidInput, NotFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { User } from '../users/user.entity.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';
import { BillingAccount } from './billing-account.entity.ts';
import { ENDED_STATUSES } from './stripe.ts';

/**
 * Sets a user's plan by hand (`tickscribe set-tier`), for installations without Stripe: the plan's limits apply
 * at once. `who` is the user's e-mail address, or a workspace's id, which names its owner, whose plan it is. A user whose plan Stripe manages is refused, since Stripe's next event would undo the change.
 */
export async function setTier(em: EntityManager, who: string, tier: string): Promise<{ user: User; plan: Plan; workspace?: string }> {
  const plans = await em.find(Plan, {}, { orderBy: { sortOrder: 'asc' } });
  const wanted = tier.trim().toLowerCase();
  const plan = plans.find((candidate) => candidate.id === wanted || candidate.name.toLowerCase() === wanted);
  if (!plan) throw new InvalidInput(`There is no plan "${tier}": use one of ${plans.map((p) => p.id).join(', ')}.`);
  // A workspace's plan is its owner's: a workspace's id names its owner.
  const workspace = isUuid(who.trim()) ? await em.findOne(Workspace, who.trim(), { populate: ['owner'] }) : null;
  if (isUuid(who.trim()) && !workspace) throw new NotFound(`No workspace has the id ${who.trim()}.`);
  const user = workspace ? workspace.owner : await em.findOne(User, { email: who.trim().toLowerCase() });
  if (!user) throw new NotFound(`No user has the e-mail address ${who.trim()}.`);
  const account = await em.findOne(BillingAccount, { user });
  if (account?.stripeSubscriptionId && account.status && !ENDED_STATUSES.has(account.status)) {
    throw new Conflict(`${user.email} has a Stripe subscription (${account.status}): change the plan in Stripe, or cancel it there first.`);
  }
  user.subscriptionTier = plan.id === 'free' ? null : plan.id;
  user.isSubscribed = plan.id !== 'free';
  await em.flush();
  return { user, plan, ...(workspace ? { workspace: workspace.name } : {}) };
}
