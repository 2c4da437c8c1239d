import { useQuery } from '@tanstack/react-query';
import { connectionsApi, type ConnectionType } from './connectionsApi.ts';
import { typeForm, type TypeForm } from './connectionTypes.ts';

/** The connection types change only when the server restarts with other plugins. */
const TYPES_KEY = ['connections', 'types'] as const;

/** The server's connection types (GET /api/connections/types), asked for once per visit. */
export function useConnectionTypes() {
  const query = useQuery({ queryKey: TYPES_KEY, queryFn: connectionsApi.types, staleTime: Infinity });
  const types: readonly ConnectionType[] = query.data ?? [];
  /** The form of a type, from what the server says of it; `saved` names a saved connection's credential fields. */
  const formOf = (type: string, saved?: Record<string, boolean>): TypeForm =>
    typeForm(type, types.find((candidate) => candidate.id === type), saved);
  return { query, types, formOf };
}
