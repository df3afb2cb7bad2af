/** Country dial-code choice (000 §3): flag and "+code", the country name in the list. */
import { DIAL_CODES } from '@agrifleet/domain';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './auth.module.css';

interface Props {
  codes: readonly string[];
  value?: string;
  onChange?: (value: string) => void;
  size?: 'middle' | 'large';
  disabled?: boolean;
}

const DIAL_SELECT_WIDTH = 112;

const flag = (alias: string) => <img className={styles.flag} src={`/flags/${alias}.svg`} alt="" />;

export function DialCodeSelect({ codes, value, onChange, size, disabled }: Props) {
  const { t } = useTranslation('auth');
  const entries = DIAL_CODES.filter((d) => codes.includes(d.value));
  return (
    <Select
      className={styles.dialSelect}
      // Inline: antd stretches selects inside form items to 100%.
      style={{ width: DIAL_SELECT_WIDTH, flex: 'none' }}
      size={size}
      value={value}
      onChange={onChange}
      disabled={disabled}
      popupMatchSelectWidth={false}
      aria-label={t('field.dialCode')}
      options={entries.map((d) => ({
        value: d.value,
        alias: d.alias,
        label: (
          <span className={styles.dialOption}>
            {flag(d.alias)}+{d.value}
          </span>
        ),
      }))}
      optionRender={(o) => (
        <span className={styles.dialOption}>
          {flag(String(o.data.alias))}
          <span className={styles.dialCode}>+{o.data.value}</span>
          <span className={styles.dialName}>{t(`common:country.${String(o.data.alias)}`)}</span>
        </span>
      )}
    />
  );
}
