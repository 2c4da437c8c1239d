import { useState } from 'react';

/**
 * The wiring of a delete confirmation: which item is to be deleted, whether the dialog is open, and the busy
 * state while the deletion runs. The item stays set while the dialog closes, so its text does not change during
 * the closing animation.
 */
export function useDeleteConfirmation<T>(remove: (item: T) => Promise<void>) {
  const [item, setItem] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return {
    item,
    open,
    busy,
    ask: (target: T) => {
      setItem(target);
      setOpen(true);
    },
    cancel: () => setOpen(false),
    /** Runs the deletion; the dialog closes whether it succeeds or not (the caller reports the outcome). */
    confirm: async () => {
      if (item === null || !open) return;
      setBusy(true);
      try {
        await remove(item);
      } finally {
        setOpen(false);
        setBusy(false);
      }
    },
  };
}
