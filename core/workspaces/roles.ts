import type { WorkspaceRole } from './workspace-member.entity.ts';
import { WORKSPACE_NOT_FOUND } from './workspace.entity.ts';

export { WORKSPACE_NOT_FOUND };

/**
 * What a signed-in route needs of its caller in the request's workspace: a role there (owner ⊃ admin ⊃ member), or
 * 'account' for what is the user's own and no workspace's (their sign-in, their password).
 */
export type RouteRole = WorkspaceRole | 'account';

const RANK: Record<WorkspaceRole, number> = { member: 1, admin: 2, owner: 3 };

/** The header naming the workspace a request acts in; without it, the caller's personal workspace. */
export const WORKSPACE_HEADER = 'X-Workspace-Id';

/** Undefined when `has` may do what needs `needs`; otherwise the refusal, saying which role it needs. */
export function roleRefusal(needs: RouteRole, has: WorkspaceRole): string | undefined {
  if (needs === 'account' || RANK[has] >= RANK[needs]) return undefined;
  const you = has === 'admin' ? 'an admin' : 'a member';
  return needs === 'owner'
    ? `Only the owner of this workspace can do this; you are ${you} of it.`
    : `Only an admin or the owner of this workspace can do this; you are ${you} of it.`;
}
