import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys.ts';
import { isAssigneeMapped } from './connectionForm.ts';
import { connectionsApi } from './connectionsApi.ts';
import { connectionTexts } from './texts.ts';

/**
 * Whether a connection serves the project (GET /api/connections/project/{project}). A failed check is only
 * logged (the spec's "Error catalogue"): the answer then stays unknown and nothing is shown.
 */
export function useProjectConnection(project: string) {
  const name = project.trim();
  return useQuery({
    queryKey: queryKeys.connections.project(name),
    queryFn: () => connectionsApi.forProject(name),
    enabled: name !== '',
    meta: { failureLog: `Could not check the connection of the project ${name}` },
  });
}

/**
 * The spec's "Validation rules": 'Not mapped' when the project's connection has no user mapping for the assignee; null
 * when
 * there is nothing to say (no assignee, no connection, or the check has not answered).
 */
export function useAssigneeMappingNote(project: string, assignee: string): string | null {
  const { data } = useProjectConnection(project);
  const connection = data?.connection ?? null;
  if (assignee.trim() === '' || connection === null) return null;
  return isAssigneeMapped(connection.settings.userMappings, assignee) ? null : connectionTexts.ticket.notMapped;
}
