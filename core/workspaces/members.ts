import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkspaceMemberView, WorkspaceMembersResponse } from '../../schemas/types.ts';
import { db, isoTime, sql, type Db } from '../db/sql.ts';
import { alphabetical } from '../db/like.ts';
import { InvalidInput, Refused } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import { pendingInvitations } from './invitations.ts';
import { roleRefusal } from './roles.ts';
import type { InvitationRole } from './workspace-invitation.entity.ts';
import { lockWorkspace, memberOf, personName, WORKSPACE_MESSAGES } from './workspaces.ts';

/** A workspace's members as the members page lists them: the owner first, then by name. */
function members(d: Db, workspaceId: string) {
  return d.selectFrom('workspace_members as m').innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'm.role', isoTime(sql.ref('m.created_at')).as('joined_at'), personName('u').as('name')])
    .where('m.workspace_id', '=', workspaceId)
    .orderBy((eb) => eb('m.role', '=', 'owner'), 'desc').orderBy(alphabetical(personName('u'))).orderBy('m.user_id');
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof members>['execute']>>[number];

const viewMember = (row: MemberRow): WorkspaceMemberView =>
  ({ userId: row.user_id, name: row.name, email: row.email, role: row.role, joinedAt: row.joined_at });

/** The workspace's members and its pending invitations. */
export async function listMembers(em: EntityManager, workspaceId: string): Promise<WorkspaceMembersResponse> {
  const [rows, invitations] = await Promise.all([members(db(em), workspaceId).execute(), pendingInvitations(em, workspaceId)]);
  return { members: rows.map(viewMember), invitations };
}

/** Makes a member an admin or a member again; the owner's role stays (the owner hands the workspace over instead). */
export async function changeMemberRole(em: EntityManager, user: User, workspaceId: string, userId: string, input: { role: InvitationRole }): Promise<WorkspaceMemberView> {
  return em.transactional(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId, user, 'admin');
    const member = await memberOf(tx, workspace, userId);
    if (member.role === 'owner') throw new InvalidInput(WORKSPACE_MESSAGES.ownerRoleFixed);
    await db(tx).updateTable('workspace_members').set({ role: input.role }).where('workspace_id', '=', workspace.id).where('user_id', '=', userId).execute();
    return viewMember((await members(db(tx), workspace.id).where('m.user_id', '=', userId).executeTakeFirstOrThrow()));
  });
}

/**
 * Ends a membership: the caller's own (leaving), or, for an admin or the owner, anyone's but the owner's. Access ends
 * with it, at the member's next request; what they made stays in the workspace.
 */
export async function removeMember(em: EntityManager, user: User, workspaceId: string, userId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId, user, 'member');
    const member = await memberOf(tx, workspace, userId);
    const refusal = userId === user.id ? undefined : roleRefusal('admin', workspace.role);
    if (refusal) throw new Refused(refusal);
    if (member.role === 'owner') throw new InvalidInput(WORKSPACE_MESSAGES.ownerStays);
    await db(tx).deleteFrom('workspace_members').where('workspace_id', '=', workspace.id).where('user_id', '=', userId).execute();
  });
}
