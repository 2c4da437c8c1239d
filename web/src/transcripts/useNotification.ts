import { useEffect, useState } from 'react';
import { NOTIFICATION_MS } from './texts.ts';

/** A notification text that dismisses itself after 5 s (spec section 9) and can be dismissed earlier. */
export function useNotification(initial: string | null = null) {
  const [notification, setNotification] = useState<{ text: string; serial: number } | null>(
    initial === null ? null : { text: initial, serial: 0 },
  );
  useEffect(() => {
    if (notification === null) return;
    const timer = window.setTimeout(() => setNotification(null), NOTIFICATION_MS);
    return () => window.clearTimeout(timer);
  }, [notification]);
  return {
    notification: notification?.text ?? null,
    /** Shows a text; showing the same text again restarts the 5 s. */
    notify: (text: string) => setNotification((current) => ({ text, serial: (current?.serial ?? 0) + 1 })),
    dismiss: () => setNotification(null),
  };
}
