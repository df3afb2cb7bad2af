/**
 * i18next with one JSON namespace per feature and language (i18n/<lng>/<ns>.json), loaded for the
 * current language only. Choosing a language stores it, sets that language's default area unit and
 * broadcasts the switch (000 §2 "Language and settings").
 */
import { DEFAULT_LANGUAGE, defaultAreaUnit, LANGUAGES, type Language, STORAGE_KEYS } from '@agrifleet/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setAreaUnit } from '../lib/settings.ts';

export const NAMESPACES = [
  'common',
  'auth',
  'shell',
  'map',
  'monitor',
  'stats',
  'list',
  'droneStats',
  'datastat',
  'drones',
  'models',
  'nofly',
  'rtk',
  'subsidies',
  'blocks',
  'control',
  'accounts',
  'approvals',
  'members',
  'teams',
  'syslog',
  'bulletins',
  'orders',
  'leasing',
  'leasingClients',
  'leasingMoney',
  'leasingRecords',
  'leasingStats',
  'unifiedTasks',
  'lookups',
  'applogs',
  'tools',
  'firmware',
  'whitelist',
  'groundstation',
] as const;
export const LANGUAGE_EVENT = 'agrifleet:language';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');

async function loadLanguage(lng: Language) {
  await Promise.all(
    Object.entries(files)
      .filter(([path]) => path.startsWith(`./${lng}/`))
      .map(async ([path, load]) => {
        const ns = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
        if (!i18next.hasResourceBundle(lng, ns))
          i18next.addResourceBundle(lng, ns, (await load()).default, true, true);
      }),
  );
}

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : storedLanguage();
}

export async function initI18n(): Promise<void> {
  const lng = storedLanguage();
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    // A missing key is a bug: it is logged and kept where the browser tests look for it.
    saveMissing: true,
    missingKeyHandler: (lngs, ns, key) => {
      const entry = `${lngs.join(',')}:${ns}:${key}`;
      const w = window as Window & { __i18nMissing?: string[] };
      w.__i18nMissing ??= [];
      w.__i18nMissing.push(entry);
      console.warn(`Missing translation ${entry}`);
    },
  });
  await loadLanguage(lng);
  document.documentElement.lang = lng;
}

export async function setLanguage(lng: Language): Promise<void> {
  await loadLanguage(lng);
  await i18next.changeLanguage(lng);
  localStorage.setItem(STORAGE_KEYS.language, lng);
  setAreaUnit(defaultAreaUnit(lng));
  document.documentElement.lang = lng;
  window.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, { detail: lng }));
}

/** Registers more namespaces (features loaded later add theirs). */
export async function ensureNamespaces(): Promise<void> {
  await loadLanguage(currentLanguage());
}

export { i18next };
