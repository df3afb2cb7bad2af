/** "/" and unknown paths: to the subject's home screen, or "not available" when nothing is open. */
import { PUBLIC_PATHS, SCREENS } from '@agrifleet/domain';
import { Navigate } from 'react-router';
import { subjectOf } from '../access.ts';
import { useHostProfile } from '../hostProfile.tsx';
import { NotAvailable } from '../NotAvailable.tsx';
import { useSessionUser } from '../session.ts';
import { homeTarget } from './home.ts';

export function HomeRedirect() {
  const host = useHostProfile();
  const user = useSessionUser();
  if (!user) return <Navigate to={PUBLIC_PATHS.login} replace />;
  const target = homeTarget(subjectOf(user, host));
  if (!target) return <NotAvailable />;
  return <Navigate to={SCREENS[target]} replace />;
}
