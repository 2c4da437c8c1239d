import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import type { ConfirmationDialog } from '../ui/useConfirmation.ts';
import { transcriptsTexts } from './texts.ts';

const texts = transcriptsTexts.deleteDialog;

/** Asks before a transcript is deleted (its tickets are kept). */
export function DeleteTranscriptDialog({ title, dialog }: { title: string; dialog: ConfirmationDialog }) {
  return (
    <ConfirmDialog
      {...dialog}
      title={texts.title}
      message={texts.message(title)}
      confirmLabel={texts.confirm}
      busyLabel={texts.busy}
      cancelLabel={texts.cancel}
    />
  );
}
