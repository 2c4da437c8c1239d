import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useAssigneeMappingNote } from '../connections/projectConnection.ts';
import { SelectField, type SelectOption } from '../ui/ListControls.tsx';
import { useDebouncedValue } from '../ui/useDebouncedValue.ts';
import { AssigneeInput } from './AssigneeInput.tsx';
import { TagInput } from './TagInput.tsx';
import { SUGGESTION_DEBOUNCE_MS, ticketTexts } from './texts.ts';
import type { TicketDraft } from './ticketForm.ts';
import { EFFORTS, PRIORITIES, STATUSES, type TicketEffort, type TicketPriority, type TicketStatus } from './ticketsApi.ts';

const texts = ticketTexts.fields;

type TextName = 'title' | 'project' | 'description' | 'context' | 'implementation' | 'notes';
/** The longest text the server takes in each field; the long ones grow with their text. */
const MAX_LENGTH: Record<TextName, number> = { title: 500, project: 200, description: 20000, context: 20000, implementation: 20000, notes: 20000 };

const statusOptions: readonly SelectOption<TicketStatus>[] = STATUSES.map((status) => ({ value: status, label: ticketTexts.status[status] }));
const priorityOptions: readonly SelectOption<TicketPriority>[] = PRIORITIES.map((priority) => ({
  value: priority,
  label: ticketTexts.priority[priority],
}));
const effortOptions: readonly SelectOption<TicketEffort | ''>[] = [
  { value: '', label: texts.noEffort },
  ...EFFORTS.map((effort) => ({ value: effort, label: ticketTexts.effort[effort] })),
];

export interface TicketFieldsProps {
  draft: TicketDraft;
  onChange(patch: Partial<TicketDraft>): void;
  disabled?: boolean;
  /** The edit form also has context, implementation and notes. */
  extended?: boolean;
}

/** The inputs of the create and edit forms; the form around them checks the required ones. */
export function TicketFields({ draft, onChange, disabled = false, extended = false }: TicketFieldsProps) {
  // The spec's "Validation rules": 'Not mapped' under the assignee when the project's connection has no mapping for the
  // name.
  const mappingNote = useAssigneeMappingNote(useDebouncedValue(draft.project, SUGGESTION_DEBOUNCE_MS), draft.assignee);
  const text = (field: TextName, label: string, required = false) => {
    const long = field !== 'title' && field !== 'project';
    return (
      <TextField
        label={label}
        name={field}
        required={required}
        fullWidth
        multiline={long}
        minRows={long ? (field === 'description' ? 3 : 2) : undefined}
        disabled={disabled}
        value={draft[field]}
        onChange={(event) => onChange({ [field]: event.target.value })}
        slotProps={{ htmlInput: { maxLength: MAX_LENGTH[field] } }}
        // The project shares its row with the assignee.
        sx={field === 'project' ? undefined : { gridColumn: '1 / -1' }}
      />
    );
  };

  const choice = <Field extends 'status' | 'priority' | 'effort'>(
    field: Field,
    label: string,
    options: readonly SelectOption<TicketDraft[Field]>[],
  ) => (
    <SelectField
      size="medium"
      fullWidth
      label={label}
      name={field}
      disabled={disabled}
      value={draft[field]}
      options={options}
      onChange={(value) => onChange({ [field]: value })}
    />
  );

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
      {text('title', texts.title, true)}
      {text('project', texts.project, true)}
      <AssigneeInput
        value={draft.assignee}
        project={draft.project}
        disabled={disabled}
        helperText={mappingNote ?? undefined}
        onChange={(assignee) => onChange({ assignee })}
      />
      {text('description', texts.description, true)}
      {choice('status', texts.status, statusOptions)}
      {choice('priority', texts.priority, priorityOptions)}
      {choice('effort', texts.effort, effortOptions)}
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
      {extended && text('context', texts.context)}
      {extended && text('implementation', texts.implementation)}
      {extended && text('notes', texts.notes)}
    </Box>
  );
}
