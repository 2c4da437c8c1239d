import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { SEARCH_LIMIT, SUGGESTION_DEBOUNCE_MS, ticketTexts } from './texts.ts';
import { searchAssignees } from './ticketsApi.ts';

const texts = ticketTexts.fields;

export interface AssigneeInputProps {
  value: string;
  onChange(value: string): void;
  /** Narrows the suggestions to people of this project, when given. */
  project?: string;
  disabled?: boolean;
}

/**
 * A free-text assignee with suggestions from GET /api/tickets/users/search (participants of the user's
 * transcripts and assignees already used). Suggestions are asked for while the list is open, after typing pauses.
 */
export function AssigneeInput({ value, onChange, project, disabled = false }: AssigneeInputProps) {
  const [open, setOpen] = useState(false);
  const [suggestions, setSuggestions] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    let active = true;
    const timer = window.setTimeout(() => {
      searchAssignees(value.trim(), SEARCH_LIMIT, project).then(
        (names) => {
          if (active) setSuggestions(names);
        },
        // Spec section 8: a failure to load participants is only logged.
        (error: unknown) => console.error('Could not load assignee suggestions', error),
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [open, value, project]);

  return (
    <Autocomplete
      freeSolo
      options={suggestions}
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
          label={texts.assignee}
          name="assignee"
          helperText={texts.assigneeHint}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 200 } }}
        />
      )}
    />
  );
}
