/** The language dropdown (000 §2): English, 中文, ไทย, 한국어, 繁體中文; calls setLanguage. */
import type { Language } from '@agrifleet/domain';
import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '../../i18n/index.ts';
import styles from './auth.module.css';

/** The spec's order of the dropdown. */
const ORDER: Language[] = ['en', 'zh', 'th', 'ko', 'zh-TW'];

export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation('auth');
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: ORDER.map((lng) => ({ key: lng, label: t(`common:language.${lng}`) })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void setLanguage(key);
        },
      }}
    >
      <button type="button" className={`${styles.langSwitch} ${tone === 'dark' ? styles.langDark : ''}`}>
        <GlobalOutlined />
        <span>{t(`common:language.${isLanguage(i18n.language) ? i18n.language : 'zh'}`)}</span>
        <DownOutlined className={styles.langCaret} />
      </button>
    </Dropdown>
  );
}
