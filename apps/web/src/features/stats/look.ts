/**
 * The three variants of the statistics entry (001 §2) and what each shows text and numbers in:
 * - large: only when localStorage BigScreen is 'true'; fixed Chinese (the zh table of the stats
 *   namespace, never the UI language), area always in mu, top 6, tiny regional bars hidden;
 * - small: translated, the user's area unit, top 3;
 * - data ('数据大屏'): translated, the user's area unit, top 6. It is reached with the query
 *   parameter ?variant=data (/stat-screen?variant=data): the small variant's heading links to it
 *   and it links back; an explicit ?variant=data wins over the BigScreen flag.
 */
import {
  type AreaUnit,
  convertArea,
  type Language,
  MISSING,
  scaleNumber,
  usesThousands,
} from '@agrifleet/domain';
import { createContext, useContext } from 'react';
import zhStats from '../../i18n/zh/stats.json';

export type Variant = 'large' | 'small' | 'data';
export const VARIANT_PARAM = 'variant';

/** large only with BigScreen 'true'; data when asked for by ?variant=data; else small. */
export function pickVariant(bigScreen: string | null, param: string | null): Variant {
  if (param === 'data') return 'data';
  return bigScreen === 'true' ? 'large' : 'small';
}

/** The large variant's fixed Chinese (001 §2), not translated. */
export const LARGE_TITLE = '农机作业大数据管理平台';
const LARGE_UNIT = '亩';

type Vars = Record<string, string | number>;
export type Translate = (key: string, vars?: Vars) => string;

/** A t() over one fixed table: dotted keys, {{name}} placeholders; an unknown key is returned as is. */
export function fixedT(table: Record<string, unknown>): Translate {
  return (key, vars) => {
    let node: unknown = table;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars?.[name] ?? ''));
  };
}
const largeT = fixedT(zhStats);

const LOCALES: Record<Language, string> = { zh: 'zh-CN', 'zh-TW': 'zh-TW', en: 'en', th: 'th', ko: 'ko' };

export interface StatLook {
  variant: Variant;
  /** Text of the stats namespace (translated), or the large variant's fixed Chinese. */
  t: Translate;
  title: string;
  unit: AreaUnit;
  unitLabel: string;
  /** Thousand-based scales (k, M) instead of 万: English in the translated variants. */
  english: boolean;
  /** Locale for month names. */
  locale: string;
  rankSize: 6 | 3;
  hideSmallRegions: boolean;
  /** A space between a number and its unit (not in Chinese). */
  spaced: boolean;
}

export function lookOf(
  variant: Variant,
  ctx: { t: Translate; language: Language; unit: AreaUnit; unitLabel: string },
): StatLook {
  if (variant === 'large') {
    return {
      variant,
      t: largeT,
      title: LARGE_TITLE,
      unit: 'mu',
      unitLabel: LARGE_UNIT,
      english: false,
      locale: LOCALES.zh,
      rankSize: 6,
      hideSmallRegions: true,
      spaced: false,
    };
  }
  return {
    variant,
    t: ctx.t,
    title: ctx.t(variant === 'data' ? 'title.data' : 'title.small'),
    unit: ctx.unit,
    unitLabel: ctx.unitLabel,
    english: usesThousands(ctx.language),
    locale: LOCALES[ctx.language] ?? ctx.language,
    rankSize: variant === 'data' ? 6 : 3,
    hideSmallRegions: false,
    spaced: ctx.language !== 'zh' && ctx.language !== 'zh-TW',
  };
}

/** An area in mu in the look's unit. */
export function areaIn(look: StatLook, mu: number): number {
  return look.unit === 'mu' ? mu : convertArea(mu, look.unit);
}

/** A value as shown: digits with their scale ('12.34万', '12.34k'), and the unit after them. */
export function shown(look: StatLook, value: number | null | undefined, decimals: number, unit = '') {
  const { text, scale } = scaleNumber(value, decimals, look.english);
  if (text === MISSING) return { text, suffix: '' };
  return { text: scale ? `${text}${look.t(`scale.${scale}`)}` : text, suffix: unit };
}

/** A title with its unit: '作业面积排行（亩）'. */
export function withUnit(look: StatLook, label: string, unit = look.unitLabel): string {
  return look.t('withUnit', { label, unit });
}

/** A value as one string ('12.34万亩', '12.34k acre'): chart labels and tooltips. */
export function shownText(look: StatLook, value: number, decimals: number, unit = ''): string {
  const { text, suffix } = shown(look, value, decimals, unit);
  return suffix ? `${text}${look.spaced ? ' ' : ''}${suffix}` : text;
}

const LookContext = createContext<StatLook | null>(null);
export const LookProvider = LookContext.Provider;

export function useLook(): StatLook {
  const look = useContext(LookContext);
  if (!look) throw new Error('useLook outside a statistics screen');
  return look;
}
