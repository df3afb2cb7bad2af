/** The 4-digit image captcha beside its input; a click loads a new one (000 §5, §7). */
import { useTranslation } from 'react-i18next';
import styles from './auth.module.css';

export function CaptchaImage({ src, onRefresh }: { src: string; onRefresh: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <button type="button" className={styles.captcha} onClick={onRefresh} title={t('captcha.refresh')}>
      <img src={src} alt={t('captcha.alt')} draggable={false} />
    </button>
  );
}
