/**
 * The sign-in panel shared by both login layouts: password and SMS tabs, links to registration and
 * password retrieval. In English the SMS tab and the forgot-password link are hidden (000 §2).
 */
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isMainlandLayout } from './account.ts';
import styles from './auth.module.css';
import { PasswordLoginForm } from './PasswordLoginForm.tsx';
import { SmsLoginForm } from './SmsLoginForm.tsx';
import { useBrand } from './useBrand.ts';

export function LoginPanel() {
  const { t, i18n } = useTranslation('auth');
  const { host } = useBrand();
  const [tab, setTab] = useState('password');
  const english = i18n.language === 'en';
  const mainland = isMainlandLayout(host, i18n.language);
  const common = { mainland, dialCodes: host.dialCodes, defaultDialCode: host.dialCode };

  const items = [
    {
      key: 'password',
      label: t('login.tabPassword'),
      children: <PasswordLoginForm {...common} showForgot={!english} />,
    },
    ...(english ? [] : [{ key: 'sms', label: t('login.tabSms'), children: <SmsLoginForm {...common} /> }]),
  ];

  return (
    <div className={styles.panel}>
      <Tabs
        activeKey={english ? 'password' : tab}
        onChange={setTab}
        items={items}
        className={styles.tabs}
        // A layout switch (language) remounts the forms so their rules and initial values match.
        key={mainland ? 'mainland' : 'international'}
      />
      <div className={styles.registerRow}>
        <span>{t('login.noAccount')}</span>
        <Link to="/register">{t('login.register')}</Link>
      </div>
    </div>
  );
}
