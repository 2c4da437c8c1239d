import { billingActions, type BillingActions } from '../workspaces/permissions.ts';
import { useWorkspaceId } from '../workspaces/useWorkspace.ts';
import { useCurrentWorkspace } from '../workspaces/workspacesApi.ts';

/** What the Billing and Token Usage pages offer the viewer in the tab's workspace. */
export interface BillingPermissions {
  may: BillingActions;
  /** The role is still being read (a team workspace): nothing that changes the plan is offered yet, and no line says why. */
  waiting: boolean;
  /** The viewer is known not to be the owner: the pages say whose the plan and its usage are. */
  notOwner: boolean;
}

const OWNER: BillingPermissions = { may: billingActions('owner'), waiting: false, notOwner: false };
const UNTIL_ROLE_KNOWN: BillingPermissions = { may: billingActions('member'), waiting: true, notOwner: false };

/**
 * The viewer's billing actions, from their role in the tab's workspace. In their personal workspace they are always
 * its owner, with no wait for the role; should a team workspace's role not load, everything stays offered, as
 * before roles: the server still refuses anyone but the owner.
 */
export function useBillingActions(): BillingPermissions {
  const personal = useWorkspaceId() === null;
  const workspace = useCurrentWorkspace();
  if (personal) return OWNER;
  if (workspace.data) return { may: billingActions(workspace.data.role), waiting: false, notOwner: workspace.data.role !== 'owner' };
  return workspace.isError ? OWNER : UNTIL_ROLE_KNOWN;
}
