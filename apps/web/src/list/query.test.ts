import { describe, expect, it } from 'vitest';
import { apiQuery, dayInstant, isDay, readListState, writeListState } from './query.ts';
import type { ColumnDef, FilterDef, ListState } from './types.ts';

const filters: FilterDef[] = [
  { kind: 'text', name: 'droneId', label: 'x:droneId' },
  { kind: 'select', name: 'zz', label: 'x:zz', options: [], numeric: true, param: 'zzAccountId' },
  { kind: 'select', name: 'kind', label: 'x:kind', options: [] },
  { kind: 'region', name: 'region', label: 'x:region' },
  { kind: 'dateRange', name: 'days', label: 'x:days', params: ['startTime', 'endTime'], at: 'noon' },
  { kind: 'dateRange', name: 'logged', label: 'x:logged', params: ['from', 'to'] },
];
const columns: ColumnDef<unknown>[] = [
  { key: 'droneId', title: 'x:id', sort: true },
  { key: 'area', title: 'x:area', sort: 'sprayArea' },
  { key: 'name', title: 'x:name' },
];
const config = { filters, columns, pageSize: 10, defaultSort: { field: 'sprayArea', order: 1 as const } };
const read = (qs: string) => readListState(new URLSearchParams(qs), config);

describe('list state in the address bar', () => {
  it('reads defaults from an empty query', () => {
    expect(read('')).toEqual({ page: 1, size: 10, sort: undefined, order: undefined, filters: {} });
  });

  it('round-trips page, size, sort and every kind of filter', () => {
    const state: ListState = {
      page: 3,
      size: 50,
      sort: 'sprayArea',
      order: 2,
      filters: {
        droneId: 'UAV 01',
        zz: 12,
        kind: 'a',
        region: 156320000,
        days: ['2025-01-01', '2025-03-31'],
      },
    };
    const qs = writeListState(state, config);
    expect(qs.toString()).toBe(
      'page=3&size=50&sort=sprayArea&order=2&droneId=UAV+01&zz=12&kind=a&region=156320000&days=2025-01-01%7E2025-03-31',
    );
    expect(read(qs.toString())).toEqual(state);
  });

  it('leaves defaults out and keeps the keys that are not the list’s', () => {
    const qs = writeListState(
      { page: 1, size: 10, filters: { droneId: '' } },
      config,
      new URLSearchParams('tab=2&page=4'),
    );
    expect(qs.toString()).toBe('tab=2');
  });

  it('drops what is not valid', () => {
    const s = read(
      'page=-2&size=9999&sort=password&order=7&zz=abc&region=12&days=2025-02-30~2025-03-01&droneId=%20%20',
    );
    expect(s).toEqual({ page: 1, size: 10, sort: undefined, order: undefined, filters: {} });
    expect(read('sort=droneId').order).toBe(1);
    expect(read('page=2.5').page).toBe(1);
  });

  it('puts a reversed day range in order', () => {
    expect(read('days=2025-03-31~2025-01-01').filters.days).toEqual(['2025-01-01', '2025-03-31']);
  });

  it('knows real calendar days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2025-1-01')).toBe(false);
  });
});

describe('API query', () => {
  it('pages, the default sort and the filters under their API names', () => {
    const q = apiQuery(read('zz=7&droneId=A1&region=156000000'), config);
    expect(q).toEqual({
      currentPage: 1,
      pageSize: 10,
      sortParam: 'sprayArea',
      order: 1,
      zzAccountId: 7,
      droneId: 'A1',
      region: 156000000,
    });
  });

  it('the chosen sort and custom parameter names', () => {
    const q = apiQuery(read('page=2&sort=droneId&order=2'), {
      ...config,
      params: { page: 'pageIndex', size: 'size' },
    });
    expect(q).toEqual({ pageIndex: 2, size: 10, sortParam: 'droneId', order: 2 });
  });

  it('day ranges: noons, or the first and last instants of the statistics days (Asia/Shanghai)', () => {
    const q = apiQuery(read('days=2025-01-01~2025-01-31&logged=2025-05-01~2025-05-02'), config);
    expect(q.startTime).toBe(Date.UTC(2025, 0, 1, 4));
    expect(q.endTime).toBe(Date.UTC(2025, 0, 31, 4));
    expect(q.from).toBe(Date.UTC(2025, 3, 30, 16));
    expect(q.to).toBe(Date.UTC(2025, 4, 2, 16) - 1);
    expect(dayInstant('2025-12-31', 'end')).toBe(Date.UTC(2025, 11, 31, 16) - 1);
  });
});
