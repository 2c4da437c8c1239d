import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { User } from '../users/user.entity.ts';

/** What a workspace that is gone, or that the caller is no member of, answers (404). */
export const WORKSPACE_NOT_FOUND = 'Workspace not found. It may have been deleted, or you are no longer a member of it.';

/**
 * A workspace: whose transcripts, tickets, bots, connections, token usage and push history these are, and whose plan
 * (with its Stripe customer and subscription, monthly credits and transcript allowance) they count against; its
 * owner pays. Every user has
 * one personal workspace, made at sign-up (core/users/accounts.ts) or, for a user made another way, by the first row
 * written for them (personal_workspace_of, migrations/Migration20261206000000_workspaces.ts).
 */
export const Workspace = defineEntity({
  name: 'Workspace',
  tableName: 'workspaces',
  indexes: [
    // At most one personal workspace per user: what the insert triggers find, and what a concurrent first insert
    // for the same user meets instead of making a second one.
    { name: 'workspaces_personal_owner_unique', expression: `create unique index "workspaces_personal_owner_unique" on "workspaces" ("owner_id") where "personal"` },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    /** Long enough for a full name or an e-mail address followed by "'s workspace". */
    name: p.string().length(400),
    /** The workspace made with the user, which they alone own; a team workspace is not personal. */
    personal: p.boolean().default(false),
    owner: () => p.manyToOne(User).deleteRule('cascade').index(),
    /** The workspace's plan (null: Free), set by its Stripe subscription or by the operator (`tickscribe set-tier`). */
    subscriptionTier: p.string().length(50).nullable(),
    isSubscribed: p.boolean().default(false),
    /** Monthly credits reset on this date's day of the month: the workspace's creation, later its subscription date. */
    creditCycleAnchor: p.datetime().onCreate(createdAt).defaultRaw('now()'),
    createdAt: p.datetime().onCreate(createdAt),
    updatedAt: p.datetime().onCreate(createdAt).onUpdate(() => new Date()),
  },
});

export type Workspace = InferEntity<typeof Workspace>;

/**
 * The workspace a row belongs to (transcripts, tickets, bots, connections, token usage, push records). The column is
 * NOT NULL; a row written with only its user (or, for a push record, its ticket) gets the user's personal workspace
 * from a BEFORE INSERT trigger (migrations/Migration20261206000000_workspaces.ts). The `null` default is what lets
 * that code stay as it is: it makes the property optional in `em.create` and the flush check, sends NULL for the
 * trigger to replace, and the schema comparison reads a `null` default as no default, like the column's.
 */
export const workspaceOfRow = () => p.manyToOne(Workspace).deleteRule('cascade').default(null);
