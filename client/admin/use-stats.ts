import { useCallback } from 'react';
import { useApi } from './session';
import type { SalesStats } from './types';
import { usePolling } from './use-polling';

/** The box office's sales stats, fetched again every 10 s while the tab is visible. */
export function useStats() {
  const { call } = useApi();
  const load = useCallback(() => call<SalesStats>('/api/admin/stats'), [call]);
  return usePolling(load);
}
