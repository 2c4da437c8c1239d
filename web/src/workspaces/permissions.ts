import type { Member, WorkspaceRole, WorkspaceSummary } from './workspacesApi.ts';

/** What the viewer may do with one member on the members page; the server checks the same again. */
export interface MemberActions {
  /** Admin or member, by a select: an admin or the owner, for anyone but the owner. */
  changeRole: boolean;
  /** An admin or the owner, for anyone but the owner and themself (they leave instead). */
  remove: boolean;
  /** Hand the workspace over: the owner, to anyone else. */
  makeOwner: boolean;
}

const manages = (role: WorkspaceRole) => role === 'owner' || role === 'admin';

export function memberActions(viewer: { userId: string; role: WorkspaceRole }, member: Member): MemberActions {
  const self = member.userId === viewer.userId;
  const isOwner = member.role === 'owner';
  return {
    changeRole: manages(viewer.role) && !isOwner,
    remove: manages(viewer.role) && !isOwner && !self,
    makeOwner: viewer.role === 'owner' && !self,
  };
}

/** What the viewer may do with the workspace itself. */
export interface WorkspaceActions {
  rename: boolean;
  invite: boolean;
  /** Revoke pending invitations. */
  revoke: boolean;
  /** Anyone but the owner may leave a team workspace. */
  leave: boolean;
  /** The owner of a team workspace. */
  delete: boolean;
}

export function workspaceActions(workspace: Pick<WorkspaceSummary, 'personal' | 'role'>): WorkspaceActions {
  const team = !workspace.personal;
  return {
    rename: manages(workspace.role),
    invite: team && manages(workspace.role),
    revoke: team && manages(workspace.role),
    leave: team && workspace.role !== 'owner',
    delete: team && workspace.role === 'owner',
  };
}

/** What the viewer may do on the Connections page; the server refuses a member's add, edit and delete too. */
export interface ConnectionActions {
  /** "Add Connection", with its "Connect with …" sign-in: an admin or the owner. */
  add: boolean;
  /** "Edit", with its "Reconnect with …": an admin or the owner. */
  edit: boolean;
  /** An admin or the owner. */
  delete: boolean;
  /** Check that a connection works: anyone in the workspace. */
  verify: boolean;
}

export function connectionActions(role: WorkspaceRole): ConnectionActions {
  return { add: manages(role), edit: manages(role), delete: manages(role), verify: true };
}

/**
 * What the viewer may do on the Billing and Token Usage pages: the workspace's plan is its owner's to pay, so only
 * the owner subscribes, changes or cancels the plan, opens Stripe's portal and resets the month's usage; the server
 * refuses the others too. Everyone in the workspace may read its plan, payments and usage.
 */
export interface BillingActions {
  /** Choose a paid plan while on Free: Stripe Checkout. */
  subscribe: boolean;
  /** Choose another paid plan while subscribed. */
  changePlan: boolean;
  /** Choose Free while subscribed, after a confirmation. */
  cancel: boolean;
  /** "Manage Billing": Stripe's Customer Portal. */
  manageBilling: boolean;
  /** The Token Usage page's manual reset. */
  resetUsage: boolean;
}

export function billingActions(role: WorkspaceRole): BillingActions {
  const owner = role === 'owner';
  return { subscribe: owner, changePlan: owner, cancel: owner, manageBilling: owner, resetUsage: owner };
}
