import { describe, expect, it } from 'vitest';
import { unstorableTextPath } from './text.ts';

describe('unstorableTextPath', () => {
  it('is null for storable values, whatever their shape', () => {
    expect(
      unstorableTextPath({ drones: [{ droneId: 'A1', points: [{ mode: 'auto', lng: 1 }] }] }),
    ).toBeNull();
    expect(unstorableTextPath(['中文', 'ok', null, 3, { a: [true] }])).toBeNull();
  });

  it('names the first NUL or lone surrogate by its path', () => {
    expect(unstorableTextPath({ drones: [{ points: [{}, {}, {}, { mode: 'a\u0000' }] }] })).toBe(
      'drones[0].points[3].mode',
    );
    expect(unstorableTextPath(['ok', '\uD800'])).toBe('[1]');
    expect(unstorableTextPath('x\u0000')).toBe('(value)');
    expect(unstorableTextPath({ a: { b: 'ok', c: ['\uDC00'] } })).toBe('a.c[0]');
  });

  it('names an unstorable key by its storable form', () => {
    expect(unstorableTextPath({ a: { 'k\u0000': 1 } })).toBe('a.k\uFFFD');
  });
});
