import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/browser.ts';
import { dataOf } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { Schema } from '../api/schema.ts';

export type WorkspaceSummary = Schema<'WorkspaceSummary'>;
export type WorkspaceRole = WorkspaceSummary['role'];
/** The roles an invitation or a role change may give: there is one owner, made by handing the workspace over. */
export type MemberRole = Schema<'MemberRoleRequest'>['role'];
export type Member = Schema<'WorkspaceMemberView'>;
export type Invitation = Schema<'WorkspaceInvitationView'>;
/** An invitation as anyone holding its link sees it; `accountExists`: sign in to accept, else sign up. */
export type InvitationView = Schema<'InvitationLinkResponse'>['invitation'];

const token = (value: string) => ({ params: { path: { token: value } } });

/** The workspace calls of the team-workspace contract. */
export const workspacesApi = {
  /** The user's workspaces and their role in each, the personal one first. */
  list: async () => (await dataOf(api.GET('/api/workspaces'))).workspaces,
  create: async (name: string) => (await dataOf(api.POST('/api/workspaces', { body: { name } }))).workspace,
  /** The tab's workspace, with the user's role in it. */
  current: async () => (await dataOf(api.GET('/api/workspace'))).workspace,
  rename: async (name: string) => (await dataOf(api.PUT('/api/workspace', { body: { name } }))).workspace,
  remove: () => dataOf(api.DELETE('/api/workspace')),
  /** Hands the workspace to a member: they become its owner, the caller an admin. */
  transfer: async (userId: string) => (await dataOf(api.POST('/api/workspace/transfer', { body: { userId } }))).workspace,
  members: () => dataOf(api.GET('/api/workspace/members')),
  setRole: async (userId: string, role: MemberRole) =>
    (await dataOf(api.PUT('/api/workspace/members/{userId}', { params: { path: { userId } }, body: { role } }))).member,
  /** Removes a member, or the caller themself: leaving. */
  removeMember: (userId: string) => dataOf(api.DELETE('/api/workspace/members/{userId}', { params: { path: { userId } } })),
  invite: async (email: string, role: MemberRole) =>
    (await dataOf(api.POST('/api/workspace/invitations', { body: { email, role } }))).invitation,
  revoke: (id: string) => dataOf(api.DELETE('/api/workspace/invitations/{id}', { params: { path: { id } } })),
  /** Open to anyone with the link, signed in or not. */
  invitation: async (value: string) => (await dataOf(api.anonymous.GET('/api/invitations/{token}', token(value)))).invitation,
  accept: async (value: string) => (await dataOf(api.POST('/api/invitations/{token}/accept', token(value)))).workspace,
};

export const useWorkspaces = () => useQuery({ queryKey: queryKeys.workspaces.list, queryFn: workspacesApi.list });
export const useCurrentWorkspace = () => useQuery({ queryKey: queryKeys.workspaces.current, queryFn: workspacesApi.current });
export const useMembers = () => useQuery({ queryKey: queryKeys.workspaces.members, queryFn: workspacesApi.members });

/** After a change to a workspace or its members: the list, the workspace and its members load again. */
export function refreshWorkspaces(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
}
