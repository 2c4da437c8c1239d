/**
 * How operators find and read Tickscribe's workflows in the Temporal UI or CLI: the custom search attributes that
 * find one user's or one workspace's work and list what failed (`TickscribeUser="<id>"`, `TickscribeWorkspace="<id>"`,
 * `Outcome="failed"`), and one-line summaries.
 * Names and registration: core/temporal/search-attributes.ts. Pure, so the workflow sandbox may import it.
 */
import type { defineSearchAttributeKey } from '@temporalio/common';
import { SEARCH_ATTRIBUTE_NAMES as NAMES } from '../../core/temporal/search-attributes.ts';

/** The SDK's key of a Keyword search attribute (its key type is not exported by name). */
type KeywordKey = ReturnType<typeof defineSearchAttributeKey<'KEYWORD'>>;

const keyword = (name: string): KeywordKey => ({ name, type: 'KEYWORD' });

export const USER_ATTRIBUTE = keyword(NAMES.user);
export const WORKSPACE_ATTRIBUTE = keyword(NAMES.workspace);
export const TRANSCRIPT_ATTRIBUTE = keyword(NAMES.transcript);
export const CONNECTION_ATTRIBUTE = keyword(NAMES.connection);
export const BATCH_ATTRIBUTE = keyword(NAMES.batch);
/** What came of the work, set when it ends: see docs/operations.md. */
export const OUTCOME_ATTRIBUTE = keyword(NAMES.outcome);

/** Succeeded: all done; failed: nothing done; partial: some tickets pushed, some failed; cancelled: stopped by request. */
export type Outcome = 'succeeded' | 'failed' | 'partial' | 'cancelled';

/** A one-line summary for the Temporal UI: line breaks and runs of spaces made one space, at most 200 characters. */
export function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
