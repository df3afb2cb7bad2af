/**
 * A government account sees the accounts of its region (001 §6: its administrative-region code is
 * derived from its county, city or province rule). Accounts store their region as the names the
 * registration form sent (province, city, county; in the language the applicant used), so the
 * region test compares those names with the rule code's names in all five languages.
 */
import { LANGUAGES } from '@agrifleet/domain';
import { findRegion, regionName } from '../regions/regions.service.ts';

export interface RegionNames {
  province: string[] | null;
  city: string[] | null;
  county: string[] | null;
}

const namesOf = (code: number): string[] => {
  const out = new Set<string>();
  for (const lang of LANGUAGES) {
    const n = regionName(code, lang);
    if (n) out.add(n);
  }
  return [...out];
};

/**
 * Which names an account's province / city / county must carry to lie in the region of `code`;
 * null when the code is unknown (the caller then sees nothing). A country rule covers every
 * account whose province is one of the country's provinces or the country itself.
 */
export function regionNamesOf(code: number): RegionNames | null {
  const r = findRegion(code);
  if (!r) return null;
  if (r.level === 'country') {
    const provinces = [...namesOf(r.code)];
    for (let gb = 110000; gb <= 820000; gb += 10000) {
      const p = findRegion(r.code + gb);
      if (p?.level === 'province') provinces.push(...namesOf(p.code));
    }
    return { province: provinces, city: null, county: null };
  }
  if (r.level === 'province') return { province: namesOf(r.code), city: null, county: null };
  // Walk up to the province (municipalities' districts hang directly below it).
  let province = r.parentCode;
  while (province !== null) {
    const p = findRegion(province);
    if (!p || p.level === 'province') break;
    province = p.parentCode;
  }
  const provinceNames = province === null ? null : namesOf(province);
  if (r.level === 'city') return { province: provinceNames, city: namesOf(r.code), county: null };
  return { province: provinceNames, city: null, county: namesOf(r.code) };
}
