import { describe, expect, it } from 'vitest';
import { fixedT, LARGE_TITLE, lookOf, pickVariant, shown, shownText } from './look.ts';

const t = fixedT({
  title: { small: 'Operations Overview', data: 'Data Screen' },
  scale: { k: 'k', million: 'M', wan: '×10k' },
});

describe('statistics variants', () => {
  it('large only when BigScreen is exactly "true"; data when asked for', () => {
    expect(pickVariant('true', null)).toBe('large');
    expect(pickVariant('false', null)).toBe('small');
    expect(pickVariant(null, null)).toBe('small');
    expect(pickVariant('TRUE', null)).toBe('small');
    expect(pickVariant(null, 'data')).toBe('data');
    expect(pickVariant('true', 'data')).toBe('data');
    expect(pickVariant(null, 'large')).toBe('small');
  });

  it('large: fixed Chinese, mu, top 6, small regional bars hidden', () => {
    const look = lookOf('large', { t, language: 'en', unit: 'acre', unitLabel: 'acre' });
    expect(look.title).toBe(LARGE_TITLE);
    expect(look.unit).toBe('mu');
    expect(look.t('empty')).toBe('暂无数据');
    expect(look.t('mode.manual')).toBe('手动');
    expect(look.rankSize).toBe(6);
    expect(look.hideSmallRegions).toBe(true);
    expect(shownText(look, 123_456, 1, look.unitLabel)).toBe('12.34万亩');
  });

  it('small and data: translated, the user unit, top 3 / top 6, English in k and M', () => {
    const small = lookOf('small', { t, language: 'en', unit: 'acre', unitLabel: 'acre' });
    expect([small.title, small.unit, small.rankSize, small.hideSmallRegions]).toEqual([
      'Operations Overview',
      'acre',
      3,
      false,
    ]);
    expect(shown(small, 12_345, 1, 'acre')).toEqual({ text: '12.34k', suffix: 'acre' });
    expect(shownText(small, 2_500_000, 1, 'acre')).toBe('2.50M acre');
    expect(shownText(small, 512.34, 1, 'acre')).toBe('512.3 acre');
    expect(shown(small, null, 1, 'acre')).toEqual({ text: '-', suffix: '' });
    const data = lookOf('data', { t, language: 'zh', unit: 'mu', unitLabel: '亩' });
    expect([data.title, data.rankSize, data.english]).toEqual(['Data Screen', 6, false]);
  });

  it('fixed tables interpolate and return unknown keys as they are', () => {
    const f = fixedT({ hour: '{{hour}}时' });
    expect(f('hour', { hour: 7 })).toBe('7时');
    expect(f('nope.key')).toBe('nope.key');
  });
});
