import { useCallback, useEffect, useState } from 'react';
import { useApi } from './session';

/**
 * What a console screen reads from the API when it opens: the answer to `path`, or what it holds
 * under `key` (null until it came), the last failure (null after a read that worked), and `load`, which
 * reads it again (a retry, or after a change).
 */
export function useLoad<T>(path: string, key?: string): { value: T | null; error: unknown; load: () => Promise<void> } {
  const { call } = useApi();
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async () => {
    try {
      const answer = await call<Record<string, T>>(path);
      setValue((key === undefined ? (answer as T) : answer[key]) ?? null);
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, [call, path, key]);
  useEffect(() => {
    void load();
  }, [load]);
  return { value, error, load };
}
