import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../api/queryKeys.ts';
import { SearchField } from '../ui/ListControls.tsx';
import { useDebouncedValue } from '../ui/useDebouncedValue.ts';
import { SEARCH_LIMIT, SUGGESTION_DEBOUNCE_MS, ticketTexts } from './texts.ts';
import { shortId } from './ticketForm.ts';
import { ticketsApi, type Ticket } from './ticketsApi.ts';

const texts = ticketTexts.detail;

export interface DependencyChipsProps {
  ids: readonly string[];
  /** Titles of the tickets known so far; an unknown one shows its shortened id. */
  titles: ReadonlyMap<string, string>;
  /** In edit mode each chip gets a remove button. */
  onRemove?: (id: string) => void;
}

/** Chips linking to /tickets/{dependencyId}. */
export function DependencyChips({ ids, titles, onRemove }: DependencyChipsProps) {
  if (ids.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        {texts.noDependencies}
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={texts.dependenciesHeading}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {ids.map((id) => {
        const title = titles.get(id) ?? shortId(id);
        return (
          <Box component="li" key={id} sx={{ display: 'flex', alignItems: 'center', maxWidth: '100%' }}>
            <Chip
              component={RouterLink}
              to={`/tickets/${id}`}
              clickable
              label={title}
              variant="outlined"
              color="primary"
              sx={{ maxWidth: '100%' }}
            />
            {onRemove && (
              <IconButton size="small" aria-label={texts.removeDependency(title)} onClick={() => onRemove(id)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

export interface DependencySearchProps {
  /** The ticket being edited and its current dependencies, which are not offered. */
  exclude: ReadonlySet<string>;
  onAdd(ticket: Ticket): void;
}

/** Finds tickets by text through GET /api/tickets/search (10 results) and adds the chosen one. */
export function DependencySearch({ exclude, onAdd }: DependencySearchProps) {
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const asked = useDebouncedValue(trimmed, SUGGESTION_DEBOUNCE_MS);
  const result = useQuery({
    queryKey: queryKeys.tickets.search(asked),
    queryFn: () => ticketsApi.search(asked, SEARCH_LIMIT),
    enabled: asked !== '',
    meta: { failureLog: 'Could not search tickets' },
  });

  const current = trimmed !== '' && asked === trimmed ? (result.data ?? null) : null;
  const offered = current?.filter((ticket) => !exclude.has(ticket.id)) ?? [];
  let status = '';
  if (trimmed !== '' && current === null) status = texts.searching;
  else if (current !== null && offered.length === 0) status = texts.noMatchingTickets;

  return (
    <Box>
      <SearchField
        label={texts.dependencySearch}
        name="dependencySearch"
        helperText={texts.dependencySearchHint}
        value={query}
        onChange={setQuery}
      />
      <Typography role="status" variant="body2" color="textSecondary" sx={{ mt: status === '' ? 0 : 1 }}>
        {status}
      </Typography>
      {offered.length > 0 && (
        <Paper variant="outlined" sx={{ mt: 1, maxHeight: 320, overflowY: 'auto' }}>
          <List dense disablePadding aria-label={texts.dependencySearch}>
            {offered.map((ticket) => (
              <ListItem key={ticket.id} disablePadding>
                <ListItemButton
                  aria-label={texts.addDependency(ticket.title)}
                  onClick={() => {
                    onAdd(ticket);
                    setQuery('');
                  }}
                >
                  <ListItemText
                    primary={ticket.title}
                    secondary={ticket.project}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}
