import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreditSchedules } from '../../core/credits/resets.ts';
import type { Authenticated } from '../../core/users/accounts.ts';
import {
  acceptInvitation, invitationByLink, invite, revokeInvitation, type InvitationMail,
} from '../../core/workspaces/invitations.ts';
import { changeMemberRole, listMembers, removeMember } from '../../core/workspaces/members.ts';
import {
  createWorkspace, currentWorkspace, deleteWorkspace, listWorkspaces, renameWorkspace, transferWorkspace,
} from '../../core/workspaces/workspaces.ts';
import type {
  InvitationLinkResponse, InvitationRequest, MemberRoleRequest, WorkspaceInvitationResponse, WorkspaceList, WorkspaceMemberResponse,
  WorkspaceMembersResponse, WorkspaceNameRequest, WorkspaceResponse, WorkspaceTransferRequest,
} from '../../schemas/types.ts';
import type { ApiRegistry } from '../routing.ts';

const schema = (name: string) => `api/workspaces/${name}.schema.json`;

/** The request's workspace: the router has checked the caller's role there before any route below with a role runs. */
const current = (workspace: Authenticated['workspace']) => workspace!;

export function workspaceRoutes(api: ApiRegistry, deps: { em: () => EntityManager; mail: InvitationMail; schedules?: CreditSchedules }): void {
  const { em, mail } = deps;

  api.route<undefined, undefined, WorkspaceList>({
    method: 'get', path: '/api/workspaces', operationId: 'listWorkspaces', tag: 'workspaces', auth: 'session', role: 'account',
    summary: "The workspaces the user belongs to and their role in each: what the workspace switcher offers, and the ids a request's X-Workspace-Id names.",
    responses: { 200: { description: 'The workspaces.', schema: schema('list.response') } },
    handler: (_ctx, { user }) => listWorkspaces(em(), user),
  });

  api.route<WorkspaceNameRequest, undefined, WorkspaceResponse>({
    method: 'post', path: '/api/workspaces', operationId: 'createWorkspace', tag: 'workspaces', auth: 'session', role: 'account',
    summary: 'Create a team workspace, with the caller as its owner; it starts on the Free plan, with its own monthly credits.',
    body: schema('name.request'),
    responses: { 201: { description: 'Created.', schema: schema('workspace.response') } },
    async handler(ctx, { user, body }) {
      const workspace = await createWorkspace(em(), user, body);
      // Its monthly credit resets start with it (`credits-<workspaceId>`); should Temporal not answer, the next start
      // of the API starts them.
      await deps.schedules?.ensure(workspace.id).catch((error: unknown) =>
        ctx.state.log.warn({ err: error, workspaceId: workspace.id }, 'could not start the monthly credit resets of a new workspace'),
      );
      return { workspace };
    },
  });

  api.route<undefined, undefined, WorkspaceResponse>({
    method: 'get', path: '/api/workspace', operationId: 'getWorkspace', tag: 'workspaces', auth: 'session', role: 'member',
    summary: "The request's workspace, with the caller's role there.",
    responses: { 200: { description: 'The workspace.', schema: schema('workspace.response') } },
    handler: async (_ctx, { workspace }) => ({ workspace: await currentWorkspace(em(), current(workspace)) }),
  });

  api.route<WorkspaceNameRequest, undefined, WorkspaceResponse>({
    method: 'put', path: '/api/workspace', operationId: 'renameWorkspace', tag: 'workspaces', auth: 'session', role: 'admin',
    summary: "Rename the request's workspace.",
    body: schema('name.request'),
    responses: { 200: { description: 'Renamed.', schema: schema('workspace.response') } },
    handler: async (_ctx, { user, workspace, body }) => ({ workspace: await renameWorkspace(em(), user, current(workspace).id, body) }),
  });

  api.route<undefined, undefined, undefined>({
    method: 'delete', path: '/api/workspace', operationId: 'deleteWorkspace', tag: 'workspaces', auth: 'session', role: 'owner',
    summary: "Delete the request's team workspace and everything in it: its members, invitations, transcripts, tickets, bots and connections.",
    responses: {
      204: { description: 'Deleted.' }, 400: { description: 'A personal workspace cannot be deleted.' },
      409: { description: 'A transcript of the workspace is still being processed, or a bot of its is in a meeting: in words.' },
    },
    async handler(_ctx, { user, workspace }) {
      await deleteWorkspace(em(), user, current(workspace).id);
      return undefined;
    },
  });

  api.route<WorkspaceTransferRequest, undefined, WorkspaceResponse>({
    method: 'post', path: '/api/workspace/transfer', operationId: 'transferWorkspace', tag: 'workspaces', auth: 'session', role: 'owner',
    summary: 'Hand the team workspace to another member: they become its owner, the caller an admin.',
    body: schema('transfer.request'),
    responses: {
      200: { description: 'Handed over; the workspace with the caller\'s new role.', schema: schema('workspace.response') },
      404: { description: 'No such member in this workspace.' },
    },
    handler: async (_ctx, { user, workspace, body }) => ({ workspace: await transferWorkspace(em(), user, current(workspace).id, body) }),
  });

  api.route<undefined, undefined, WorkspaceMembersResponse>({
    method: 'get', path: '/api/workspace/members', operationId: 'listMembers', tag: 'workspaces', auth: 'session', role: 'member',
    summary: 'The members of the request\'s workspace (the owner first, then by name) and its pending invitations.',
    responses: { 200: { description: 'The members and invitations.', schema: schema('members.response') } },
    handler: (_ctx, { workspace }) => listMembers(em(), current(workspace).id),
  });

  api.route<MemberRoleRequest, undefined, WorkspaceMemberResponse>({
    method: 'put', path: '/api/workspace/members/{userId}', operationId: 'changeMemberRole', tag: 'workspaces', auth: 'session', role: 'admin',
    summary: "Make a member an admin, or an admin a member. The owner's role cannot be changed.",
    body: schema('member-role.request'),
    responses: {
      200: { description: 'Changed.', schema: schema('member.response') },
      404: { description: 'No such member in this workspace.' },
    },
    handler: async (_ctx, { user, workspace, params, body }) => ({ member: await changeMemberRole(em(), user, current(workspace).id, params['userId']!, body) }),
  });

  api.route<undefined, undefined, undefined>({
    method: 'delete', path: '/api/workspace/members/{userId}', operationId: 'removeMember', tag: 'workspaces', auth: 'session', role: 'member',
    summary: 'Leave the workspace (the caller\'s own id), or, as an admin or the owner, remove a member. The owner cannot leave or be removed; what a member made stays.',
    responses: {
      204: { description: 'Left, or removed.' },
      403: { description: 'A member removing someone else.' },
      404: { description: 'No such member in this workspace.' },
    },
    async handler(_ctx, { user, workspace, params }) {
      await removeMember(em(), user, current(workspace).id, params['userId']!);
      return undefined;
    },
  });

  api.route<InvitationRequest, undefined, WorkspaceInvitationResponse>({
    method: 'post', path: '/api/workspace/invitations', operationId: 'inviteMember', tag: 'workspaces', auth: 'session', role: 'admin',
    summary: 'Invite someone by e-mail: the e-mail carries a link that works once and expires in 7 days. A pending invitation to the same address is replaced.',
    body: schema('invite.request'),
    responses: {
      201: { description: 'Invited; the e-mail is on its way.', schema: schema('invitation.response') },
      409: { description: 'The address is a member already, or the workspace has as many pending invitations as allowed.' },
      429: { description: 'Too many invitations sent by the caller, or to the address, within an hour.' },
    },
    handler: async (_ctx, { user, workspace, body }) => ({ invitation: await invite(em(), user, current(workspace).id, body, mail) }),
  });

  api.route<undefined, undefined, undefined>({
    method: 'delete', path: '/api/workspace/invitations/{id}', operationId: 'revokeInvitation', tag: 'workspaces', auth: 'session', role: 'admin',
    summary: 'Withdraw an invitation: its link stops working.',
    responses: { 204: { description: 'Withdrawn.' } },
    async handler(_ctx, { user, workspace, params }) {
      await revokeInvitation(em(), user, current(workspace).id, params['id']!);
      return undefined;
    },
  });

  api.route<undefined, undefined, InvitationLinkResponse>({
    method: 'get', path: '/api/invitations/{token}', operationId: 'getInvitation', tag: 'workspaces',
    summary: "What an invitation link offers (the workspace, who sent it, the address and role), for the link's page.",
    responses: {
      200: { description: 'The invitation.', schema: schema('invitation-link.response') },
      404: { description: 'No invitation has this link.' },
      410: { description: 'The invitation was used, withdrawn, or has expired.' },
    },
    async handler(ctx, { params }) {
      ctx.set('Cache-Control', 'no-store');
      return invitationByLink(em(), params['token']!);
    },
  });

  api.route<undefined, undefined, WorkspaceResponse>({
    method: 'post', path: '/api/invitations/{token}/accept', operationId: 'acceptInvitation', tag: 'workspaces', auth: 'session', role: 'account',
    summary: 'Accept an invitation sent to the signed-in user\'s address: they join its workspace with its role. The link works once.',
    responses: {
      200: { description: 'Joined (or a member already); the workspace with the caller\'s role.', schema: schema('workspace.response') },
      403: { description: 'The invitation was sent to another address.' },
      404: { description: 'No invitation has this link.' },
      410: { description: 'The invitation was used, withdrawn, or has expired.' },
    },
    handler: async (_ctx, { user, params }) => ({ workspace: await acceptInvitation(em(), user, params['token']!) }),
  });
}
