/** The deployment profile for this host, read once at start from the server. */
import type { HostProfileAnswer, PublicHostProfile } from '@agrifleet/domain';
import { createContext, useContext } from 'react';
import { http } from '../api/http.ts';

export const HostProfileContext = createContext<PublicHostProfile | null>(null);

export function useHostProfile(): PublicHostProfile {
  const p = useContext(HostProfileContext);
  if (!p) throw new Error('HostProfileContext missing');
  return p;
}

/** The profile and the statistics time zone (lib/statDay.ts), read once at start. */
export const fetchHostProfile = () =>
  http.get<HostProfileAnswer>('system/host-profile', undefined, { public: true, silent: true });
