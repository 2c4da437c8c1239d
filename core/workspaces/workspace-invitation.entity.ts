import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { User } from '../users/user.entity.ts';
import { Workspace } from './workspace.entity.ts';

/** The roles an invitation may offer: a workspace has one owner, who hands it over rather than invites one. */
export const INVITATION_ROLES = ['admin', 'member'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/**
 * An e-mailed invitation to join a team workspace, stored as its token's SHA-256 only (as e-mailed tokens are). It is
 * pending until it is used, withdrawn (revoked: by an admin, or by a newer invitation to the same address) or expired.
 */
export const WorkspaceInvitation = defineEntity({
  name: 'WorkspaceInvitation',
  tableName: 'workspace_invitations',
  indexes: [
    // A workspace's pending invitations, as its members page lists them; at most one per address, which a new
    // invitation to the address replaces.
    {
      name: 'workspace_invitations_pending_unique',
      expression: `create unique index "workspace_invitations_pending_unique" on "workspace_invitations" ("workspace_id", "email") where "used_at" is null and "revoked_at" is null`,
    },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    workspace: () => p.manyToOne(Workspace).deleteRule('cascade'),
    /** The invited address, trimmed and lower-cased as accounts store theirs. */
    email: p.string().length(320),
    role: p.enum(INVITATION_ROLES),
    tokenHash: p.string().length(64).unique().hidden(),
    /** Who sent it; null once their account is gone. */
    invitedBy: () => p.manyToOne(User).deleteRule('set null').nullable().index(),
    createdAt: p.datetime().onCreate(createdAt),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});

export type WorkspaceInvitation = InferEntity<typeof WorkspaceInvitation>;
