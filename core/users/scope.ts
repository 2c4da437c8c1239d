import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from './user.entity.ts';
import { NotFound } from '../errors.ts';
import { Workspace, WORKSPACE_NOT_FOUND } from '../workspaces/workspace.entity.ts';
import type { WorkspaceRole } from '../workspaces/workspace-member.entity.ts';

/**
 * Who acts, and in which workspace: what a signed-in request reads and writes within. Every row of a workspace
 * (transcripts, tickets, bots, connections, token usage, push records) is found by its workspace, never by its user,
 * so members share them; `user` is who made or changed a row (a ticket's creator and editor, a transcript's
 * uploader).
 */
export interface Scope {
  user: User;
  /** The workspace's id. */
  workspace: string;
  role: WorkspaceRole;
}

/** The workspace a request acts in, as the session lookup reads it with the caller's membership there. */
export interface WorkspaceAccess {
  id: string;
  role: WorkspaceRole;
  /** Its plan as the lookup read it: what `/auth/current-user` describes, with no second round trip. */
  plan: { subscriptionTier: string | null; isSubscribed: boolean };
}

/** The workspace part of a scope, for work done on a workspace's behalf by no request (a push's activities). */
export type WorkspaceScope = Pick<Scope, 'workspace'>;

/**
 * The scope's workspace as it is now, whose plan its uploads, bots and token credits count against and its members see
 * (read again under the plan lock: a plan changed meanwhile counts); NotFound when it is gone.
 */
export async function billedWorkspace(em: EntityManager, scope: WorkspaceScope): Promise<Workspace> {
  const workspace = await em.findOne(Workspace, scope.workspace, { refresh: true });
  if (!workspace) throw new NotFound(WORKSPACE_NOT_FOUND);
  return workspace;
}
