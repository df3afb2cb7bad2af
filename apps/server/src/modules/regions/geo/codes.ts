/**
 * From the codes in the boundary data to the 9-digit region codes of the regions module
 * (ISO 3166 numeric x 1,000,000 + GB/T 2260 code for China), and from a code to its whole hierarchy.
 */
import { findRegion } from '../regions.service.ts';

/** Where a point is, as 9-digit region codes. `country` 0 means outside every country polygon. */
export interface RegionAt {
  readonly country: number;
  readonly province: number | null;
  readonly city: number | null;
  readonly county: number | null;
}

export const CHINA = 156_000_000;
const FACTOR = 1_000_000;

export const NOWHERE: RegionAt = Object.freeze({ country: 0, province: null, city: null, county: null });

/**
 * ECharts 4 map data predates these GB/T 2260 changes; each old unit's whole territory became the new one
 * (a prefecture-level "地区" turned city, a county-level city promoted, Laiwu merged into Jinan in 2019).
 */
export const ECHARTS_VINTAGE: Readonly<Record<number, number>> = {
  371200: 370100, // 莱芜市 -> 济南市 (2019)
  469003: 460400, // 儋州市 (省直辖县级) -> 儋州市 (地级, 2015)
  542200: 540500, // 山南地区 -> 山南市 (2016)
  542400: 540600, // 那曲地区 -> 那曲市 (2017)
  542600: 540400, // 林芝地区 -> 林芝市 (2015)
  652100: 650400, // 吐鲁番地区 -> 吐鲁番市 (2015)
  652200: 650500, // 哈密地区 -> 哈密市 (2016)
};

/**
 * Natural Earth admin-0 units that the regions module files under China (as it does in GB/T 2260):
 * Taiwan, Hong Kong and Macau are provincial-level divisions there, not countries.
 */
export const CHINESE_PROVINCE_OF_ISO: Readonly<Record<number, number>> = {
  158: 710000,
  344: 810000,
  446: 820000,
};

/**
 * Natural Earth units without an ISO 3166 numeric code, given the code of the state ISO files them under.
 * "Indian Ocean Ter." is Christmas Island (162) east of 100°E and the Cocos (Keeling) Islands (166) west of
 * it; "Siachen Glacier" (disputed, no ISO code) is left out.
 */
export function isoOfUnnamed(name: unknown, lng: number): number {
  switch (name) {
    case 'Somaliland':
      return 706;
    case 'N. Cyprus':
      return 196;
    case 'Kosovo':
      return 688;
    case 'Indian Ocean Ter.':
      return lng < 100 ? 166 : 162;
    default:
      return 0;
  }
}

/** The 9-digit code of a Chinese 6-digit GB/T 2260 code, after the vintage fix-ups above. */
export function chinaCode(gb: number, vintage: Readonly<Record<number, number>> = {}): number {
  return CHINA + (vintage[gb] ?? gb);
}

/** The 9-digit code of an admin-0 ISO numeric code; Taiwan, Hong Kong and Macau map to their province. */
export function countryCode(isoNumeric: number): number {
  const province = CHINESE_PROVINCE_OF_ISO[isoNumeric];
  return province === undefined ? isoNumeric * FACTOR : CHINA + province;
}

/**
 * The full hierarchy of a 9-digit code. Chinese codes use the regions module for the parent of a county
 * (municipality districts, Hong Kong / Macau districts and the counties under a placeholder grouping such as
 * Hainan's 469000 have none at city level); codes the module lacks fall
 * back on the GB/T 2260 pattern (xx0000 province, xxyy00 city).
 */
export function hierarchyOf(code: number): RegionAt {
  const country = Math.floor(code / FACTOR) * FACTOR;
  if (country !== CHINA || code === CHINA) return Object.freeze({ ...NOWHERE, country });
  const gb = code - CHINA;
  const province = CHINA + Math.floor(gb / 10_000) * 10_000;
  if (gb % 10_000 === 0) return Object.freeze({ country, province, city: null, county: null });
  if (gb % 100 === 0) {
    // A placeholder grouping (自治区直辖县级行政区划) is no city: the point lies in the province.
    const city = findRegion(code)?.placeholder ? null : code;
    return Object.freeze({ country, province, city, county: null });
  }
  const parent = findRegion(code)?.parentCode ?? code - (gb % 100);
  const city = parent !== province && findRegion(parent)?.level === 'city' ? parent : null;
  return Object.freeze({ country, province, city, county: code });
}
