import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question or warning, e.g. that a delete cannot be undone. */
  message: ReactNode;
  /** The confirming button's text (default 'Delete'). */
  confirmLabel?: string;
  /** Shown on the confirming button while `busy` (default 'Deleting...'). */
  busyLabel?: string;
  cancelLabel?: string;
  /** While true both buttons are disabled and the dialog cannot be dismissed. */
  busy?: boolean;
  /** 'error' (default) for destructive actions. */
  tone?: 'error' | 'primary';
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The confirmation dialog for destructive actions (the spec's "Validation rules": every delete asks for confirmation).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  busyLabel = 'Deleting...',
  cancelLabel = 'Cancel',
  busy = false,
  tone = 'error',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant="contained" color={tone} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
