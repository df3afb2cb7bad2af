/**
 * Row selection of a list with batch actions (ListConfig `batch`): the rows chosen, kept by key
 * across pages, and forgotten when the filters, sort or page size change (another set of rows).
 * Pure: ListPage holds the state.
 */

export type RowKey = string | number;

/**
 * The selection after the user changed the boxes of the page shown: the rows of other pages stay,
 * those of this page are the ones now ticked.
 */
export function nextSelection<R>(
  prev: ReadonlyMap<RowKey, R>,
  pageRows: readonly R[],
  tickedKeys: readonly RowKey[],
  rowKey: (row: R) => RowKey,
): Map<RowKey, R> {
  const ticked = new Set(tickedKeys);
  const next = new Map(prev);
  for (const row of pageRows) {
    const key = rowKey(row);
    if (ticked.has(key)) next.set(key, row);
    else next.delete(key);
  }
  return next;
}

/** What a selection belongs to: the API query without its page number (a new scope clears it). */
export function selectionScope(query: Record<string, string | number>, pageParam: string): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([k]) => k !== pageParam)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}
