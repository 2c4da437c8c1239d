import type { Schema } from '../api/schema.ts';

export type HistoryPage = Schema<'TokenUsageHistory'>;
export type HistoryEntry = HistoryPage['history'][number];

/** The spec's "Business constants and limits": the table asks for 20 entries at a time. */
export const TABLE_PAGE_SIZE = 20;
/** The chart asks for the API's default page, 50 entries, at a time. */
export const CHART_PAGE_SIZE = 50;

/**
 * The offset of the page after `page` (the spec's "States and transitions": each Load More raises the offset by the
 * page size), or
 * undefined when the server has no more.
 */
export function nextOffset(page: HistoryPage, pageSize: number): number | undefined {
  return page.pagination.hasMore ? page.pagination.offset + pageSize : undefined;
}

/**
 * The entries of the pages loaded so far, in order: the first page, then each later one appended. An entry that
 * shifted onto the next page because newer usage arrived in between is shown once.
 */
export function entriesOf(pages: readonly HistoryPage[]): HistoryEntry[] {
  const seen = new Set<string>();
  const entries: HistoryEntry[] = [];
  for (const entry of pages.flatMap((page) => page.history)) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    entries.push(entry);
  }
  return entries;
}

/**
 * The spec's "Screens and routes": the operation's underscores are shown as spaces ('ticket_extraction' → 'ticket
 * extraction').
 */
export function operationLabel(operationType: string): string {
  return operationType.replaceAll('_', ' ');
}
