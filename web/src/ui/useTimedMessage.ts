import { useCallback, useEffect, useState } from 'react';

/** The spec's "Business constants and limits": notifications dismiss themselves after 5 s. */
export const NOTIFICATION_MS = 5000;
/** The spec's "Business constants and limits": success banners clear after 3 s. */
export const SUCCESS_BANNER_MS = 3000;

/**
 * A message that clears itself after `ms` (the spec's "Business constants and limits": notifications and success
 * banners) and can be
 * cleared earlier; showing a message again, even the same text, starts the wait again.
 */
export function useTimedMessage(ms: number, initial: string | null = null) {
  const [shown, setShown] = useState(initial === null ? null : { text: initial, serial: 0 });

  useEffect(() => {
    if (shown === null) return;
    const timer = window.setTimeout(() => setShown(null), ms);
    return () => window.clearTimeout(timer);
  }, [shown, ms]);

  const show = useCallback((text: string) => setShown((current) => ({ text, serial: (current?.serial ?? 0) + 1 })), []);
  const clear = useCallback(() => setShown(null), []);
  return { message: shown?.text ?? null, show, clear };
}
