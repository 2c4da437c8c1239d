import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { User } from '../users/user.entity.ts';
import { Workspace } from './workspace.entity.ts';

export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const;
/** owner: billing, deleting or handing over the workspace; admin: members, invitations, connections; member: the work. */
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** A user's place in a workspace and what they may do there. */
export const WorkspaceMember = defineEntity({
  name: 'WorkspaceMember',
  tableName: 'workspace_members',
  uniques: [{ name: 'workspace_members_workspace_user_unique', properties: ['workspace', 'user'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    workspace: () => p.manyToOne(Workspace).deleteRule('cascade'),
    // The workspaces a user belongs to, looked up on each request once routes scope by workspace.
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    role: p.enum(WORKSPACE_ROLES),
    createdAt: p.datetime().onCreate(createdAt),
  },
});

export type WorkspaceMember = InferEntity<typeof WorkspaceMember>;
