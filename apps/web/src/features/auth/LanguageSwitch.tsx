/**
 * The language choice (000 §2): English, 中文, ไทย, 한국어, 繁體中文; calls setLanguage.
 * A Select rather than a Dropdown menu: the login page already carries Select (dial codes), so
 * this adds no menu code to the login bundle.
 */
import type { Language } from '@agrifleet/domain';
import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '../../i18n/index.ts';
import styles from './auth.module.css';

/** The spec's order of the dropdown. */
const ORDER: Language[] = ['en', 'zh', 'th', 'ko', 'zh-TW'];

export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation('auth');
  return (
    <Select<Language>
      aria-label={t('common:language.label')}
      data-testid="language-switch"
      className={`${styles.langSwitch} ${tone === 'dark' ? styles.langDark : ''}`}
      value={isLanguage(i18n.language) ? i18n.language : 'zh'}
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      options={ORDER.map((lng) => ({ value: lng, label: t(`common:language.${lng}`) }))}
      onChange={(lng) => void setLanguage(lng)}
    />
  );
}
