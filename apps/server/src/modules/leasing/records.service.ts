/**
 * Work records and basic prices: who sees which charges (a lessor its clients', a tenant its own),
 * the filters naming a client or a lessor (404 when not the caller's, side.ts clientFor), and the
 * basic prices of the lessor's drone models (major units in, integer minor units stored).
 */
import {
  type BasicPriceCurrency,
  type BasicPriceRow,
  type BasicPriceSetBody,
  currencyDigits,
  ErrorCode,
  type JobRecordPage,
  type JobRecordQuery,
  type Language,
  LEASE_CURRENCIES,
  toMinor,
} from '@agrifleet/domain';
import type { Db } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { type MessageKey, translate } from '../../platform/messages.ts';
import type { PricesRepo } from './prices.repo.ts';
import type { RecordScope, RecordsRepo } from './records.repo.ts';
import { clientFor, type LeasingSide } from './side.ts';

/** Major units of a form to minor units, refusing what the currency cannot hold (KRW: no decimals). */
function minorOf(major: number, currency: string): number {
  const minor = toMinor(major, currency);
  if (Math.abs(minor - major * 10 ** currencyDigits(currency)) > 1e-6)
    throw errors.badRequest('basicPriceWholeUnits', { currency });
  return minor;
}

export function createRecordsService(d: { db: Db; records: RecordsRepo; prices: PricesRepo }) {
  /** The charges `side` may see, narrowed to the client or lessor the query names. */
  async function scopeOf(side: LeasingSide, q: JobRecordQuery): Promise<RecordScope> {
    if (side.kind === 'lessor') {
      if (q.accountId === undefined) return { lessorAccountId: side.accountId };
      const client = await clientFor(d.db, side, { accountId: q.accountId });
      return { lessorAccountId: side.accountId, clientAccountId: client.clientAccountId };
    }
    if (q.zzAccountId === undefined) return { clientAccountId: side.accountId };
    const client = await clientFor(d.db, side, { zzAccountId: q.zzAccountId });
    return { clientAccountId: side.accountId, lessorAccountId: client.lessorAccountId };
  }

  return {
    async jobRecords(side: LeasingSide, q: JobRecordQuery): Promise<JobRecordPage> {
      const scope = await scopeOf(side, q);
      const [records, summary] = await Promise.all([
        d.records.page(scope, q, q),
        d.records.summary(scope, q),
      ]);
      return { records, total: summary.count, current: q.pageIndex, size: q.size, summary };
    },

    basicPrices: (lessorAccountId: number): Promise<BasicPriceRow[]> => d.prices.list(lessorAccountId),

    async setBasicPrices(
      side: { accountId: number; userId: number },
      body: BasicPriceSetBody,
    ): Promise<BasicPriceRow[]> {
      const ids = [...new Set(body.prices.map((p) => p.modelId))];
      const foreign = await d.prices.foreignModels(side.accountId, ids);
      if (foreign.length)
        throw new AppError(404, ErrorCode.notFound, 'basicPriceModelNotFound', {
          modelId: foreign.join(', '),
        });
      const writes = body.prices.map((p) => ({
        modelId: p.modelId,
        currency: p.currency,
        dailyFeeMinor: minorOf(p.dailyFee, p.currency),
        muPriceMinor: p.muUnitPrice === undefined ? undefined : minorOf(p.muUnitPrice, p.currency),
        hourPriceMinor: p.durationPrice === undefined ? undefined : minorOf(p.durationPrice, p.currency),
      }));
      await d.prices.upsert(side.accountId, side.userId, writes);
      return d.prices.list(side.accountId);
    },

    currencyTypes: (lang: Language): BasicPriceCurrency[] =>
      LEASE_CURRENCIES.map((code) => ({
        code,
        DictValue: translate(`basicPriceCurrency${code}` as MessageKey, lang),
        digits: currencyDigits(code),
      })),
  };
}
export type RecordsService = ReturnType<typeof createRecordsService>;
