/**
 * A catalogue as the screens use it (pure, tested in catalog.test.ts): the options of a select
 * (enabled entries only) and `nameOf`, which names any entry, a disabled one too, and shows an
 * unknown id as "#id" rather than nothing.
 */
export interface CatalogOption {
  value: number;
  label: string;
}
export interface Catalog {
  options: CatalogOption[];
  nameOf(id: number | null | undefined): string;
  loading: boolean;
}
export interface CatalogEntry {
  id: number;
  name: string;
  enabled?: boolean;
}

export function buildCatalog(entries: readonly CatalogEntry[] | undefined, loading: boolean): Catalog {
  const names = new Map<number, string>();
  const options: CatalogOption[] = [];
  for (const e of entries ?? []) {
    names.set(e.id, e.name);
    if (e.enabled !== false) options.push({ value: e.id, label: e.name });
  }
  return {
    options,
    loading,
    nameOf: (id) => (id == null ? '' : (names.get(id) ?? (loading ? '' : `#${id}`))),
  };
}
