import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { addTags, splitTags } from './tags.ts';
import { ticketTexts } from './texts.ts';

const texts = ticketTexts.fields;
/** The server takes up to 50 tags of up to 100 characters. */
const MAX_TAG_LENGTH = 100;

export interface TagInputProps {
  tags: string[];
  onChange(tags: string[]): void;
  disabled?: boolean;
}

/**
 * The spec's "Validation rules": tags are trimmed, duplicates and empties are ignored, Enter or a comma adds the typed
 * tag and a
 * paste is split on commas. Backspace in the empty field removes the last tag; leaving the field keeps what was typed.
 */
export function TagInput({ tags, onChange, disabled = false }: TagInputProps) {
  const [draft, setDraft] = useState('');

  const commit = (parts: string[], rest = '') => {
    const next = addTags(tags, parts);
    if (next.length !== tags.length) onChange(next);
    setDraft(rest);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter would otherwise submit the whole ticket form.
      event.preventDefault();
      commit([draft]);
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!pasted.includes(',')) return;
    event.preventDefault();
    commit(splitTags(draft + pasted));
  };

  // Keyboards that do not report the comma key (some phones) still type it into the field.
  const onType = (value: string) => {
    if (!value.includes(',')) {
      setDraft(value);
      return;
    }
    const parts = splitTags(value);
    commit(parts.slice(0, -1), parts.at(-1) ?? '');
  };

  return (
    <Box>
      <TextField
        label={texts.tags}
        name="tags"
        fullWidth
        disabled={disabled}
        value={draft}
        helperText={texts.tagsHint}
        onChange={(event) => onType(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          if (draft.trim() !== '') commit([draft]);
        }}
        slotProps={{ htmlInput: { maxLength: MAX_TAG_LENGTH, enterKeyHint: 'done' } }}
      />
      {tags.length > 0 && (
        <Box
          component="ul"
          aria-label={texts.tagList}
          sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {tags.map((tag) => {
            const remove = () => onChange(tags.filter((other) => other !== tag));
            return (
              <li key={tag}>
                <Chip
                  label={tag}
                  aria-label={texts.removeTag(tag)}
                  disabled={disabled}
                  onClick={remove}
                  onDelete={remove}
                  sx={{ maxWidth: '100%' }}
                />
              </li>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
