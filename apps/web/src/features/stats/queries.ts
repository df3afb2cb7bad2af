/**
 * The panels' data (TanStack Query): every query of the screen sits under the key ['stats'], so the
 * home icon cancels all pending requests at once (cancelStats). A panel loads when it is displayed,
 * reloads on the screen's 1-second check at most every `intervalMs` (001 §9), and a failed load
 * shows the error's own message as an error toast, only if it has one (001 §8; a cancelled
 * request has none).
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '../../api/http.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { REFRESH, useRefresh } from './refresh.ts';

export const STATS_KEY = 'stats';

export function useStatQuery<T>(
  key: readonly unknown[],
  load: (signal: AbortSignal) => Promise<T>,
  intervalMs: number = REFRESH.panelMs,
) {
  const query = useQuery({
    // Names in the answers (regions, countries) and error messages follow the UI language.
    queryKey: [STATS_KEY, currentLanguage(), ...key],
    queryFn: ({ signal }) => load(signal),
    staleTime: intervalMs,
    retry: false,
  });
  useRefresh(intervalMs, () => void query.refetch(), query.dataUpdatedAt);
  useErrorToast(query.error);
  return query;
}

function useErrorToast(error: Error | null) {
  const { message } = App.useApp();
  useEffect(() => {
    if (!error?.message || (error instanceof ApiError && error.cancelled)) return;
    // One toast per message: several panels failing the same way show it once.
    void message.error({ content: error.message, key: `stats:${error.message}` });
  }, [error, message]);
}

/** Cancels every pending request of the statistics screens. */
export function cancelStats(client: QueryClient) {
  return client.cancelQueries({ queryKey: [STATS_KEY] });
}
