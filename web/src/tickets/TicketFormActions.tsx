import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SubmitButton } from '../ui/FormFields.tsx';

export interface TicketFormActionsProps {
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  cancelLabel: string;
  onCancel(): void;
}

/** The save and cancel buttons under the create and edit forms. */
export function TicketFormActions({ busy, submitLabel, busyLabel, cancelLabel, onCancel }: TicketFormActionsProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} sx={{ flexGrow: { xs: 1, sm: 0 } }} />
      <Button onClick={onCancel} disabled={busy} sx={{ flexGrow: { xs: 1, sm: 0 } }}>
        {cancelLabel}
      </Button>
    </Box>
  );
}
