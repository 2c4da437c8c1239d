import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AssigneeInput } from './AssigneeInput.tsx';
import { TagInput } from './TagInput.tsx';
import { ticketTexts } from './texts.ts';
import type { TicketDraft } from './ticketForm.ts';
import { EFFORTS, PRIORITIES, STATUSES, type TicketEffort, type TicketPriority, type TicketStatus } from './ticketsApi.ts';

const texts = ticketTexts.fields;

export interface TicketFieldsProps {
  draft: TicketDraft;
  onChange(patch: Partial<TicketDraft>): void;
  disabled?: boolean;
  /** The edit form also has context, implementation and notes. */
  extended?: boolean;
}

/** The inputs of the create and edit forms; the form around them checks the required ones. */
export function TicketFields({ draft, onChange, disabled = false, extended = false }: TicketFieldsProps) {
  const longText = (field: 'description' | 'context' | 'implementation' | 'notes', label: string, required = false) => (
    <TextField
      label={label}
      name={field}
      required={required}
      fullWidth
      multiline
      minRows={field === 'description' ? 3 : 2}
      disabled={disabled}
      value={draft[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      slotProps={{ htmlInput: { maxLength: 20000 } }}
      sx={{ gridColumn: '1 / -1' }}
    />
  );

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
      <TextField
        label={texts.title}
        name="title"
        required
        fullWidth
        disabled={disabled}
        value={draft.title}
        onChange={(event) => onChange({ title: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextField
        label={texts.project}
        name="project"
        required
        fullWidth
        disabled={disabled}
        value={draft.project}
        onChange={(event) => onChange({ project: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <AssigneeInput
        value={draft.assignee}
        project={draft.project}
        disabled={disabled}
        onChange={(assignee) => onChange({ assignee })}
      />
      {longText('description', texts.description, true)}
      <TextField
        select
        label={texts.status}
        name="status"
        fullWidth
        disabled={disabled}
        value={draft.status}
        onChange={(event) => onChange({ status: event.target.value as TicketStatus })}
      >
        {STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {ticketTexts.status[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={texts.priority}
        name="priority"
        fullWidth
        disabled={disabled}
        value={draft.priority}
        onChange={(event) => onChange({ priority: event.target.value as TicketPriority })}
      >
        {PRIORITIES.map((priority) => (
          <MenuItem key={priority} value={priority}>
            {ticketTexts.priority[priority]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={texts.effort}
        name="effort"
        fullWidth
        disabled={disabled}
        value={draft.effort}
        onChange={(event) => onChange({ effort: event.target.value as TicketEffort | '' })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{texts.noEffort}</MenuItem>
        {EFFORTS.map((effort) => (
          <MenuItem key={effort} value={effort}>
            {ticketTexts.effort[effort]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={texts.dueDate}
        name="dueDate"
        type="date"
        fullWidth
        disabled={disabled}
        value={draft.dueDate}
        onChange={(event) => onChange({ dueDate: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TagInput tags={draft.tags} disabled={disabled} onChange={(tags) => onChange({ tags })} />
      </Box>
      {extended && longText('context', texts.context)}
      {extended && longText('implementation', texts.implementation)}
      {extended && longText('notes', texts.notes)}
    </Box>
  );
}
