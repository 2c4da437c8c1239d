import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../api/client.ts';
import { SUGGESTION_DEBOUNCE_MS } from '../tickets/texts.ts';
import { useDebouncedValue } from '../ui/useDebouncedValue.ts';
import { connectionsApi, type TrackerPerson, type UserSearchTarget } from './connectionsApi.ts';
import { MAX_TEXT_LENGTH } from './connectionForm.ts';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts.userSearch;

/** The server's limit on what is searched for (user-search.request.schema.json). */
const QUERY_LIMIT = 100;

export interface TrackerUserInputProps {
  /** The username the mapping keeps: typed, or the picked person's value (a login, an account id...). */
  value: string;
  onChange(value: string): void;
  /** Where to search; null keeps the field free text. */
  target: UserSearchTarget | null;
  label: string;
  name?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

const detailOf = (person: TrackerPerson) => [person.login, person.email].filter((part) => part && part !== person.name).join(', ');

/**
 * A tracker username, typed freely or picked from the people the tracker can assign (POST
 * /api/connections/users/search), asked for while the list is open, after typing pauses. Each option shows the
 * person's name and login or e-mail; picking one keeps the value the tracker assigns by. When the tracker's plugin
 * offers no search, or the search fails, the field stays free text and says why under it.
 */
export function TrackerUserInput({ value, onChange, target, label, name, disabled = false, size = 'medium' }: TrackerUserInputProps) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<TrackerPerson | null>(null);
  const text = useDebouncedValue(value.trim().slice(0, QUERY_LIMIT), SUGGESTION_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['connections', 'tracker-users', target, text],
    queryFn: () => connectionsApi.searchUsers(target!, text),
    enabled: open && target !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
    meta: { failureLog: 'Could not search the tracker users' },
  });
  const result = search.data;
  const offered = target !== null && result?.offered !== false;
  const problem = search.isError ? failureText(search.error, texts.failed) : (result?.message ?? null);
  const helper = problem ?? (picked && picked.value === value ? texts.picked(picked.name) : null);

  return (
    <Autocomplete<TrackerPerson, false, false, true>
      freeSolo
      options={offered ? (result?.users ?? []) : []}
      // The tracker has already matched the people to what was typed.
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.value)}
      isOptionEqualToValue={(option, chosen) => option.value === (typeof chosen === 'string' ? chosen : chosen.value)}
      value={value === '' ? null : value}
      inputValue={value}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input' || reason === 'clear') onChange(next);
      }}
      onChange={(_event, next) => {
        const person = typeof next === 'string' || next === null ? null : next;
        setPicked(person);
        onChange(person ? person.value : (next as string | null) ?? '');
      }}
      open={open && offered}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={search.isFetching}
      loadingText={texts.searching}
      noOptionsText={problem ?? texts.noMatch}
      disabled={disabled}
      size={size}
      renderOption={({ key, ...props }, person) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{person.name}</Typography>
            {detailOf(person) && (
              <Typography variant="caption" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>{detailOf(person)}</Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={name}
          fullWidth
          helperText={helper ?? undefined}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_TEXT_LENGTH, autoCapitalize: 'none', spellCheck: false, autoComplete: 'off' },
          }}
        />
      )}
    />
  );
}
