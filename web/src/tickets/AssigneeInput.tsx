import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../api/queryKeys.ts';
import { useDebouncedValue } from '../ui/useDebouncedValue.ts';
import { SEARCH_LIMIT, SUGGESTION_DEBOUNCE_MS, ticketTexts } from './texts.ts';
import { ticketsApi } from './ticketsApi.ts';

const texts = ticketTexts.fields;

export interface AssigneeInputProps {
  value: string;
  onChange(value: string): void;
  /** Narrows the suggestions to people of this project, when given. */
  project?: string;
  disabled?: boolean;
  /** The field's label and name, for a person other than a ticket's assignee (default Assignee, assignee). */
  label?: string;
  name?: string;
  /** The line under the field (default the typing hint); null shows none. */
  helperText?: string | null;
}

/**
 * A free-text assignee with suggestions from GET /api/tickets/users/search (participants of the user's
 * transcripts and assignees already used). Suggestions are asked for while the list is open, after typing pauses.
 */
export function AssigneeInput(props: AssigneeInputProps) {
  const { value, onChange, project = '', disabled = false, label = texts.assignee, name = 'assignee', helperText = texts.assigneeHint } = props;
  const [open, setOpen] = useState(false);
  const text = useDebouncedValue(value.trim(), SUGGESTION_DEBOUNCE_MS);
  const inProject = useDebouncedValue(project, SUGGESTION_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: queryKeys.tickets.assignees(text, inProject),
    queryFn: () => ticketsApi.assignees(text, SEARCH_LIMIT, inProject),
    enabled: open,
    placeholderData: keepPreviousData,
    meta: { failureLog: 'Could not load assignee suggestions' },
  });

  return (
    <Autocomplete
      freeSolo
      options={suggestions.data ?? []}
      // The server has already matched the names to what was typed.
      filterOptions={(options) => options}
      value={value === '' ? null : value}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      onChange={(_event, next) => onChange(next ?? '')}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={name}
          helperText={helperText ?? undefined}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 200 } }}
        />
      )}
    />
  );
}
