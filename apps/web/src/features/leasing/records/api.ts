/** Work record and basic price calls (packages/domain contracts/leasingRecords.ts) through the one http client. */
import {
  BASIC_PRICE_PATHS,
  type BasicPriceCurrency,
  type BasicPriceRow,
  type BasicPriceSetBody,
  type JobRecordPage,
  RENTAL_PATHS,
} from '@agrifleet/domain';
import { http } from '../../../api/http.ts';
import { rel } from '../clients/api.ts';

export const recordsApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<JobRecordPage>(rel(RENTAL_PATHS.jobRecord), query, { signal }),

  prices: () => http.get<BasicPriceRow[]>(rel(BASIC_PRICE_PATHS.list)),
  setPrices: (body: BasicPriceSetBody) => http.post<BasicPriceRow[]>(rel(BASIC_PRICE_PATHS.set), body),
  currencies: () => http.get<BasicPriceCurrency[]>(rel(BASIC_PRICE_PATHS.currencyTypes)),
};
