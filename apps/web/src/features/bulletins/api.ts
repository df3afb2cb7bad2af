/** Bulletin calls (packages/domain contracts/bulletins.ts) through the one http client. */
import {
  type AnomalyBulletinPage,
  BULLETIN_ANOMALY_LIST_PATH,
  BULLETIN_CREATE_PATH,
  BULLETIN_LIST_PATH,
  BULLETIN_READ_PATH,
  BULLETIN_UNREAD_COUNT_PATH,
  type BulletinCreateBody,
  type BulletinPage,
  type BulletinReadBody,
  type BulletinUnreadCount,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');

export const bulletinsApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<BulletinPage>(rel(BULLETIN_LIST_PATH), query, { signal }),
  anomalies: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<AnomalyBulletinPage>(rel(BULLETIN_ANOMALY_LIST_PATH), query, { signal }),
  read: (body: BulletinReadBody) => http.put<{ marked: number }>(rel(BULLETIN_READ_PATH), body),
  create: (body: BulletinCreateBody) => http.post<{ bulletinId: number }>(rel(BULLETIN_CREATE_PATH), body),
  unread: (signal?: AbortSignal) =>
    http.get<BulletinUnreadCount>(rel(BULLETIN_UNREAD_COUNT_PATH), undefined, { signal }),
};

/** TanStack Query key of the unread count (the header bell); invalidated after every read. */
export const UNREAD_KEY = ['bulletins', 'unread'] as const;
/** The bell polls this often (and on window focus). */
export const UNREAD_POLL_MS = 15_000;
