import Box from '@mui/material/Box';
import { PageSizeSelect, SearchField, SelectField, type SelectOption } from '../ui/ListControls.tsx';
import { transcriptsTexts } from './texts.ts';
import type { SortField, SortOrder, TranscriptListState } from './useTranscriptList.ts';

const texts = transcriptsTexts.list;
const SORTS: readonly SelectOption<SortField>[] = [
  { value: 'date', label: texts.sortDate },
  { value: 'title', label: texts.sortTitle },
];
/** The orders as each sort does them: 'newest' is descending (latest first, or Z to A), 'oldest' ascending. */
const ORDERS: Record<SortField, readonly SelectOption<SortOrder>[]> = {
  date: [
    { value: 'newest', label: texts.newest },
    { value: 'oldest', label: texts.oldest },
  ],
  title: [
    { value: 'oldest', label: texts.titleAscending },
    { value: 'newest', label: texts.titleDescending },
  ],
};
/** The order a sort starts in: the latest first by date, A to Z by title. */
const FIRST_ORDER: Record<SortField, SortOrder> = { date: 'newest', title: 'oldest' };

/** The search, sort, order and page-size controls above the transcript list. */
export function TranscriptListControls({ list }: { list: TranscriptListState }) {
  const { filters, limit } = list.params;
  return (
    <Box
      role="search"
      aria-label={texts.search}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr))' }, mb: 2 }}
    >
      <SearchField
        icon
        label={texts.search}
        placeholder={texts.searchPlaceholder}
        value={list.searchInput}
        onChange={list.setSearch}
        sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
      />
      <SelectField
        label={texts.sortBy}
        value={filters.sort}
        options={SORTS}
        onChange={(sort) => {
          list.setFilter('sort', sort);
          list.setFilter('order', FIRST_ORDER[sort]);
        }}
      />
      <SelectField label={texts.order} value={filters.order} options={ORDERS[filters.sort]} onChange={(order) => list.setFilter('order', order)} />
      <PageSizeSelect label={texts.itemsPerPage} value={limit} onChange={list.setLimit} />
    </Box>
  );
}
