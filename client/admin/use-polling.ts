import { useCallback, useEffect, useRef, useState } from 'react';

/** How often live numbers are fetched again while the tab is visible. */
export const POLL_MS = 10_000;

const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * Loads data now and again every `intervalMs` while the tab is visible; a hidden tab makes no
 * requests, and coming back loads at once. A failure keeps the last data shown.
 */
export function usePolling<T>(load: () => Promise<T>, intervalMs = POLL_MS) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [paused, setPaused] = useState(!visible());
  const loadRef = useRef(load);
  loadRef.current = load;

  const refresh = useCallback(async () => {
    try {
      setData(await loadRef.current());
      setError(null);
      setUpdatedAt(new Date());
    } catch (failure) {
      setError(failure);
    }
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      timer = setInterval(refresh, intervalMs);
    };
    const onVisibility = () => {
      if (visible()) {
        setPaused(false);
        void refresh();
        start();
      } else {
        setPaused(true);
        clearInterval(timer);
      }
    };
    if (visible()) {
      void refresh();
      start();
    }
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refresh, intervalMs]);

  return { data, error, updatedAt, paused, refresh };
}
