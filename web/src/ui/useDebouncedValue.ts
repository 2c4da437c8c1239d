import { useEffect, useState } from 'react';

/** `value` as it was once it stopped changing for `ms`, e.g. what to ask the server for while someone types. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
