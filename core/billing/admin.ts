import type { EntityManager } from '@mikro-orm/postgresql';
import { Plan } from '../credits/plan.entity.ts';
import { Conflict, InvalidInput, NotFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { User } from '../users/user.entity.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';
import { BillingAccount } from './billing-account.entity.ts';
import { ENDED_STATUSES } from './stripe.ts';

/**
 * Sets a workspace's plan by hand (`tickscribe set-tier`), for installations without Stripe: the plan's limits apply
 * at once. `who` is a workspace's id, or a user's e-mail address, which names their personal workspace. A workspace
 * whose plan Stripe manages is refused, since Stripe's next event would undo the change.
 */
export async function setTier(em: EntityManager, who: string, tier: string): Promise<{ workspace: Workspace; owner: User; plan: Plan }> {
  const plans = await em.find(Plan, {}, { orderBy: { sortOrder: 'asc' } });
  const wanted = tier.trim().toLowerCase();
  const plan = plans.find((candidate) => candidate.id === wanted || candidate.name.toLowerCase() === wanted);
  if (!plan) throw new InvalidInput(`There is no plan "${tier}": use one of ${plans.map((p) => p.id).join(', ')}.`);
  const named = who.trim();
  let workspace: Workspace | null;
  if (isUuid(named)) {
    workspace = await em.findOne(Workspace, named, { populate: ['owner'] });
    if (!workspace) throw new NotFound(`No workspace has the id ${named}.`);
  } else {
    const user = await em.findOne(User, { email: named.toLowerCase() });
    if (!user) throw new NotFound(`No user has the e-mail address ${named}.`);
    workspace = await em.findOneOrFail(Workspace, { owner: user, personal: true }, { populate: ['owner'] });
  }
  const account = await em.findOne(BillingAccount, { workspace });
  if (account?.stripeSubscriptionId && account.status && !ENDED_STATUSES.has(account.status)) {
    throw new Conflict(`The workspace "${workspace.name}" has a Stripe subscription (${account.status}): change the plan in Stripe, or cancel it there first.`);
  }
  workspace.subscriptionTier = plan.id === 'free' ? null : plan.id;
  workspace.isSubscribed = plan.id !== 'free';
  await em.flush();
  return { workspace, owner: workspace.owner as User, plan };
}
