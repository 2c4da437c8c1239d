import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Client } from 'openapi-fetch';
import { api } from '../api/browser.ts';
import { dataOf } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { Schema } from '../api/schema.ts';

// The shapes of the team-workspace calls, as the API contract declares them. GET /api/workspaces is in the
// generated description already; the others are declared here until theirs is generated.

export type WorkspaceSummary = Schema<'WorkspaceList'>['workspaces'][number];
export type WorkspaceRole = WorkspaceSummary['role'];
/** The roles an invitation or a role change may give: there is one owner, made by handing the workspace over. */
export type MemberRole = Exclude<WorkspaceRole, 'owner'>;

export interface Member {
  userId: string;
  /** The full name, else the e-mail address. */
  name: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: MemberRole;
  invitedBy: { id: string; name: string } | null;
  createdAt: string;
  expiresAt: string;
}

/** An invitation as anyone holding its link sees it. */
export interface InvitationView {
  workspaceName: string;
  invitedBy: string | null;
  email: string;
  role: MemberRole;
  expiresAt: string;
  /** Whether an account uses the invited address: sign in to accept, else sign up. */
  accountExists: boolean;
}

export interface MembersAndInvitations {
  members: Member[];
  invitations: Invitation[];
}

/** Every path of the contract's calls takes and answers JSON; the functions below give each its shape. */
interface ContractOperation {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
  requestBody?: { content: { 'application/json': unknown } };
  responses: { 200: { headers: Record<string, unknown>; content: { 'application/json': unknown } } };
}
type ContractPaths = Record<string, Record<'get' | 'put' | 'post' | 'delete', ContractOperation>>;

const contract = api as unknown as Client<ContractPaths>;
const anonymous = api.anonymous as unknown as Client<ContractPaths>;
const segment = (value: string) => encodeURIComponent(value);
/** The answer of a contract call, in the shape the contract gives it. */
const answer = <T>(call: Promise<{ data?: unknown; response: Response }>) => dataOf(call) as Promise<T>;

/** The workspace calls of the team-workspace contract. */
export const workspacesApi = {
  /** The user's workspaces and their role in each, the personal one first. */
  list: async () => (await dataOf(api.GET('/api/workspaces'))).workspaces,
  create: async (name: string) =>
    (await answer<{ workspace: WorkspaceSummary }>(contract.POST('/api/workspaces', { body: { name } }))).workspace,
  /** The tab's workspace, with the user's role in it. */
  current: async () => (await answer<{ workspace: WorkspaceSummary }>(contract.GET('/api/workspace'))).workspace,
  rename: async (name: string) =>
    (await answer<{ workspace: WorkspaceSummary }>(contract.PUT('/api/workspace', { body: { name } }))).workspace,
  remove: () => dataOf(contract.DELETE('/api/workspace')),
  /** Hands the workspace to a member: they become its owner, the caller an admin. */
  transfer: async (userId: string) =>
    (await answer<{ workspace: WorkspaceSummary }>(contract.POST('/api/workspace/transfer', { body: { userId } }))).workspace,
  members: () => answer<MembersAndInvitations>(contract.GET('/api/workspace/members')),
  setRole: async (userId: string, role: MemberRole) =>
    (await answer<{ member: Member }>(contract.PUT(`/api/workspace/members/${segment(userId)}`, { body: { role } }))).member,
  /** Removes a member, or the caller themself: leaving. */
  removeMember: (userId: string) => dataOf(contract.DELETE(`/api/workspace/members/${segment(userId)}`)),
  invite: async (email: string, role: MemberRole) =>
    (await answer<{ invitation: Invitation }>(contract.POST('/api/workspace/invitations', { body: { email, role } }))).invitation,
  revoke: (id: string) => dataOf(contract.DELETE(`/api/workspace/invitations/${segment(id)}`)),
  /** Open to anyone with the link, signed in or not. */
  invitation: async (token: string) =>
    (await answer<{ invitation: InvitationView }>(anonymous.GET(`/api/invitations/${segment(token)}`))).invitation,
  accept: async (token: string) =>
    (await answer<{ workspace: WorkspaceSummary }>(contract.POST(`/api/invitations/${segment(token)}/accept`))).workspace,
};

export const useWorkspaces = () => useQuery({ queryKey: queryKeys.workspaces.list, queryFn: workspacesApi.list });
export const useCurrentWorkspace = () => useQuery({ queryKey: queryKeys.workspaces.current, queryFn: workspacesApi.current });
export const useMembers = () => useQuery({ queryKey: queryKeys.workspaces.members, queryFn: workspacesApi.members });

/** After a change to a workspace or its members: the list, the workspace and its members load again. */
export function refreshWorkspaces(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all });
}
