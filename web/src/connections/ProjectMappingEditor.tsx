import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { addTags } from '../tickets/tags.ts';
import { MAX_TEXT_LENGTH } from './connectionForm.ts';
import { FormSection } from './FormSection.tsx';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts.projectMappings;

export interface ProjectMappingEditorProps {
  projects: string[];
  onChange(projects: string[]): void;
  disabled?: boolean;
}

/**
 * The extra project names whose tickets go through the connection: typed and added with the button or Enter,
 * removed from their chips. Names are trimmed and a name already listed (in any case) is not added again.
 */
export function ProjectMappingEditor({ projects, onChange, disabled = false }: ProjectMappingEditorProps) {
  const [typed, setTyped] = useState('');
  const add = () => {
    const next = addTags(projects, [typed]);
    if (next.length !== projects.length) onChange(next);
    setTyped('');
  };

  return (
    <FormSection heading={texts.heading} hint={texts.hint}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          label={texts.input}
          name="projectMapping"
          size="small"
          fullWidth
          disabled={disabled}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the name instead of submitting the whole form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          slotProps={{ htmlInput: { maxLength: MAX_TEXT_LENGTH, enterKeyHint: 'done' } }}
        />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={disabled || typed.trim() === ''} sx={{ flexShrink: 0, minHeight: 40 }}>
          {texts.add}
        </Button>
      </Box>
      {projects.length === 0 ? (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {texts.none}
        </Typography>
      ) : (
        <Box component="ul" aria-label={texts.listLabel} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {projects.map((project) => {
            const remove = () => onChange(projects.filter((other) => other !== project));
            return (
              <li key={project}>
                <Chip label={project} aria-label={texts.remove(project)} disabled={disabled} onClick={remove} onDelete={remove} sx={{ maxWidth: '100%' }} />
              </li>
            );
          })}
        </Box>
      )}
    </FormSection>
  );
}
