import type { RegionNode } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import {
  type CnDivision,
  loadRegionData,
  PROVINCE_NAMES,
  romanisedNames,
  toTraditional,
} from './regions.data.ts';
import { countries, findRegion, regionCodeOf, regionName, regionTree } from './regions.service.ts';

function child(node: RegionNode | undefined, areaId: number): RegionNode | undefined {
  return node?.children?.find((c) => c.areaId === areaId);
}

function china(lang: Parameters<typeof regionTree>[0]): RegionNode {
  const first = regionTree(lang)[0];
  if (!first) throw new Error('empty tree');
  return first;
}

function* walk(nodes: readonly RegionNode[]): Generator<RegionNode> {
  for (const node of nodes) {
    yield node;
    if (node.children) yield* walk(node.children);
  }
}

const LANGS = ['zh', 'en', 'zh-TW', 'th', 'ko'] as const;

describe('regionTree', () => {
  it('is built once and memoised per language', () => {
    const first = regionTree('zh');
    expect(regionTree('zh')).toBe(first);
    expect(regionTree('en')).not.toBe(first);
    expect(regionTree('en')).toBe(regionTree('en'));
    expect(loadRegionData()).toBe(loadRegionData());
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[0])).toBe(true);
  });

  it('puts China first with areaId 156 and its 34 provincial-level divisions', () => {
    const cn = china('zh');
    expect(cn).toMatchObject({ areaId: 156, areaName: '中国' });
    expect(cn.children).toHaveLength(34);
    const names = cn.children?.map((p) => p.areaName);
    expect(names).toContain('江苏省');
    expect(child(cn, 156710000)?.areaName).toBe('台湾省');
    expect(child(cn, 156810000)?.areaName).toBe('香港特别行政区');
    expect(child(cn, 156820000)?.areaName).toBe('澳门特别行政区');
    expect(child(cn, 156710000)?.children).toBeUndefined();
  });

  it('does not list Taiwan, Hong Kong or Macau a second time as countries', () => {
    const ids = regionTree('en').map((c) => c.areaId);
    expect(ids).not.toContain(158);
    expect(ids).not.toContain(344);
    expect(ids).not.toContain(446);
  });

  it('nests Jiangsu 156320000 > Nanjing 156320100 > counties', () => {
    const jiangsu = child(china('zh'), 156320000);
    expect(jiangsu?.areaName).toBe('江苏省');
    const nanjing = child(jiangsu, 156320100);
    expect(nanjing?.areaName).toBe('南京市');
    expect(nanjing?.children?.length).toBeGreaterThan(5);
    expect(child(nanjing, 156320102)).toEqual({ areaId: 156320102, areaName: '玄武区' });
  });

  it('puts the districts of municipalities directly under the province (no city level)', () => {
    const beijing = child(china('zh'), 156110000);
    expect(beijing?.areaName).toBe('北京市');
    expect(beijing?.children?.length).toBe(16);
    expect(child(beijing, 156110108)).toEqual({ areaId: 156110108, areaName: '海淀区' });
    for (const district of beijing?.children ?? []) expect(district.children).toBeUndefined();
    for (const id of [156120000, 156310000, 156500000, 156810000, 156820000]) {
      const children = child(china('zh'), id)?.children ?? [];
      expect(children.length).toBeGreaterThan(0);
      for (const c of children) expect(findRegion(c.areaId)?.level).toBe('county');
    }
  });

  it('names the provinces in English, Thai and Korean', () => {
    const en = china('en');
    expect(en.areaName).toBe('China');
    expect(en.children?.map((p) => p.areaName)).toEqual([
      'Beijing',
      'Tianjin',
      'Hebei',
      'Shanxi',
      'Inner Mongolia',
      'Liaoning',
      'Jilin',
      'Heilongjiang',
      'Shanghai',
      'Jiangsu',
      'Zhejiang',
      'Anhui',
      'Fujian',
      'Jiangxi',
      'Shandong',
      'Henan',
      'Hubei',
      'Hunan',
      'Guangdong',
      'Guangxi',
      'Hainan',
      'Chongqing',
      'Sichuan',
      'Guizhou',
      'Yunnan',
      'Tibet',
      'Shaanxi',
      'Gansu',
      'Qinghai',
      'Ningxia',
      'Xinjiang',
      'Taiwan',
      'Hong Kong',
      'Macau',
    ]);
    expect(child(china('th'), 156110000)?.areaName).toBe('ปักกิ่ง');
    expect(child(china('th'), 156310000)?.areaName).toBe('เซี่ยงไฮ้');
    expect(child(china('ko'), 156110000)?.areaName).toBe('베이징');
    expect(child(china('ko'), 156320000)?.areaName).toBe('장쑤');
    for (const lang of ['en', 'th', 'ko'] as const) {
      const names = china(lang).children?.map((p) => p.areaName) ?? [];
      expect(new Set(names).size).toBe(34);
      for (const name of names) expect(name).not.toMatch(/[省市区]/);
    }
    expect(Object.keys(PROVINCE_NAMES)).toHaveLength(34);
  });

  it('romanises cities and counties in English, Thai and Korean (pinyin)', () => {
    for (const lang of ['en', 'th', 'ko'] as const) {
      const jiangsu = child(china(lang), 156320000);
      expect(child(jiangsu, 156320100)?.areaName).toBe('Nanjing');
      expect(child(child(jiangsu, 156320900), 156320924)?.areaName).toBe('Sheyang');
      expect(regionName(156320900, lang)).toBe('Yancheng');
      expect(regionName(156659001, lang)).toBe('Shihezi');
    }
    // Siblings that would read alike keep their generic term; zones keep theirs always.
    expect(regionName(156653201, 'en')).toBe('Hetian City');
    expect(regionName(156653221, 'en')).toBe('Hetian County');
    expect(regionName(156320971, 'en')).toBe('Yancheng Economic and Technological Development Zone');
    expect(regionName(156222400, 'en')).toBe('Yanbian');
    expect(regionName(156320903, 'en')).toBe('Yandu');
    expect(regionName(156610100, 'en')).toBe("Xi'an");
  });

  it('leaves no Chinese character and no placeholder below China in en, th and ko', () => {
    const names = (lang: (typeof LANGS)[number]) =>
      [...walk(china(lang).children ?? [])].map((n) => n.areaName);
    for (const lang of ['en', 'th', 'ko'] as const) {
      const below = names(lang);
      expect(below.length).toBeGreaterThan(3000);
      expect(below.filter((n) => /\p{Script=Han}/u.test(n))).toEqual([]);
    }
    for (const lang of LANGS) {
      expect(names(lang).filter((n) => /直辖|直轄|^市[辖轄][区區]$/u.test(n))).toEqual([]);
    }
  });

  it('has a romanised name for every city and county of the tree (names/pinyin.json is current)', () => {
    const missing: number[] = [];
    const walk = (divisions: readonly CnDivision[]) => {
      for (const d of divisions) {
        if (!romanisedNames().has(d.gbCode)) missing.push(d.gbCode);
        walk(d.children);
      }
    };
    for (const p of loadRegionData().provinces) walk(p.children);
    expect(missing).toEqual([]);
  });

  it('answers the level above for the code of a placeholder', () => {
    expect(regionName(156659000, 'en')).toBe('Xinjiang');
    expect(regionName(156659000, 'zh')).toBe('新疆维吾尔自治区');
  });

  it('converts names to traditional characters for zh-TW', () => {
    const tw = china('zh-TW');
    expect(tw.areaName).toBe('中國');
    const names = tw.children?.map((p) => p.areaName);
    expect(names).toEqual(
      expect.arrayContaining([
        '廣東省',
        '黑龍江省',
        '遼寧省',
        '江蘇省',
        '浙江省',
        '雲南省',
        '貴州省',
        '陝西省',
        '台灣省',
        '澳門特別行政區',
        '新疆維吾爾自治區',
        '內蒙古自治區',
        '寧夏回族自治區',
      ]),
    );
    expect(child(child(tw, 156210000), 156210100)?.areaName).toBe('瀋陽市');
    expect(child(child(tw, 156320000), 156320100)?.areaName).toBe('南京市');
    expect(toTraditional('乌鲁木齐市')).toBe('烏魯木齊市');
    expect(toTraditional('长春市')).toBe('長春市');
    expect(toTraditional('海淀区')).toBe('海淀區');
  });

  it('keeps China first for every language and sorts the others by localised name', () => {
    for (const lang of LANGS) {
      const tree = regionTree(lang);
      expect(tree[0]?.areaId).toBe(156);
      expect(tree.slice(1).every((c) => c.children === undefined)).toBe(true);
    }
    expect(regionTree('th')[0]?.areaName).toBe('จีน');
    expect(regionTree('ko')[0]?.areaName).toBe('중국');
    const en = regionTree('en').slice(1);
    const collator = new Intl.Collator('en');
    for (let i = 1; i < en.length; i++) {
      expect(collator.compare(en[i - 1]?.areaName ?? '', en[i]?.areaName ?? '')).toBeLessThanOrEqual(0);
    }
    const th = regionTree('th').find((c) => c.areaId === 764);
    expect(th?.areaName).toBe('ไทย');
    expect(regionTree('en').find((c) => c.areaId === 764)?.areaName).toBe('Thailand');
  });

  it('has a unique areaId for every node', () => {
    for (const lang of LANGS) {
      const ids = [...walk(regionTree(lang))].map((n) => n.areaId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeGreaterThan(3600);
    }
  });

  it('uses 9-digit codes below the country level, consistent with findRegion', () => {
    for (const node of walk(china('zh').children ?? [])) {
      expect(node.areaId).toBeGreaterThanOrEqual(156_000_000);
      expect(node.areaId).toBeLessThan(157_000_000);
      expect(findRegion(node.areaId)?.name).toBe(node.areaName);
      for (const c of node.children ?? []) expect(findRegion(c.areaId)?.parentCode).toBe(node.areaId);
    }
  });
});

describe('countries', () => {
  it('lists more than 240 countries without children, in the tree order', () => {
    for (const lang of LANGS) {
      const list = countries(lang);
      expect(list.length).toBeGreaterThan(240);
      expect(list[0]).toEqual({ areaId: 156, areaName: regionTree(lang)[0]?.areaName });
      expect(list.every((c) => c.children === undefined)).toBe(true);
      expect(list.map((c) => c.areaId)).toEqual(regionTree(lang).map((c) => c.areaId));
      expect(countries(lang)).toBe(list);
    }
  });
});

describe('findRegion', () => {
  it('finds a county with its city as parent', () => {
    expect(findRegion(156320102)).toEqual({
      code: 156320102,
      name: '玄武区',
      level: 'county',
      parentCode: 156320100,
    });
  });

  it('finds cities, provinces and countries', () => {
    expect(findRegion(156320100)).toEqual({
      code: 156320100,
      name: '南京市',
      level: 'city',
      parentCode: 156320000,
    });
    expect(findRegion(156320000)).toEqual({
      code: 156320000,
      name: '江苏省',
      level: 'province',
      parentCode: 156000000,
    });
    expect(findRegion(156000000)).toEqual({
      code: 156000000,
      name: '中国',
      level: 'country',
      parentCode: null,
    });
    expect(findRegion(764000000)).toEqual({
      code: 764000000,
      name: '泰国',
      level: 'country',
      parentCode: null,
    });
    expect(findRegion(764)).toEqual(findRegion(764000000));
    expect(findRegion(156110108)).toMatchObject({ level: 'county', parentCode: 156110000 });
  });

  it('cleans the names of directly administered county groupings and marks them placeholders', () => {
    expect(findRegion(156429000)).toMatchObject({
      name: '省直辖县级行政区划',
      level: 'city',
      placeholder: true,
    });
    expect(findRegion(156659000)).toMatchObject({ name: '自治区直辖县级行政区划', placeholder: true });
    expect(findRegion(156130101)).toMatchObject({ name: '市辖区', placeholder: true });
  });

  it('attaches the divisions under a placeholder to the level above', () => {
    expect(findRegion(156659001)).toMatchObject({ name: '石河子市', parentCode: 156650000 });
    expect(findRegion(156429004)).toMatchObject({ name: '仙桃市', parentCode: 156420000 });
    expect(findRegion(156320902)?.parentCode).toBe(156320900);
  });

  it('returns null for unknown or invalid codes', () => {
    expect(findRegion(156999999)).toBeNull();
    expect(findRegion(158000000)).toBeNull();
    expect(findRegion(0)).toBeNull();
    expect(findRegion(-1)).toBeNull();
    expect(findRegion(1.5)).toBeNull();
  });
});

describe('regionCodeOf', () => {
  it('combines the ISO numeric country code and the national code', () => {
    expect(regionCodeOf(156, 320102)).toBe(156320102);
    expect(regionCodeOf('156', '320000')).toBe(156320000);
    expect(regionCodeOf(764)).toBe(764000000);
    expect(regionCodeOf('004', 0)).toBe(4000000);
  });

  it('rejects out-of-range input', () => {
    expect(() => regionCodeOf(0, 1)).toThrow(RangeError);
    expect(() => regionCodeOf(1000, 1)).toThrow(RangeError);
    expect(() => regionCodeOf(156, 1_000_000)).toThrow(RangeError);
    expect(() => regionCodeOf(156, -1)).toThrow(RangeError);
    expect(() => regionCodeOf('abc', 1)).toThrow(RangeError);
  });
});
