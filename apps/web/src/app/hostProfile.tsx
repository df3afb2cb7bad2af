/** The deployment profile for this host, read once at start from the server. */
import type { PublicHostProfile } from '@agrifleet/domain';
import { createContext, useContext } from 'react';
import { http } from '../api/http.ts';

export const HostProfileContext = createContext<PublicHostProfile | null>(null);

export function useHostProfile(): PublicHostProfile {
  const p = useContext(HostProfileContext);
  if (!p) throw new Error('HostProfileContext missing');
  return p;
}

export const fetchHostProfile = () =>
  http.get<PublicHostProfile>('system/host-profile', undefined, { public: true, silent: true });
