/**
 * Level-1 SMS (001 §6 "business admin: receive level-1 SMS"; issue 12 #7): when the stream raises a
 * no-fly entry anomaly (oddType 1), the users of the drone's operator account (the maker when the
 * drone has no operator) whose user type has receiveLevel1Sms (1, 4, 5) get one SMS through the
 * configured provider. At most once per incursion: the anomaly row is the incursion, and
 * `bulletin_level1_sms` (keyed by anomaly id) is claimed before anything is sent.
 *
 * The telemetry stream calls `level1Raised(db, anomalyId)` after storing the row; the bulletins
 * module registers the sender of the app built on that `db` (one per app, like watchNoflyIndex).
 */
import { ABILITIES_BY_USER_TYPE, type Language, type UserType } from '@agrifleet/domain';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db.ts';
import { translate } from '../../platform/messages.ts';
import type { Messenger } from '../../platform/messaging.ts';

type Sender = (anomalyId: number) => Promise<number>;
const senders = new WeakMap<Db, Sender>();
const pending = new WeakMap<Db, Set<Promise<number>>>();

/** User types that receive level-1 SMS (001 §6 ability sets). */
export const LEVEL1_USER_TYPES = (Object.keys(ABILITIES_BY_USER_TYPE) as unknown as UserType[])
  .map(Number)
  .filter((t) => ABILITIES_BY_USER_TYPE[t as UserType].includes('receiveLevel1Sms'));

/** The language of an SMS by the phone's country code. */
export function smsLanguage(country: string | null): Language {
  switch (country) {
    case '86':
      return 'zh';
    case '886':
    case '852':
    case '853':
      return 'zh-TW';
    case '66':
      return 'th';
    case '82':
      return 'ko';
    default:
      return 'en';
  }
}

/** Called by the telemetry stream for every stored no-fly anomaly; never throws. */
export function level1Raised(db: Db, anomalyId: number): void {
  const send = senders.get(db);
  if (!send) return;
  const job = send(anomalyId);
  let set = pending.get(db);
  if (!set) {
    set = new Set();
    pending.set(db, set);
  }
  set.add(job);
  void job.finally(() => set.delete(job));
}

/** Waits for the level-1 SMS under way (tests). */
export async function level1Settled(db: Db): Promise<void> {
  await Promise.all([...(pending.get(db) ?? [])]);
}

export function createLevel1Sender(d: { db: Db; messenger: Messenger; logger?: Logger }): Sender {
  const { db } = d;
  return async (anomalyId) => {
    try {
      const a = await db
        .selectFrom('anomalies as a')
        .leftJoin('nofly_zones as z', 'z.id', 'a.nofly_id')
        .select([
          'a.id',
          'a.drone_id',
          'a.odd_type',
          'a.time',
          'a.zz_account_id',
          'a.yy_account_id',
          'z.name',
        ])
        .where('a.id', '=', anomalyId)
        .executeTakeFirst();
      if (a?.odd_type !== 1) return 0;
      const accountId = a.yy_account_id ?? a.zz_account_id;
      const claimed = await db
        .insertInto('bulletin_level1_sms')
        .values({ anomaly_id: anomalyId, drone_id: a.drone_id, account_id: accountId })
        .onConflict((oc) => oc.columns(['anomaly_id', 'drone_id']).doNothing())
        .returning('anomaly_id')
        .executeTakeFirst();
      if (!claimed) return 0;
      const users = await db
        .selectFrom('users as u')
        .innerJoin('accounts as c', 'c.id', 'u.account_id')
        .select(['u.phone_country', 'u.phone'])
        .where('u.account_id', '=', accountId)
        .where('u.enabled', '=', true)
        .where('c.enabled', '=', true)
        .where('u.user_type', 'in', LEVEL1_USER_TYPES)
        .where('u.phone', 'is not', null)
        .orderBy('u.id')
        .execute();
      let sent = 0;
      for (const u of users) {
        const lang = smsLanguage(u.phone_country);
        const params = {
          droneId: a.drone_id,
          zone: a.name ?? '-',
          time: a.time.toISOString().slice(0, 16).replace('T', ' '),
        };
        try {
          await d.messenger.send({
            channel: 'sms',
            target: `${u.phone_country ?? '86'}-${u.phone}`,
            subject: translate('bulletinLevel1Subject', lang),
            text: translate('bulletinLevel1Sms', lang, params),
          });
          sent++;
        } catch (err) {
          d.logger?.error({ err, anomalyId }, 'level-1 SMS not sent');
        }
      }
      await db
        .updateTable('bulletin_level1_sms')
        .set({ recipients: sent })
        .where('anomaly_id', '=', anomalyId)
        .execute();
      return sent;
    } catch (err) {
      d.logger?.error({ err, anomalyId }, 'level-1 SMS failed');
      return 0;
    }
  };
}

/** Registers the app's sender for its database; returns the unregister function. */
export function registerLevel1Sender(db: Db, send: Sender): () => void {
  senders.set(db, send);
  return () => {
    if (senders.get(db) === send) senders.delete(db);
  };
}
