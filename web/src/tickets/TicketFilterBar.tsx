import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { SearchField, SelectField, type SelectOption } from '../ui/ListControls.tsx';
import { projectOptions, type PriorityFilter, type PushedFilter, type StatusFilter, type TicketFilters } from './listState.ts';
import { ticketTexts } from './texts.ts';
import { PRIORITIES, STATUSES } from './ticketsApi.ts';
import type { TicketListState } from './useTicketList.ts';

const texts = ticketTexts.list;

const statusOptions: readonly SelectOption<StatusFilter>[] = [
  { value: 'All', label: texts.all },
  ...STATUSES.map((status) => ({ value: status, label: ticketTexts.status[status] })),
];
const priorityOptions: readonly SelectOption<PriorityFilter>[] = [
  { value: 'All', label: texts.all },
  ...PRIORITIES.map((priority) => ({ value: priority, label: ticketTexts.priority[priority] })),
];
const pushedOptions: readonly SelectOption<PushedFilter>[] = [
  { value: 'All', label: texts.all },
  { value: 'Pushed', label: texts.pushed },
  { value: 'NotPushed', label: texts.notPushed },
];

type SelectFilter = Exclude<keyof TicketFilters, 'search'>;

/** One of the filter selects; choosing takes the list back to page 1. */
function FilterSelect<Field extends SelectFilter>(props: {
  list: TicketListState;
  field: Field;
  label: string;
  options: readonly SelectOption<TicketFilters[Field]>[];
}) {
  const { list, field, label, options } = props;
  return (
    <SelectField
      fullWidth
      label={label}
      name={`${field}Filter`}
      value={list.params.filters[field]}
      options={options}
      onChange={(value) => list.setFilter(field, value)}
    />
  );
}

/** The search and the status, priority, project and pushed filters above the ticket table. */
export function TicketFilterBar({ list }: { list: TicketListState }) {
  const { filters } = list.params;
  // The project filter offers the projects of the page shown, and the one chosen now.
  const projects: SelectOption<string>[] = [
    { value: '', label: texts.all },
    ...projectOptions(list.rows, filters.project).map((project) => ({ value: project, label: project })),
  ];

  return (
    <Paper variant="outlined" role="search" aria-label={texts.filtersLabel} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr 1fr' } }}>
        <SearchField
          label={texts.search}
          name="search"
          placeholder={texts.searchPlaceholder}
          value={list.searchInput}
          onChange={list.setSearch}
          sx={{ gridColumn: { xs: 'auto', sm: '1 / -1', md: 'auto' } }}
        />
        <FilterSelect list={list} field="status" label={ticketTexts.fields.status} options={statusOptions} />
        <FilterSelect list={list} field="priority" label={ticketTexts.fields.priority} options={priorityOptions} />
        <FilterSelect list={list} field="project" label={ticketTexts.fields.project} options={projects} />
        <FilterSelect list={list} field="pushed" label={texts.pushedFilter} options={pushedOptions} />
      </Box>
    </Paper>
  );
}
