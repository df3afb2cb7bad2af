/**
 * Region reference data for the console: localised country / province / city / county trees and code
 * lookups. Pure functions over the memoised data of `regions.data.ts` (no HTTP, no database).
 *
 * Tree areaIds: a country is its plain ISO 3166-1 numeric code (China 156, Thailand 764); Chinese divisions
 * are 9-digit region codes (Jiangsu 156320000, Nanjing 156320100, Xuanwu 156320102).
 * Municipalities (Beijing, Tianjin, Shanghai, Chongqing) and Hong Kong / Macau have their districts directly
 * as children (no intermediate city level); those districts are county-level.
 */
import { LANGUAGES, type Language, type RegionNode } from '@agrifleet/domain';
import {
  CHINA_NUMERIC,
  type CnDivision,
  type CountryLocale,
  type CountryRecord,
  loadRegionData,
  PROVINCE_NAMES,
  REGION_CODE_FACTOR,
  type RegionLevel,
  type RegionRecord,
  regionCodeOf,
  romanisedNames,
  toTraditional,
} from './regions.data.ts';

export type { RegionLevel, RegionNode };
export { regionCodeOf };

/** Result of `findRegion`: 9-digit code, simplified Chinese name, level and 9-digit parent code. */
export type RegionInfo = RegionRecord;

const COLLATOR_LOCALE: Readonly<Record<Language, string>> = {
  zh: 'zh-CN',
  'zh-TW': 'zh-TW',
  en: 'en',
  th: 'th',
  ko: 'ko',
};

function normaliseLanguage(lang: Language): Language {
  return (LANGUAGES as readonly string[]).includes(lang) ? lang : 'zh';
}

function countryName(country: CountryRecord, lang: Language): string {
  if (lang === 'zh-TW') return toTraditional(country.names.zh);
  return country.names[lang as CountryLocale];
}

/**
 * Name of a Chinese division: zh as is, zh-TW converted; en/th/ko: the provinces translated, cities and
 * counties romanised (pinyin, `names/pinyin.json`).
 */
function divisionName(division: CnDivision, lang: Language): string {
  if (lang === 'zh') return division.name;
  if (lang === 'zh-TW') return toTraditional(division.name);
  if (division.level === 'province') {
    const translated = PROVINCE_NAMES[division.gbCode]?.[lang];
    if (translated) return translated;
  }
  return romanisedNames().get(division.gbCode) ?? division.name;
}

function divisionNode(division: CnDivision, lang: Language): RegionNode {
  const node: RegionNode = { areaId: division.code, areaName: divisionName(division, lang) };
  if (division.children.length > 0) {
    node.children = division.children.map((child) => divisionNode(child, lang));
  }
  return node;
}

function deepFreeze(nodes: RegionNode[]): RegionNode[] {
  for (const node of nodes) {
    if (node.children) deepFreeze(node.children);
    Object.freeze(node);
  }
  return Object.freeze(nodes) as RegionNode[];
}

/** Countries with their localised names, China first then by name in the language's collation. */
function sortedCountries(lang: Language): { country: CountryRecord; name: string }[] {
  const collator = new Intl.Collator(COLLATOR_LOCALE[lang]);
  return loadRegionData()
    .countries.map((country) => ({ country, name: countryName(country, lang) }))
    .sort((a, b) => {
      if (a.country.numeric === CHINA_NUMERIC) return -1;
      if (b.country.numeric === CHINA_NUMERIC) return 1;
      return collator.compare(a.name, b.name) || a.country.numeric - b.country.numeric;
    });
}

const treeCache = new Map<Language, RegionNode[]>();
const countryCache = new Map<Language, RegionNode[]>();

/**
 * Every country, China first then alphabetically by localised name; China's node has the provinces ->
 * cities -> counties as children. Memoised per language: the same deeply frozen array is returned on every
 * call, so callers must not mutate it.
 */
export function regionTree(lang: Language): RegionNode[] {
  const language = normaliseLanguage(lang);
  let tree = treeCache.get(language);
  if (!tree) {
    const { provinces } = loadRegionData();
    tree = deepFreeze(
      sortedCountries(language).map(({ country, name }) => {
        const node: RegionNode = { areaId: country.numeric, areaName: name };
        if (country.numeric === CHINA_NUMERIC)
          node.children = provinces.map((p) => divisionNode(p, language));
        return node;
      }),
    );
    treeCache.set(language, tree);
  }
  return tree;
}

/** The country list of `regionTree` without children (same order, same areaIds). Memoised and frozen. */
export function countries(lang: Language): RegionNode[] {
  const language = normaliseLanguage(lang);
  let list = countryCache.get(language);
  if (!list) {
    list = deepFreeze(
      sortedCountries(language).map(({ country, name }) => ({ areaId: country.numeric, areaName: name })),
    );
    countryCache.set(language, list);
  }
  return list;
}

/**
 * Looks a region up by its 9-digit code (a plain ISO numeric country code such as 156 or 764 is accepted
 * too and means the country). Names are simplified Chinese. Null when unknown. A placeholder grouping
 * (省直辖县级行政区划, 市辖区: `placeholder`) is found, but the divisions under it name the level above
 * as their parent.
 */
export function findRegion(code: number): RegionInfo | null {
  if (!Number.isInteger(code) || code <= 0) return null;
  const key = code < 1000 ? code * REGION_CODE_FACTOR : code;
  return loadRegionData().index.get(key) ?? null;
}

const nameCache = new Map<Language, Map<number, string>>();

/**
 * Localised name of a 9-digit region code (country, province, city or county); null when unknown. A
 * placeholder grouping is no place: its code answers the name of the level above.
 */
export function regionName(code: number, lang: Language): string | null {
  const placeholder = findRegion(code);
  if (placeholder?.placeholder && placeholder.parentCode !== null)
    return regionName(placeholder.parentCode, lang);
  const language = normaliseLanguage(lang);
  let names = nameCache.get(language);
  if (!names) {
    const map = new Map<number, string>();
    const walk = (nodes: readonly RegionNode[]) => {
      for (const n of nodes) {
        map.set(n.areaId < 1000 ? n.areaId * REGION_CODE_FACTOR : n.areaId, n.areaName);
        if (n.children) walk(n.children);
      }
    };
    walk(regionTree(language));
    names = map;
    nameCache.set(language, names);
  }
  return names.get(code) ?? null;
}

/** Region names as accounts store them (the registration form's names, in the applicant's language). */
export interface StoredRegionNames {
  province?: string | null;
  city?: string | null;
  county?: string | null;
}

let nameIndex: Map<string, number[]> | undefined;

/** Every name of every region in the five languages (placeholders in zh and zh-TW too) -> its codes. */
function codesByName(): Map<string, number[]> {
  if (!nameIndex) {
    const index = new Map<string, number[]>();
    const add = (name: string, code: number) => {
      const codes = index.get(name);
      if (!codes) index.set(name, [code]);
      else if (!codes.includes(code)) codes.push(code);
    };
    for (const lang of LANGUAGES) {
      const walk = (nodes: readonly RegionNode[]) => {
        for (const n of nodes) {
          add(n.areaName, n.areaId < 1000 ? n.areaId * REGION_CODE_FACTOR : n.areaId);
          if (n.children) walk(n.children);
        }
      };
      walk(regionTree(lang));
    }
    for (const r of loadRegionData().index.values()) {
      if (!r.placeholder) continue;
      add(r.name, r.code);
      add(toTraditional(r.name), r.code);
    }
    nameIndex = index;
  }
  return nameIndex;
}

/**
 * Stored region names (province, city, county; in any of the five languages, as an account's registration
 * sent them) in `lang`: each name is looked up under the one before it (a country stands as province for
 * countries without provinces; a placeholder city such as 省直辖县级行政区划 is dropped). A name that is not
 * found is kept as stored, and so are the names after it.
 */
export function localiseRegionNames<T extends StoredRegionNames>(names: T, lang: Language): T {
  const chinaCode = CHINA_NUMERIC * REGION_CODE_FACTOR;
  const out: StoredRegionNames = {};
  let parents: (number | null)[] = [chinaCode, null];
  let resolved = true;
  for (const level of ['province', 'city', 'county'] as const) {
    const name = names[level];
    if (!name || !resolved) {
      out[level] = name;
      continue;
    }
    const found =
      (codesByName().get(name.trim()) ?? [])
        .map((c) => findRegion(c))
        .find((r) => r !== null && parents.includes(r.parentCode)) ?? null;
    if (!found) {
      resolved = false;
      out[level] = name;
    } else if (found.placeholder) {
      out[level] = null;
      parents = [found.parentCode];
    } else {
      out[level] = regionName(found.code, lang);
      parents = [found.code];
    }
  }
  return { ...names, ...out };
}
