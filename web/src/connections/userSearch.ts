import type { Connection, UserSearchTarget } from './connectionsApi.ts';
import { draftProblem, draftToInput, type ConnectionDraft } from './connectionForm.ts';
import type { TypeForm } from './connectionTypes.ts';

/**
 * Where the connection form's username fields search the tracker's people: the form as it stands (the server fills
 * credential fields left empty from the saved connection when editing), or null while the form lacks what saving it
 * would need (the mappings aside: a username being typed leaves its row half-filled).
 */
export function formSearchTarget(draft: ConnectionDraft, form: TypeForm, connection: Pick<Connection, 'id'> | null): UserSearchTarget | null {
  if (draftProblem({ ...draft, userMappings: [] }, connection === null ? 'create' : 'edit', form) !== null) return null;
  const { name: _name, settings: { projectMappings: _projects, userMappings: _users, ...settings }, ...input } = draftToInput(draft, form);
  return { ...input, settings, ...(connection ? { connection_id: connection.id } : {}) };
}
