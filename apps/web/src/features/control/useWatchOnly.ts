/**
 * Why the signed-in user only watches a control screen (packages/domain SCREEN_COMMANDS: a
 * government watches group control, so does a user without manageEquipment), or null when it may
 * send settings, plans and commands there. The server refuses a watcher's commands by the same table.
 */
import { type Screen, type WatchOnlyReason, watchOnlyReason } from '@agrifleet/domain';
import { useMemo } from 'react';
import { subjectOf } from '../../app/access.ts';
import { useHostProfile } from '../../app/hostProfile.tsx';
import { useSessionUser } from '../../app/session.ts';

export function useWatchOnly(screen: Screen): WatchOnlyReason | null {
  const user = useSessionUser();
  const host = useHostProfile();
  return useMemo(
    () => (user ? watchOnlyReason(subjectOf(user, host), screen) : 'ability'),
    [user, host, screen],
  );
}
