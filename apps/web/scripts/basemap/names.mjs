/**
 * Label names in the five UI languages. Countries: i18n-iso-countries (short forms: a map label wants
 * "Laos", not "Lao People's Democratic Republic"). Chinese provinces: the server's region tables
 * (PROVINCE_NAMES, toTraditional), so the map says what the region pickers say.
 */
import { createRequire } from 'node:module';
import {
  PROVINCE_NAMES,
  romanisedNames,
  toTraditional,
} from '../../../server/src/modules/regions/regions.data.ts';

const require = createRequire(import.meta.url);
const countries = require('i18n-iso-countries/index.js');
const LOCALES = ['en', 'zh', 'th', 'ko'];
for (const l of LOCALES) countries.registerLocale(require(`i18n-iso-countries/langs/${l}.json`));

/** Short names where the library's shortest sensible one is still long or odd. */
const OVERRIDES = {
  en: {
    BN: 'Brunei',
    FK: 'Falkland Islands',
    FM: 'Micronesia',
    LA: 'Laos',
    MD: 'Moldova',
    MF: 'Saint Martin',
    SX: 'Sint Maarten',
    SY: 'Syria',
    VA: 'Vatican City',
    VG: 'British Virgin Islands',
    VI: 'U.S. Virgin Islands',
  },
  th: { MM: 'เมียนมา', SX: 'ซินต์มาร์เติน' },
  ko: { MF: '생마르탱', TC: '터크스 케이커스 제도' },
};

const isAcronym = (n) => n.length <= 4 && n === n.toUpperCase() && /[A-Z]/.test(n);

function shortName(alpha2, locale) {
  const override = OVERRIDES[locale]?.[alpha2];
  if (override) return override;
  const all = (countries.getName(alpha2, locale, { select: 'all' }) ?? []).map((n) =>
    n.replace(/\s*[[(].*$/, '').trim(),
  );
  const fine = all.filter((n) => n && !n.includes(',') && !isAcronym(n));
  return (fine.length ? fine : all).sort((a, b) => a.length - b.length)[0];
}

/** Name fields of a country by ISO numeric id, or null when it has no ISO code. */
export function countryNames(numericId) {
  const alpha2 = countries.numericToAlpha2(numericId);
  if (!alpha2) return null;
  const n = Object.fromEntries(LOCALES.map((l) => [l, shortName(alpha2, l)]));
  return withTraditional({ en: n.en, zh: n.zh ?? n.en, th: n.th ?? n.en, ko: n.ko ?? n.en });
}

/** Name fields of a Chinese province by GB/T 2260 code and its short Chinese name. */
export function provinceNames(gbCode, zhName) {
  const t = PROVINCE_NAMES[gbCode];
  if (!t) throw new Error(`no translation for province ${gbCode} ${zhName}`);
  return withTraditional({ en: t.en, zh: zhName, th: t.th, ko: t.ko });
}

/**
 * Name fields of a Chinese prefecture-level division by GB/T 2260 code and its (short) Chinese name:
 * the regions module's romanised (pinyin) name in en, th and ko, as the region pickers say.
 */
export function cityNames(gbCode, zhName) {
  const roman = romanisedNames().get(gbCode);
  if (!roman) return null;
  return withTraditional({ en: roman, zh: zhName, th: roman, ko: roman });
}

function withTraditional(n) {
  return {
    name_en: n.en,
    name_zh: n.zh,
    'name_zh-TW': toTraditional(n.zh),
    name_th: n.th,
    name_ko: n.ko,
  };
}
