import { useCallback, useEffect, useRef } from 'react';

/** `callback`, called only once calls have paused for `ms` (typing into a search field); pending calls end on unmount. */
export function useDebouncedCallback<Args extends unknown[]>(callback: (...args: Args) => void, ms: number) {
  const latest = useRef(callback);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useCallback(
    (...args: Args) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => latest.current(...args), ms);
    },
    [ms],
  );
}
