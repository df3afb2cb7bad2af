/** The header of the registration and password-retrieval screens: logo, title, a label and a link. */
import { Link } from 'react-router';
import styles from './auth.module.css';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useBrand } from './useBrand.ts';

interface Props {
  label: string;
  linkText: string;
  linkTo: string;
  linkPrompt?: string;
}

export function AuthHeader({ label, linkText, linkTo, linkPrompt }: Props) {
  const { logo, title } = useBrand();
  return (
    <header className={styles.header}>
      <Link to="/login" className={styles.headerBrand}>
        <img src={logo} alt="" className={styles.headerLogo} />
        <span className={styles.headerTitle}>{title}</span>
      </Link>
      <span className={styles.headerLabel}>{label}</span>
      <div className={styles.headerRight}>
        <span className={styles.headerPrompt}>
          {linkPrompt ? <span className={styles.hideNarrow}>{linkPrompt} </span> : null}
          <Link to={linkTo}>{linkText}</Link>
        </span>
        <LanguageSwitch tone="dark" />
      </div>
    </header>
  );
}
