/**
 * The plain "not available yet" page of a screen whose page is not built, named by the screen's
 * translated title. Inside the main layout it fills the content area; for the full-screen routes
 * (StatScreen, StatOverview) it brings a small header with a link back into the console.
 */

import { canAccessScreen, FULL_SCREEN, SCREENS, type Screen } from '@agrifleet/domain';
import { ArrowLeftOutlined, HourglassOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { subjectOf } from './access.ts';
import { useHostProfile } from './hostProfile.tsx';
import { useSiteTitle } from './layout/site.ts';
import { screenTitleKey } from './menu.ts';
import { useSessionUser } from './session.ts';

export function NotAvailable({ screen }: { screen?: Screen }) {
  const { t } = useTranslation(['common', 'shell']);
  const host = useHostProfile();
  const user = useSessionUser();
  const result = screen ? (
    <Result
      icon={<HourglassOutlined style={{ color: 'var(--ant-color-primary, #18a058)' }} />}
      title={t('common:notAvailable.title', {
        screen: t(screenTitleKey(screen, user ? subjectOf(user, host) : null)),
      })}
      subTitle={t('common:notAvailable.description')}
    />
  ) : (
    <Result
      status="info"
      title={t('notAvailable.noScreen')}
      subTitle={t('notAvailable.noScreenDescription')}
    />
  );
  if (screen && FULL_SCREEN.includes(screen)) return <FullScreenFrame>{result}</FullScreenFrame>;
  return (
    <div className="not-available" data-screen={screen}>
      {result}
    </div>
  );
}

/** Small header for the full-screen routes: logo, site title and the way back (the monitor, 001 §2). */
function FullScreenFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('shell');
  const host = useHostProfile();
  const user = useSessionUser();
  const title = useSiteTitle();
  const navigate = useNavigate();
  const back = user && canAccessScreen(subjectOf(user, host), 'MonitorView') ? SCREENS.MonitorView : '/';
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#f3f5f8' }}>
      <header
        style={{
          height: 56,
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '0 24px',
          background: '#fff',
          borderBottom: '1px solid #e8ebf0',
        }}
      >
        <img src={host.logo} alt="" width={32} height={32} />
        <span style={{ fontSize: 18, fontWeight: 600, color: '#163a6b', flex: 1 }}>{title}</span>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
          {t('header.backToConsole')}
        </Button>
      </header>
      <main style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {children}
      </main>
    </div>
  );
}
