/**
 * A list's state and data: filters, page and sort live in the address bar (readListState /
 * writeListState); the page comes through TanStack Query, the previous page staying on screen
 * while the next loads. A failed load shows the server's message (001 §8); a cancelled one nothing.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../api/http.ts';
import type { Sort } from './columns.ts';
import { apiQuery, readListState, writeListState } from './query.ts';
import type { Filters, ListConfig, ListState, PageResult } from './types.ts';

/** Shows a failure's message as an error toast, unless the request was cancelled or says nothing. */
export function useErrorToast(error: unknown) {
  const { message } = App.useApp();
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.cancelled) return;
    const text = (error as Error).message;
    if (text) void message.error(text);
  }, [error, message]);
}

export function useListPage<R, P extends PageResult<R>>(config: ListConfig<R, P>) {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readListState(search, config), [search, config]);
  const query = useMemo(() => apiQuery(state, config), [state, config]);
  const queryClient = useQueryClient();

  const result = useQuery({
    queryKey: ['list', config.id, query],
    queryFn: ({ signal }) => config.fetch(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: config.refreshMs,
  });
  useErrorToast(result.error);

  const update = useCallback(
    (change: Partial<ListState>) =>
      setSearch((prev) => writeListState({ ...readListState(prev, config), ...change }, config, prev)),
    [setSearch, config],
  );
  const setFilters = useCallback((filters: Filters) => update({ filters, page: 1 }), [update]);
  const setPage = useCallback(
    (page: number, size: number) => update({ page: size === state.size ? page : 1, size }),
    [update, state.size],
  );
  const setSort = useCallback(
    (sort: Sort | undefined) => update({ sort: sort?.field, order: sort?.order, page: 1 }),
    [update],
  );
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['list', config.id] }),
    [queryClient, config.id],
  );

  // A page past the end (the last row of the last page deleted, a stale link): the last page.
  const data = result.data;
  useEffect(() => {
    if (!data || data.records.length > 0 || data.total === 0 || state.page === 1) return;
    update({ page: Math.max(1, Math.ceil(data.total / state.size)) });
  }, [data, state.page, state.size, update]);

  const sort: Sort | undefined = state.sort
    ? { field: state.sort, order: state.order ?? 1 }
    : config.defaultSort;

  return {
    state,
    query,
    sort,
    data,
    // A polled list's reload of the same page is quiet (config.refreshMs).
    loading: result.isFetching && !(config.refreshMs && result.isRefetching && !result.isPlaceholderData),
    error: result.error,
    setFilters,
    setPage,
    setSort,
    refresh,
  };
}
export type ListPageModel<R, P extends PageResult<R>> = ReturnType<typeof useListPage<R, P>>;
