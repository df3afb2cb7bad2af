/**
 * What the route guard loads once per session (000 §4): the account's rental models, the manufacturers
 * that lease to it, and a fresh copy of the user info (checkStatus and isTenant may have changed since
 * sign-in). Keyed by user so another sign-in loads its own; sign-out clears the query cache.
 */
import type { UserInfo } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http.ts';
import { session, useSessionUser } from '../session.ts';

export interface Manufacturer {
  accountId: number;
  accountName: string;
}

export const sessionKeys = {
  all: ['session'] as const,
  userInfo: (userId: number) => ['session', userId, 'userInfo'] as const,
  rentalModels: (userId: number) => ['session', userId, 'rentalModels'] as const,
  manufacturers: (userId: number) => ['session', userId, 'manufacturers'] as const,
};

const once = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY, retry: false } as const;

export function userInfoQuery(userId: number) {
  return {
    ...once,
    queryKey: sessionKeys.userInfo(userId),
    queryFn: async () => {
      const info = await http.get<UserInfo>('user/info', undefined, { silent: true });
      session.saveUser(info);
      return info;
    },
  };
}

export function rentalModelsQuery(userId: number) {
  return {
    ...once,
    queryKey: sessionKeys.rentalModels(userId),
    queryFn: () => http.get<number[]>('rental/rental/getRentalModelByAccount', undefined, { silent: true }),
  };
}

export function manufacturersQuery(userId: number) {
  return {
    ...once,
    queryKey: sessionKeys.manufacturers(userId),
    queryFn: () => http.get<Manufacturer[]>('rental/rental/getZzAccountByUser', undefined, { silent: true }),
  };
}

/** The account's rental models (loaded by the route guard; empty until then). */
export function useRentalModels(): number[] {
  const user = useSessionUser();
  return useQuery({ ...rentalModelsQuery(user?.userId ?? 0), enabled: !!user }).data ?? [];
}

/** The manufacturers leasing to the account (a tenant has some). */
export function useManufacturers(): Manufacturer[] {
  const user = useSessionUser();
  return useQuery({ ...manufacturersQuery(user?.userId ?? 0), enabled: !!user }).data ?? [];
}
