import type { TranscriptSummary } from './types.ts';

export type SortField = 'date' | 'title';
export type SortOrder = 'newest' | 'oldest';

export interface ListView {
  search: string;
  sortBy: SortField;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export interface ListPage {
  items: TranscriptSummary[];
  /** How many transcripts match the search. */
  total: number;
  totalPages: number;
  /** The page shown, clamped to the pages there are. */
  page: number;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function time(value: string): number {
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/**
 * Search, sort and page the loaded transcripts. Search matches the title and source, ignoring case. Date sorts by
 * upload time; 'newest' puts the latest upload (or, by title, Z before A) first and 'oldest' the reverse.
 */
export function viewTranscripts(transcripts: readonly TranscriptSummary[], view: ListView): ListPage {
  const query = view.search.trim().toLocaleLowerCase();
  const matching = query === ''
    ? [...transcripts]
    : transcripts.filter((transcript) =>
        [transcript.title, transcript.source ?? ''].some((text) => text.toLocaleLowerCase().includes(query)),
      );
  const direction = view.order === 'newest' ? -1 : 1;
  matching.sort((a, b) => {
    const primary = view.sortBy === 'title'
      ? collator.compare(a.title, b.title)
      : time(a.createdAt) - time(b.createdAt);
    if (primary !== 0) return direction * primary;
    return direction * (time(a.createdAt) - time(b.createdAt)) || a.id.localeCompare(b.id);
  });
  const pageSize = Math.max(1, view.pageSize);
  const totalPages = Math.ceil(matching.length / pageSize);
  const page = Math.min(Math.max(1, view.page), Math.max(1, totalPages));
  return {
    items: matching.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    totalPages,
    page,
  };
}
