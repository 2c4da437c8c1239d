import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageSizeSelect } from '../ui/ListControls.tsx';
import { ticketTexts } from './texts.ts';
import type { TicketListState } from './useTicketList.ts';

const texts = ticketTexts.list;

export interface TicketListToolbarProps {
  list: TicketListState;
  onDeleteSelected(): void;
  onPush(): void;
  /** A delete is under way. */
  deleting: boolean;
}

/** The row between filters and table: the bulk actions, the selection, the number of tickets and the page size. */
export function TicketListToolbar({ list, onDeleteSelected, onPush, deleting }: TicketListToolbarProps) {
  const selectedCount = list.selectedTickets.length;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Button variant="outlined" color="error" onClick={onDeleteSelected} disabled={deleting}>
          {texts.bulkDelete}
        </Button>
        <Button variant="outlined" onClick={onPush}>
          {texts.push}
        </Button>
        <Typography variant="body2" color="textSecondary" role="status">
          {selectedCount > 0 ? texts.selectedCount(selectedCount) : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {list.answer && (
          <Typography variant="body2" color="textSecondary">
            {texts.resultCount(list.answer.pagination.total)}
          </Typography>
        )}
        <PageSizeSelect label={texts.pageSize} name="pageSize" value={list.params.limit} onChange={list.setLimit} sx={{ minWidth: 150 }} />
      </Box>
    </Box>
  );
}
