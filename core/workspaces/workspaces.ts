import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkspaceList, WorkspaceSummary } from '../../schemas/types.ts';
import type { RawBuilder } from 'kysely';
import { db, sql } from '../db/sql.ts';
import { alphabetical } from '../db/like.ts';
import { Conflict, InvalidInput, NotFound, Refused } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { User } from '../users/user.entity.ts';
import { roleRefusal, WORKSPACE_NOT_FOUND } from './roles.ts';
import { WorkspaceMember, type WorkspaceRole } from './workspace-member.entity.ts';
import { Workspace } from './workspace.entity.ts';
import { ENDED_SUBSCRIPTION_STATUSES } from '../billing/billing-account.entity.ts';

export const WORKSPACE_MESSAGES = {
  nameMissing: 'Please give the workspace a name.',
  nameNotOneLine: 'A workspace name is one line of text.',
  personalNotDeleted: 'Your personal workspace cannot be deleted.',
  personalNotHandedOver: 'A personal workspace is yours alone: it cannot be handed to anyone else.',
  alreadyOwner: 'You are the owner of this workspace already.',
  memberNotFound: 'No such member in this workspace.',
  ownerRoleFixed: "The owner's role cannot be changed; the owner can hand the workspace to another member.",
  ownerStays: 'The owner cannot leave or be removed; hand the workspace to another member first.',
  subscriptionLive: 'This workspace has a paid subscription: cancel it on the Billing page (its owner can), then delete the workspace once it has ended.',
  workInFlight: (transcripts: number, bots: number) =>
    `This workspace still has ${[transcripts ? `${transcripts} transcript${transcripts === 1 ? '' : 's'} being processed` : '', bots ? `${bots} meeting bot${bots === 1 ? '' : 's'} at work` : '']
      .filter(Boolean).join(' and ')}. Wait for ${transcripts + bots === 1 ? 'it' : 'them'} to finish${bots ? ` (or cancel the bot${bots === 1 ? '' : 's'})` : ''}, then delete the workspace.`,
} as const;

/** The workspaces `user` belongs to, with their role in each: the personal one first, then the others A-Z. */
export async function listWorkspaces(em: EntityManager, user: User): Promise<WorkspaceList> {
  const rows = await db(em).selectFrom('workspace_members as m').innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select(['w.id', 'w.name', 'w.personal', 'm.role'])
    .where('m.user_id', '=', user.id)
    .orderBy('w.personal', 'desc').orderBy(alphabetical(sql.ref('w.name'))).orderBy('w.id')
    .execute();
  return { workspaces: rows.map((row) => ({ id: row.id, name: row.name, personal: row.personal, role: row.role })) };
}

/** The workspace the request acts in, with the caller's role there (checked by the router). */
export async function currentWorkspace(em: EntityManager, workspace: { id: string; role: WorkspaceRole }): Promise<WorkspaceSummary> {
  const row = await db(em).selectFrom('workspaces').select(['id', 'name', 'personal']).where('id', '=', workspace.id).executeTakeFirst();
  if (!row) throw new NotFound(WORKSPACE_NOT_FOUND);
  return { ...row, role: workspace.role };
}

/** A workspace as `lockWorkspace` finds it, with the caller's role there. */
export interface LockedWorkspace {
  id: string;
  name: string;
  personal: boolean;
  ownerId: string;
  role: WorkspaceRole;
}

/**
 * Locks the workspace's row until the transaction `tx` ends and returns it with the caller's role there, checked
 * again under the lock. Every change to a workspace's owner, members or invitations takes this lock first, so changes
 * made at once happen one after the other, each seeing what the one before it did: a hand-over and a removal at once
 * never leave the workspace without its owner, and the owner's row and the owner's membership always agree.
 */
export async function lockWorkspace(tx: EntityManager, workspaceId: string, user: User, needs: WorkspaceRole): Promise<LockedWorkspace> {
  const row = await db(tx).selectFrom('workspaces as w')
    .leftJoin('workspace_members as m', (join) => join.onRef('m.workspace_id', '=', 'w.id').on('m.user_id', '=', user.id))
    .select(['w.id', 'w.name', 'w.personal', 'w.owner_id', 'm.role'])
    .where('w.id', '=', workspaceId).forUpdate('w').executeTakeFirst();
  if (!row?.role) throw new NotFound(WORKSPACE_NOT_FOUND);
  const refusal = roleRefusal(needs, row.role);
  if (refusal) throw new Refused(refusal);
  return { id: row.id, name: row.name, personal: row.personal, ownerId: row.owner_id, role: row.role };
}

/** A workspace name as given: trimmed, on one line (it goes into e-mail subjects). */
function workspaceName(input: string): string {
  const name = input.trim();
  if (!name) throw new InvalidInput(WORKSPACE_MESSAGES.nameMissing);
  if (/\p{Cc}/u.test(name)) throw new InvalidInput(WORKSPACE_MESSAGES.nameNotOneLine);
  return name;
}

/** A team workspace, made with the caller as its owner. */
export async function createWorkspace(em: EntityManager, user: User, input: { name: string }): Promise<WorkspaceSummary> {
  const workspace = em.create(Workspace, { name: workspaceName(input.name), personal: false, owner: user });
  em.create(WorkspaceMember, { workspace, user, role: 'owner' });
  await em.flush();
  return { id: workspace.id, name: workspace.name, personal: false, role: 'owner' };
}

export async function renameWorkspace(em: EntityManager, user: User, workspaceId: string, input: { name: string }): Promise<WorkspaceSummary> {
  const name = workspaceName(input.name);
  return em.transactional(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId, user, 'admin');
    await db(tx).updateTable('workspaces').set({ name, updated_at: new Date() }).where('id', '=', workspace.id).execute();
    return { id: workspace.id, name, personal: workspace.personal, role: workspace.role };
  });
}

/**
 * Deletes a team workspace and, through its foreign keys, everything in it: memberships, invitations, the work, its
 * plan's records. Refused while a Stripe subscription of it is live, which would go on charging its owner.
 */
export async function deleteWorkspace(em: EntityManager, user: User, workspaceId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId, user, 'owner');
    if (workspace.personal) throw new InvalidInput(WORKSPACE_MESSAGES.personalNotDeleted);
    // Work still running in it (an ingest, a bot in a meeting) would lose its rows midway: it finishes first.
    const d = db(tx);
    const { transcripts, bots } = await d.selectNoFrom([
      d.selectFrom('transcripts').select(sql<number>`count(*)::int`.as('n')).where('workspace_id', '=', workspace.id)
        .where('processing_status', 'in', ['pending', 'processing']).as('transcripts'),
      d.selectFrom('bots').select(sql<number>`count(*)::int`.as('n')).where('workspace_id', '=', workspace.id)
        .where((eb) => eb.or([eb('status', 'is', null), eb('status', 'not in', ['done', 'failed', 'cancelled'])])).as('bots'),
    ]).executeTakeFirstOrThrow();
    if (transcripts || bots) throw new Conflict(WORKSPACE_MESSAGES.workInFlight(transcripts ?? 0, bots ?? 0));
    const subscribed = await d.selectFrom('billing_accounts').select('id').where('workspace_id', '=', workspace.id)
      .where('stripe_subscription_id', 'is not', null).where('status', 'is not', null).where('status', 'not in', [...ENDED_SUBSCRIPTION_STATUSES]).executeTakeFirst();
    if (subscribed) throw new Conflict(WORKSPACE_MESSAGES.subscriptionLive);
    await d.deleteFrom('workspaces').where('id', '=', workspace.id).execute();
  });
}

/** The membership of `userId` in the locked workspace, or NotFound when there is none (an id that is no UUID included). */
export async function memberOf(tx: EntityManager, workspace: LockedWorkspace, userId: string): Promise<{ role: WorkspaceRole }> {
  const member = isUuid(userId)
    ? await db(tx).selectFrom('workspace_members').select('role').where('workspace_id', '=', workspace.id).where('user_id', '=', userId).executeTakeFirst()
    : undefined;
  if (!member) throw new NotFound(WORKSPACE_MESSAGES.memberNotFound);
  return member;
}

/**
 * Hands the workspace to another member: they become its owner, the previous owner an admin. The workspace's owner
 * and both memberships change in one transaction, under the workspace's lock.
 */
export async function transferWorkspace(em: EntityManager, user: User, workspaceId: string, input: { userId: string }): Promise<WorkspaceSummary> {
  return em.transactional(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId, user, 'owner');
    if (workspace.personal) throw new InvalidInput(WORKSPACE_MESSAGES.personalNotHandedOver);
    if (input.userId === user.id) throw new InvalidInput(WORKSPACE_MESSAGES.alreadyOwner);
    await memberOf(tx, workspace, input.userId);
    const now = new Date();
    await db(tx).updateTable('workspaces').set({ owner_id: input.userId, updated_at: now }).where('id', '=', workspace.id).execute();
    await db(tx).updateTable('workspace_members')
      .set((eb) => ({ role: eb.case().when('user_id', '=', input.userId).then('owner' as const).else('admin' as const).end() }))
      .where('workspace_id', '=', workspace.id).where('user_id', 'in', [input.userId, user.id]).execute();
    return { id: workspace.id, name: workspace.name, personal: false, role: 'admin' };
  });
}

/** A person's name as a workspace's pages show it: their full name, else their e-mail address (null: no such user). */
export function personName(users: 'u'): RawBuilder<string> {
  return sql<string>`coalesce(nullif(btrim(${sql.ref(`${users}.full_name`)}), ''), ${sql.ref(`${users}.email`)})`;
}
