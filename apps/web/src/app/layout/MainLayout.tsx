/**
 * The main layout (000 §2 "Layout"): an 80 px header (logo, site title, account name, avatar, phone,
 * role label, user name) and the collapsible side menu, whose state is kept under aside-status. The
 * alternative theme replaces the side menu with a horizontal menu bar under the header and marks the
 * root `theme-alternative` (striped tables). Also hosts the settings and profile dialogs and the idle
 * switch. Each screen opens at the top of the content (contentScroll.ts; Back returns to its place).
 */
import { canAccessScreen, type Language, PUBLIC_PATHS, SCREENS, type UserInfo } from '@agrifleet/domain';
import { ConfigProvider, Layout, type ThemeConfig } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ProfileDialog } from '../../features/account/ProfileDialog.tsx';
import { SettingsDialog } from '../../features/account/SettingsDialog.tsx';
import { BulletinBell } from '../../features/bulletins/BulletinBell.tsx';
import { subjectOf } from '../access.ts';
import { useHostProfile } from '../hostProfile.tsx';
import { useIdleSwitch } from '../idle.ts';
import { type MenuAction, selectedMenu, visibleMenu } from '../menu.ts';
import { useSessionUser } from '../session.ts';
import { AppMenu } from './AppMenu.tsx';
import { useContentScroll } from './contentScroll.ts';
import { useSiteTitle } from './site.ts';
import { UserArea } from './UserArea.tsx';
import { asideStatus } from './userLabels.ts';
import { useSignOut } from './useSignOut.ts';
import './layout.css';

export const HEADER_HEIGHT = 80;

/** Navy of the logo for the menus, selection in the theme's primary colour. */
const NAVY = '#10243f';
const menuTheme: ThemeConfig = {
  components: {
    Layout: { siderBg: NAVY, triggerBg: '#0b1a2f' },
    Menu: { darkItemBg: NAVY, darkSubMenuItemBg: '#0b1a2f', darkPopupBg: NAVY, itemHeight: 44 },
  },
};

export function MainLayout() {
  const user = useSessionUser();
  if (!user) return <Navigate to={PUBLIC_PATHS.login} replace />;
  return <Shell user={user} />;
}

type Dialog = 'settings' | 'profile' | null;

function Shell({ user }: { user: UserInfo }) {
  const host = useHostProfile();
  const { t, i18n } = useTranslation('shell');
  const title = useSiteTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const alternative = host.theme === 'alternative';

  const subject = useMemo(() => subjectOf(user, host), [user, host]);
  const items = useMemo(
    () => visibleMenu({ subject, language: i18n.language as Language }),
    [subject, i18n.language],
  );
  const { selected, group } = useMemo(() => selectedMenu(items, pathname), [items, pathname]);

  const [collapsed, setCollapsed] = useState(asideStatus.collapsed);
  const onCollapse = useCallback((value: boolean) => {
    setCollapsed(value);
    asideStatus.store(value);
  }, []);

  const content = useRef<HTMLElement | null>(null);
  useContentScroll(content);

  const [dialog, setDialog] = useState<Dialog>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const signOut = useSignOut();
  const onAction = useCallback(
    (action: MenuAction) => (action === 'signOut' ? signOut() : setDialog('settings')),
    [signOut],
  );

  // Idle switch: platform users with the big-screen setting on go to the stat screen after 5 minutes.
  const idleEnabled = subject.accountType === 1 && canAccessScreen(subject, 'StatScreen');
  useIdleSwitch(
    idleEnabled,
    useCallback(() => navigate(SCREENS.StatScreen), [navigate]),
  );

  const brand = (
    <div className="app-brand">
      <img src={host.logo} alt="" className="app-brand-logo" />
      <span className="app-brand-title">{title}</span>
    </div>
  );
  const userArea = (
    <UserArea
      user={user}
      onProfile={() => setDialog('profile')}
      onSettings={() => setDialog('settings')}
      onSignOut={signOut}
    />
  );

  return (
    <Layout className={`app-shell ${alternative ? 'theme-alternative' : 'theme-default'}`}>
      <Layout.Header className="app-header" style={{ height: HEADER_HEIGHT }}>
        {brand}
        <div className="app-header-spacer" />
        {canAccessScreen(subject, 'BulletinList') ? <BulletinBell /> : null}
        {userArea}
      </Layout.Header>
      {alternative ? (
        <nav className="app-topnav" aria-label={t('header.mainMenu')}>
          <AppMenu
            items={items}
            mode="horizontal"
            theme="light"
            selected={selected}
            openGroup={group}
            onAction={onAction}
          />
        </nav>
      ) : null}
      <Layout className="app-body">
        {alternative ? null : (
          <ConfigProvider theme={menuTheme}>
            <Layout.Sider
              className="app-sider"
              width={256}
              collapsedWidth={72}
              collapsible
              collapsed={collapsed}
              onCollapse={onCollapse}
              theme="dark"
            >
              <nav aria-label={t('header.mainMenu')} className="app-sider-nav">
                <AppMenu
                  items={items}
                  mode="inline"
                  selected={selected}
                  openGroup={group}
                  collapsed={collapsed}
                  onAction={onAction}
                />
              </nav>
            </Layout.Sider>
          </ConfigProvider>
        )}
        <Layout.Content className="app-content" ref={content}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <SettingsDialog open={dialog === 'settings'} onClose={closeDialog} showBigScreen={idleEnabled} />
      <ProfileDialog open={dialog === 'profile'} onClose={closeDialog} user={user} />
    </Layout>
  );
}
