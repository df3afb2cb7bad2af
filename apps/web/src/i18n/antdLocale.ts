import type { Language } from '@agrifleet/domain';
import type { Locale } from 'antd/es/locale';

/** antd's locale for each of our languages, loaded on demand. */
const loaders: Record<Language, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  th: () => import('antd/es/locale/th_TH'),
  ko: () => import('antd/es/locale/ko_KR'),
};

export async function loadAntdLocale(lng: Language): Promise<Locale> {
  return (await loaders[lng]()).default;
}
