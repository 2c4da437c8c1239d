/**
 * The custom search attributes Tickscribe's workflows carry (workflows/shared/labels.ts sets them), all of type
 * Keyword: matched exactly, never split into words. The server must know them before a workflow is started with one:
 * the dev server is started with them (dev-server.ts), docker-compose.yml's temporal-namespace step creates them,
 * and a start against any other server adds those it lacks (connect.ts). Pure data: the workflow bundle imports it.
 */
export const SEARCH_ATTRIBUTE_NAMES = {
  user: 'TickscribeUser',
  workspace: 'TickscribeWorkspace',
  transcript: 'TickscribeTranscript',
  connection: 'TickscribeConnection',
  batch: 'TickscribeBatch',
  /** What came of the work: succeeded, failed, partial or cancelled (docs/operations.md). */
  outcome: 'Outcome',
} as const;
