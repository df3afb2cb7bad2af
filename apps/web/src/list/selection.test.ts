import { describe, expect, it } from 'vitest';
import { nextSelection, selectionScope } from './selection.ts';

type Row = { id: number };
const key = (r: Row) => r.id;

describe('nextSelection', () => {
  it('keeps the rows of other pages and takes the ticked rows of this one', () => {
    const prev = new Map<number, Row>([
      [1, { id: 1 }],
      [21, { id: 21 }],
    ]);
    const page = [{ id: 21 }, { id: 22 }, { id: 23 }];
    const next = nextSelection(prev, page, [22, 23], key);
    expect([...next.keys()].sort((a, b) => Number(a) - Number(b))).toEqual([1, 22, 23]);
  });

  it('empties when nothing is ticked', () => {
    const next = nextSelection(new Map([[2, { id: 2 }]]), [{ id: 2 }], [], key);
    expect(next.size).toBe(0);
  });
});

describe('selectionScope', () => {
  it('ignores the page number and the order of the parameters', () => {
    expect(selectionScope({ pageIndex: 2, size: 20, search: 'a' }, 'pageIndex')).toBe(
      selectionScope({ search: 'a', size: 20, pageIndex: 5 }, 'pageIndex'),
    );
  });
  it('changes with a filter or the page size', () => {
    expect(selectionScope({ pageIndex: 1, size: 20 }, 'pageIndex')).not.toBe(
      selectionScope({ pageIndex: 1, size: 50 }, 'pageIndex'),
    );
  });
});
