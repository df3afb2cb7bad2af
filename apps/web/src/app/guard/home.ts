/**
 * Where "/" and unknown paths lead (000 §2): unverified accounts to their account detail, user type 6
 * to the lease list, platform users to the stat screen when allowed, else the monitor (domain
 * homeScreen). Null when the target is not open to the subject, so the guard never loops.
 */
import { type AccessSubject, canAccessScreen, homeScreen, isVerified, type Screen } from '@agrifleet/domain';

export function homeTarget(s: AccessSubject): Screen | null {
  if (!isVerified(s)) return canAccessScreen(s, 'AccountDetail') ? 'AccountDetail' : null;
  const home = homeScreen(s);
  return home && canAccessScreen(s, home) ? home : null;
}
