import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { AssigneeInput } from '../tickets/AssigneeInput.tsx';
import type { UserMappingRow } from './connectionForm.ts';
import type { UserSearchTarget } from './connectionsApi.ts';
import { FormSection } from './FormSection.tsx';
import { connectionTexts } from './texts.ts';
import { TrackerUserInput } from './TrackerUserInput.tsx';

const texts = connectionTexts.userMappings;

export interface UserMappingEditorProps {
  rows: UserMappingRow[];
  onChange(rows: UserMappingRow[]): void;
  disabled?: boolean;
  /** Where the username fields search the tracker's people; null (or left out) keeps them free text. */
  searchTarget?: UserSearchTarget | null;
}

/**
 * Meeting participants and their usernames in the tracker, one row each, added and removed freely. Participant
 * names are suggested from the people of the user's transcripts and tickets (as for a ticket's assignee); usernames
 * from the people the tracker can assign, searched by name, or typed.
 */
export function UserMappingEditor({ rows, onChange, disabled = false, searchTarget = null }: UserMappingEditorProps) {
  const change = (index: number, patch: Partial<UserMappingRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  return (
    <FormSection heading={texts.heading} hint={texts.hint}>
      {rows.length === 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
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
            <Box sx={{ gridRow: { xs: 2, sm: 'auto' }, minWidth: 0 }}>
              <TrackerUserInput
                label={texts.username}
                name={`username-${index}`}
                disabled={disabled}
                value={row.username}
                target={searchTarget}
                onChange={(username) => change(index, { username })}
              />
            </Box>
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
