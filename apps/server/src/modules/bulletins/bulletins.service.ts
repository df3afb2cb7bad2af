/**
 * Bulletins: create an ordinary bulletin, the two lists with the caller's read state, reading
 * (oprType 1 the ids given, 2 every bulletin of the current type) and the unread count. Read marks
 * are per user; a reader only ever reads or marks what it may see.
 */
import {
  type AnomalyBulletinQuery,
  BULLETIN_UNREAD_CAP,
  type BulletinCreateBody,
  type BulletinListQuery,
  BulletinReadOpr,
  BulletinType,
  type BulletinUnreadCount,
  ErrorCode,
} from '@agrifleet/domain';
import { AppError } from '../../platform/errors.ts';
import type { BulletinsRepo, Reader } from './bulletins.repo.ts';

export interface ReadRequest {
  bulletinType: 1 | 2;
  oprType: 1 | 2;
  bulletinIds: number[];
}

export function createBulletinsService(d: { repo: BulletinsRepo }) {
  const { repo } = d;
  return {
    create: (accountId: number, userId: number, body: BulletinCreateBody) =>
      repo.create({ ...body, targets: body.targetAccountTypes, accountId, userId }),

    async list(who: Reader, q: BulletinListQuery) {
      return repo.listOrdinary(who, q, await repo.mark(who.userId, BulletinType.ordinary));
    },

    async anomalies(who: Reader, q: AnomalyBulletinQuery) {
      return repo.listAnomalies(who, q, await repo.mark(who.userId, BulletinType.anomaly));
    },

    async read(who: Reader, body: ReadRequest): Promise<{ marked: number }> {
      if (body.oprType === BulletinReadOpr.all) {
        const upto = await repo.mark(who.userId, body.bulletinType);
        return { marked: await repo.markAllRead(who, body.bulletinType, upto) };
      }
      const marked = await repo.markRead(who, body.bulletinType, [...new Set(body.bulletinIds)]);
      // None of them is the caller's to see: as if they did not exist.
      if (marked === 0) throw new AppError(404, ErrorCode.notFound, 'bulletinNotFound');
      return { marked };
    },

    async unread(who: Reader): Promise<BulletinUnreadCount> {
      const [m2, m1] = await Promise.all([repo.mark(who.userId, 2), repo.mark(who.userId, 1)]);
      const [ordinary, anomaly] = await Promise.all([
        repo.unread(who, 2, m2, BULLETIN_UNREAD_CAP + 1),
        repo.unread(who, 1, m1, BULLETIN_UNREAD_CAP + 1),
      ]);
      const capped = ordinary > BULLETIN_UNREAD_CAP || anomaly > BULLETIN_UNREAD_CAP;
      const o = Math.min(ordinary, BULLETIN_UNREAD_CAP);
      const a = Math.min(anomaly, BULLETIN_UNREAD_CAP);
      return { ordinary: o, anomaly: a, total: o + a, capped };
    },
  };
}
export type BulletinsService = ReturnType<typeof createBulletinsService>;
