import { useState } from 'react';

/** A banner's value until it is dismissed; a new value (e.g. the error of the next failed call) shows again. */
export function useDismissible<T>(value: T | null) {
  const [dismissed, setDismissed] = useState<T | null>(null);
  return { shown: value !== null && value !== dismissed ? value : null, dismiss: () => setDismissed(value) };
}
