/**
 * Romanised (Hanyu Pinyin) names of Chinese cities and counties, for the languages that have no
 * translation of their own (en, th, ko). Used only by `build.ts`, which writes the result to
 * `pinyin.json` (committed data): pinyin-pro is a devDependency and nothing is computed at run time.
 *
 * The generic term is dropped ("盐城市" -> "Yancheng", "射阳县" -> "Sheyang", "延边朝鲜族自治州" ->
 * "Yanbian"); where two siblings would then read alike ("和田市" / "和田县"), each keeps its term in
 * English ("Hetian City" / "Hetian County"). Syllables are written together, with an apostrophe before
 * one that starts with a, o or e ("Xi'an"), and ü kept ("Lüliang").
 */
import { pinyin } from 'pinyin-pro';

/** China's ethnic groups as they appear before 族 in the names of autonomous divisions. */
const ETHNIC =
  '蒙古|回|藏|维吾尔|苗|彝|壮|布依|朝鲜|满|侗|瑶|白|土家|哈尼|哈萨克|傣|黎|傈僳|佤|畲|拉祜|水|东乡|纳西|景颇|' +
  '柯尔克孜|土|达斡尔|仫佬|羌|布朗|撒拉|毛南|仡佬|锡伯|阿昌|普米|塔吉克|怒|乌孜别克|俄罗斯|鄂温克|德昂|保安|' +
  '裕固|京|塔塔尔|独龙|鄂伦春|赫哲|门巴|珞巴|基诺|各';
const single = ETHNIC.split('|').filter((e) => e.length === 1);
const multi = ETHNIC.split('|').filter((e) => e.length > 1);
/** A tail after one or more ethnic names (族 may be left out after a name of two or more characters). */
const ethnic = (tail: string) =>
  new RegExp(`(?:(?:${single.join('|')})族|(?:${multi.join('|')})族?)+${tail}$`, 'u');

/**
 * Generic terms, longest first, with their English words. `always`: the term is part of the name in
 * every case (zones, not places); otherwise it is added only when siblings would read alike.
 */
const TERMS: readonly (readonly [RegExp, string, boolean?])[] = [
  [ethnic('自治州'), 'Autonomous Prefecture'],
  [ethnic('自治县'), 'Autonomous County'],
  [ethnic('自治旗'), 'Autonomous Banner'],
  [ethnic('区'), 'District'],
  [/自治州$/u, 'Autonomous Prefecture'],
  [/自治县$/u, 'Autonomous County'],
  [/自治旗$/u, 'Autonomous Banner'],
  [/经济技术开发区$/u, 'Economic and Technological Development Zone', true],
  [/高新技术产业开发区$/u, 'High-tech Industrial Development Zone', true],
  [/高新技术产业园区$/u, 'High-tech Industrial Park', true],
  [/经济开发区$/u, 'Economic Development Zone', true],
  [/工业园区$/u, 'Industrial Park', true],
  [/化工园区$/u, 'Chemical Industry Park', true],
  [/风景名胜区$/u, 'Scenic Area', true],
  [/综合改革示范区$/u, 'Comprehensive Reform Demonstration Zone', true],
  [/示范区$/u, 'Demonstration Zone', true],
  [/开发区$/u, 'Development Zone', true],
  [/管理区$/u, 'Administrative Zone', true],
  [/管委会$/u, 'Administrative Committee', true],
  [/特区$/u, 'Special District'],
  [/林区$/u, 'Forestry District'],
  [/矿区$/u, 'Mining District'],
  [/新区$/u, 'New Area'],
  [/新城$/u, 'New Town', true],
  [/地区$/u, 'Prefecture'],
  [/市$/u, 'City'],
  [/县$/u, 'County'],
  [/区$/u, 'District'],
  [/旗$/u, 'Banner'],
  [/盟$/u, 'League'],
];

/** Readings that pinyin-pro's dictionary gets wrong in place names (and conventional spellings). */
const OVERRIDES: Readonly<Record<string, string>> = {
  乐清: 'Yueqing',
  涡阳: 'Guoyang',
  单县: 'Shanxian',
  蔚县: 'Yuxian',
  洪洞: 'Hongtong',
  尉犁: 'Yuli',
  黄陂: 'Huangpi',
  乌鲁木齐: 'Ürümqi',
  呼和浩特: 'Hohhot',
  哈尔滨: 'Harbin',
  拉萨: 'Lhasa',
  喀什: 'Kashgar',
  铅山: 'Yanshan',
  六安: "Lu'an",
  蚌埠: 'Bengbu',
  东阿: "Dong'e",
  乐亭: 'Laoting',
};

/** Characters whose reading in place names differs from pinyin-pro's choice for them. */
const CHAR_READINGS: Readonly<Record<string, string>> = { 都: 'du', 曾: 'zeng' };

/** Pinyin of Chinese text, syllables joined, first letter capitalised. */
export function pinyinWord(text: string): string {
  const fixed = OVERRIDES[text];
  if (fixed) return fixed;
  const chars = Array.from(text);
  const read = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  const syllables =
    read.length === chars.length ? read.map((s, i) => CHAR_READINGS[chars[i] as string] ?? s) : read;
  const word = syllables
    .map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s))
    .join('')
    .replace(/\s+/g, '');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The name without its generic term, and that term's English word ('' when none or nothing is left). */
export function splitTerm(name: string): { base: string; term: string; always: boolean } {
  for (const [re, term, always] of TERMS) {
    const base = name.replace(re, '');
    if (base !== name && Array.from(base).length >= 2) return { base, term, always: always === true };
  }
  return { base: name, term: '', always: false };
}

/**
 * Pinyin of a base name, split into words where it starts with the names of the levels above
 * ("河北唐山芦台" under Hebei / Tangshan -> "Hebei Tangshan Lutai").
 */
function romaniseBase(base: string, ancestors: readonly string[]): string {
  const words: string[] = [];
  let rest = base;
  for (let found = true; found; ) {
    found = false;
    for (const a of ancestors) {
      if (a && rest.startsWith(a) && rest.length > a.length) {
        words.push(a);
        rest = rest.slice(a.length).replace(/^[省市]/u, '');
        found = true;
      }
    }
  }
  words.push(rest);
  return words
    .filter(Boolean)
    .map((w) => pinyinWord(w))
    .join(' ');
}

/** The bare name of a level above (province or city) for `romaniseSiblings`' ancestors. */
export function bareName(name: string): string {
  return splitTerm(name.replace(/(?:省|维吾尔自治区|壮族自治区|回族自治区|自治区|特别行政区)$/u, '')).base;
}

/**
 * Romanised names of sibling divisions (same parent), by position: the base name's pinyin, with the
 * English term added to each of the names that would otherwise read alike.
 */
export function romaniseSiblings(names: readonly string[], ancestors: readonly string[] = []): string[] {
  const parts = names.map((name) => {
    const { base, term, always } = splitTerm(name);
    return { word: romaniseBase(base, ancestors), term, always };
  });
  const count = new Map<string, number>();
  for (const p of parts) count.set(p.word, (count.get(p.word) ?? 0) + 1);
  return parts.map((p) =>
    p.term && (p.always || (count.get(p.word) ?? 0) > 1) ? `${p.word} ${p.term}` : p.word,
  );
}
