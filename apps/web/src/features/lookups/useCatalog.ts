/**
 * The crop, work-type and medicine catalogues in the current language (TanStack Query): one request
 * per catalogue, language and session (the names come in the caller's language; `names` holds all
 * five, but the key follows the language so a switch reloads the answer the server names).
 *
 *   const crops = useCrops();  crops.options  -> [{ value: 1, label: '小麦' }, ...] (enabled only)
 *                              crops.nameOf(7) -> the name, also of a disabled entry; '#7' if unknown
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupsApi } from './api.ts';
import { buildCatalog, type Catalog } from './catalog.ts';

export type { Catalog, CatalogOption } from './catalog.ts';

const once = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY, retry: 1 } as const;

export const lookupKeys = {
  all: ['lookups'] as const,
  crops: (lng: string) => ['lookups', 'crops', lng] as const,
  workTypes: (lng: string) => ['lookups', 'workTypes', lng] as const,
  medicines: (lng: string) => ['lookups', 'medicines', lng] as const,
};

/** The queries behind the hooks (the catalogue editor reads the whole rows from the same cache). */
export const lookupQueries = {
  crops: (lng: string) => ({
    ...once,
    queryKey: lookupKeys.crops(lng),
    queryFn: ({ signal }: { signal: AbortSignal }) => lookupsApi.crops(signal),
  }),
  workTypes: (lng: string) => ({
    ...once,
    queryKey: lookupKeys.workTypes(lng),
    queryFn: ({ signal }: { signal: AbortSignal }) => lookupsApi.workTypes(signal),
  }),
  medicines: (lng: string) => ({
    ...once,
    queryKey: lookupKeys.medicines(lng),
    queryFn: ({ signal }: { signal: AbortSignal }) => lookupsApi.medicines(signal),
  }),
};

export function useCrops(): Catalog {
  const { i18n } = useTranslation();
  const q = useQuery(lookupQueries.crops(i18n.language));
  return useMemo(
    () =>
      buildCatalog(
        q.data?.records.map((c) => ({ id: c.cropId, name: c.name })),
        q.isLoading,
      ),
    [q.data, q.isLoading],
  );
}

export function useWorkTypes(): Catalog {
  const { i18n } = useTranslation();
  const q = useQuery(lookupQueries.workTypes(i18n.language));
  return useMemo(
    () =>
      buildCatalog(
        q.data?.map((w) => ({ id: w.workType, name: w.name })),
        q.isLoading,
      ),
    [q.data, q.isLoading],
  );
}

export function useMedicines(): Catalog {
  const { i18n } = useTranslation();
  const q = useQuery(lookupQueries.medicines(i18n.language));
  return useMemo(
    () =>
      buildCatalog(
        q.data?.map((m) => ({ id: m.medId, name: m.name, enabled: m.enabled })),
        q.isLoading,
      ),
    [q.data, q.isLoading],
  );
}
