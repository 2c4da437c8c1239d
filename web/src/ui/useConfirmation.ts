import { useState } from 'react';

/** What ConfirmDialog takes from a confirmation. */
export interface ConfirmationDialog {
  open: boolean;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The wiring of a confirmation dialog (the spec's "Validation rules": every delete asks first): what is to be acted on,
 * whether
 * the dialog is open, and the busy state while the action runs. The dialog closes once the action has ended, and
 * the item stays set while it closes, so its text does not change during the closing animation.
 */
export function useConfirmation<T>(action: (item: T) => Promise<void>) {
  const [item, setItem] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (item === null || !open) return;
    setBusy(true);
    try {
      await action(item);
    } finally {
      setOpen(false);
      setBusy(false);
    }
  };

  return {
    item,
    busy,
    ask: (target: T) => {
      setItem(target);
      setOpen(true);
    },
    dialog: { open, busy, onConfirm: () => void confirm(), onCancel: () => setOpen(false) } satisfies ConfirmationDialog,
  };
}
