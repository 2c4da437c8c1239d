import type { EntityManager } from '@mikro-orm/postgresql';
import { listWorkspaces } from '../../core/workspaces/workspaces.ts';
import type { WorkspaceList } from '../../schemas/types.ts';
import type { ApiRegistry } from '../routing.ts';

export function workspaceRoutes(api: ApiRegistry, deps: { em: () => EntityManager }): void {
  api.route<undefined, undefined, WorkspaceList>({
    method: 'get', path: '/api/workspaces', operationId: 'listWorkspaces', tag: 'workspaces', auth: 'session', role: 'account',
    summary: "The workspaces the user belongs to and their role in each: what the workspace switcher offers, and the ids a request's X-Workspace-Id names.",
    responses: { 200: { description: 'The workspaces.', schema: 'api/workspaces/list.response.schema.json' } },
    handler: (ctx, { user }) => listWorkspaces(deps.em(), user),
  });
}
