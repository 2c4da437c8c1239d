import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AssigneeInput } from '../tickets/AssigneeInput.tsx';
import { MAX_TEXT_LENGTH, type UserMappingRow } from './connectionForm.ts';
import { FormSection } from './FormSection.tsx';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts.userMappings;

export interface UserMappingEditorProps {
  rows: UserMappingRow[];
  onChange(rows: UserMappingRow[]): void;
  disabled?: boolean;
}

/**
 * Meeting participants and their usernames in the tracker, one row each, added and removed freely. Participant
 * names are suggested from the people of the user's transcripts and tickets (as for a ticket's assignee).
 */
export function UserMappingEditor({ rows, onChange, disabled = false }: UserMappingEditorProps) {
  const change = (index: number, patch: Partial<UserMappingRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  return (
    <FormSection heading={texts.heading} hint={texts.hint}>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {texts.none}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: { xs: 2.5, sm: 1.5 } }}>
        {rows.map((row, index) => (
          <Box
            component="li"
            // Rows have no identity of their own: a participant's name may be typed, changed or repeated.
            key={index}
            sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) minmax(0, 1fr) auto' }, gap: 1, alignItems: 'center' }}
          >
            <AssigneeInput
              label={texts.participant}
              name={`participant-${index}`}
              helperText={null}
              disabled={disabled}
              value={row.participant}
              onChange={(participant) => change(index, { participant })}
            />
            <TextField
              label={texts.username}
              name={`username-${index}`}
              fullWidth
              disabled={disabled}
              value={row.username}
              onChange={(event) => change(index, { username: event.target.value })}
              slotProps={{ htmlInput: { maxLength: MAX_TEXT_LENGTH, autoCapitalize: 'none', spellCheck: false } }}
              sx={{ gridRow: { xs: 2, sm: 'auto' } }}
            />
            <IconButton
              aria-label={texts.remove(row.participant)}
              disabled={disabled}
              onClick={() => onChange(rows.filter((_row, at) => at !== index))}
              sx={{ gridRow: { xs: '1 / span 2', sm: 'auto' }, gridColumn: { xs: 2, sm: 'auto' } }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Button
        startIcon={<AddIcon />}
        variant="outlined"
        disabled={disabled}
        onClick={() => onChange([...rows, { participant: '', username: '' }])}
        sx={{ mt: 1.5 }}
      >
        {texts.add}
      </Button>
    </FormSection>
  );
}
