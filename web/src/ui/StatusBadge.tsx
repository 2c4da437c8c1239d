import Chip from '@mui/material/Chip';

export type BadgeTone = 'default' | 'info' | 'warning' | 'success' | 'error' | 'primary' | 'secondary';

/** The words and colours of the statuses the app shows (the spec's "States and transitions"). */
const knownStatuses: Record<string, { label: string; tone: BadgeTone }> = {
  // Transcript processing
  pending: { label: 'Pending', tone: 'default' },
  processing: { label: 'Processing', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
  // Ticket status
  ToDo: { label: 'To Do', tone: 'default' },
  InProgress: { label: 'In Progress', tone: 'info' },
  Done: { label: 'Done', tone: 'success' },
};

export interface StatusBadgeProps {
  /** A transcript processingStatus or a ticket status; other values show as given, in a neutral colour. */
  status: string;
  /** Overrides the label for the status. */
  label?: string;
  /** Overrides the colour for the status. */
  tone?: BadgeTone;
}

/** A small coloured badge naming a status, e.g. a transcript's processing status. */
export function StatusBadge({ status, label, tone }: StatusBadgeProps) {
  const known = knownStatuses[status];
  return (
    <Chip
      size="small"
      label={label ?? known?.label ?? status}
      color={tone ?? known?.tone ?? 'default'}
      variant="filled"
      sx={{ fontWeight: 600 }}
    />
  );
}
