/**
 * One screen behind the access rules: allowed only if the account-type, user-type and host lists
 * all name it (packages/domain); otherwise "/" (tagged sub-platforms: the monitor). Path parameters
 * are digits only (a drone id: DRONE_ID_RE). The page loads lazily; a screen without a page shows "not available yet".
 */
import {
  canAccessScreen,
  DIGIT_PARAM,
  DRONE_ID_RE,
  isSubPlatform,
  SCREENS,
  type Screen,
} from '@agrifleet/domain';
import { lazy, Suspense, useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import { subjectOf } from '../access.ts';
import { useHostProfile } from '../hostProfile.tsx';
import { NotAvailable } from '../NotAvailable.tsx';
import { PageSpinner } from '../PageSpinner.tsx';
import { PAGES } from '../pages.ts';
import { useSessionUser } from '../session.ts';

const lazyPages = new Map<Screen, React.LazyExoticComponent<React.ComponentType>>();
function pageOf(screen: Screen) {
  const load = PAGES[screen];
  if (!load) return null;
  let c = lazyPages.get(screen);
  if (!c) {
    c = lazy(load);
    lazyPages.set(screen, c);
  }
  return c;
}

export function ScreenRoute({ screen }: { screen: Screen }) {
  const host = useHostProfile();
  const params = useParams();
  const user = useSessionUser();
  const subject = useMemo(() => (user ? subjectOf(user, host) : null), [user, host]);
  if (!subject) return <Navigate to="/login" replace />;
  const valid = (k: string, v: string) => (k === 'droneId' ? DRONE_ID_RE : DIGIT_PARAM).test(v);
  if (Object.entries(params).some(([k, v]) => k !== '*' && v !== undefined && !valid(k, v))) {
    return <Navigate to="/" replace />;
  }
  if (!canAccessScreen(subject, screen)) {
    return <Navigate to={isSubPlatform(subject) ? SCREENS.MonitorView : '/'} replace />;
  }
  const Page = pageOf(screen);
  if (!Page) return <NotAvailable screen={screen} />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}
