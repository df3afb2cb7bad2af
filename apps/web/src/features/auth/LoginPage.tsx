/**
 * Login (000 §2). Theme 'default': a centred card over a full-screen carousel. Theme 'alternative':
 * the carousel on the left and the form panel on the right.
 */
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LoginCarousel } from './LoginCarousel.tsx';
import { LoginPanel } from './LoginPanel.tsx';
import styles from './login.module.css';
import { useBrand } from './useBrand.ts';

function Brand() {
  const { logo, title } = useBrand();
  const { t } = useTranslation('auth');
  return (
    <div className={styles.brandCompact}>
      <img src={logo} alt="" className={styles.brandLogo} />
      <div>
        <h1 className={styles.brandTitle}>{title}</h1>
        <p className={styles.brandSubtitle}>{t('brand.subtitle')}</p>
      </div>
    </div>
  );
}

function DefaultLayout() {
  const { copyright } = useBrand();
  return (
    <div className={styles.loginDefault}>
      <LoginCarousel />
      <div className={styles.topBar}>
        <LanguageSwitch />
      </div>
      <main className={styles.cardWrap}>
        <section className={styles.card}>
          <Brand />
          <LoginPanel />
        </section>
      </main>
      {copyright ? <footer className={styles.copyright}>{copyright}</footer> : null}
    </div>
  );
}

function AlternativeLayout() {
  const { logo, title, copyright } = useBrand();
  const { t } = useTranslation('auth');
  return (
    <div className={styles.loginAlt}>
      <aside className={styles.altVisual}>
        <LoginCarousel />
        <div className={styles.altVisualText}>
          <span className={styles.altLogoBadge}>
            <img src={logo} alt="" />
          </span>
          <h1>{title}</h1>
          <p>{t('brand.tagline')}</p>
        </div>
      </aside>
      <main className={styles.altPanel}>
        <div className={styles.altTop}>
          <LanguageSwitch tone="dark" />
        </div>
        <div className={styles.altForm}>
          <div className={styles.altHeading}>
            <img src={logo} alt="" className={styles.altHeadingLogo} />
            <div className={styles.altNarrowTitle}>{title}</div>
            <h2>{t('login.welcome')}</h2>
            <p>{t('login.welcomeHint')}</p>
          </div>
          <LoginPanel />
        </div>
        {copyright ? <footer className={styles.altCopyright}>{copyright}</footer> : null}
      </main>
    </div>
  );
}

export default function LoginPage() {
  const { host } = useBrand();
  return host.theme === 'alternative' ? <AlternativeLayout /> : <DefaultLayout />;
}
