import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from './user.entity.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';
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
  /** The id of the workspace's owner, who pays for its plan. */
  owner: string;
}

/** The workspace a request acts in, as the session lookup reads it with the caller's membership there. */
export interface WorkspaceAccess {
  id: string;
  role: WorkspaceRole;
  /** Its owner's user id. */
  ownerId: string;
}

/** The workspace part of a scope, for work done on a workspace's behalf by no request (a push's activities). */
export type WorkspaceScope = Pick<Scope, 'workspace'>;

/** The scope's workspace, whose plan its uploads, bots and token credits count against and its members see. */
export function billedWorkspace(em: EntityManager, scope: WorkspaceScope): Promise<Workspace> {
  return em.findOneOrFail(Workspace, scope.workspace);
}
