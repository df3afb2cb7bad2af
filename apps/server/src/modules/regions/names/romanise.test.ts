import { describe, expect, it } from 'vitest';
import { bareName, pinyinWord, romaniseSiblings, splitTerm } from './romanise.ts';

describe('romanise', () => {
  it('writes pinyin syllables together, capitalised, with an apostrophe before a, o or e', () => {
    expect(pinyinWord('盐城')).toBe('Yancheng');
    expect(pinyinWord('西安')).toBe("Xi'an");
    expect(pinyinWord('吕梁')).toBe('Lüliang');
    expect(pinyinWord('成都')).toBe('Chengdu');
    expect(pinyinWord('乐清')).toBe('Yueqing');
  });

  it('drops the generic term and the ethnic names of autonomous divisions', () => {
    expect(splitTerm('盐城市')).toMatchObject({ base: '盐城', term: 'City', always: false });
    expect(splitTerm('延边朝鲜族自治州').base).toBe('延边');
    expect(splitTerm('博尔塔拉蒙古自治州').base).toBe('博尔塔拉');
    expect(splitTerm('长阳土家族自治县').base).toBe('长阳');
    expect(splitTerm('城区')).toMatchObject({ base: '城区', term: '' });
    expect(splitTerm('沧州高新技术产业开发区')).toMatchObject({ base: '沧州', always: true });
  });

  it('keeps the term where siblings would read alike, and for zones', () => {
    expect(romaniseSiblings(['和田市', '和田县', '墨玉县'])).toEqual([
      'Hetian City',
      'Hetian County',
      'Moyu',
    ]);
    expect(romaniseSiblings(['河北唐山芦台经济开发区'], ['河北', '唐山'])).toEqual([
      'Hebei Tangshan Lutai Economic Development Zone',
    ]);
  });

  it('takes the bare name of a level above', () => {
    expect(bareName('江苏省')).toBe('江苏');
    expect(bareName('新疆维吾尔自治区')).toBe('新疆');
    expect(bareName('唐山市')).toBe('唐山');
  });
});
