/** Leasing client calls (packages/domain contracts/leasingClients.ts) through the one http client. */
import {
  type AddCustomerBody,
  BASIC_PRICE_PATHS,
  type BasicPriceCurrency,
  type CustomerByPhone,
  type CustomerPage,
  RENTAL_PATHS,
  type UpdateCustomerBody,
  type VerifiedCustomer,
} from '@agrifleet/domain';
import { http } from '../../../api/http.ts';

/** The contract's paths without the /api the client adds. */
export const rel = (path: string) => path.replace(/^\/api\//, '');

export const clientsApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<CustomerPage>(rel(RENTAL_PATHS.customerList), query, { signal }),
  byPhone: (phone: string) => http.get<CustomerByPhone>(rel(RENTAL_PATHS.customerByPhone), { phone }),
  verified: () => http.get<VerifiedCustomer[]>(rel(RENTAL_PATHS.verifiedCustomers)),
  /** The same, for filters and names: nothing (not an error toast) when the call fails. */
  verifiedOrNone: () =>
    http
      .get<VerifiedCustomer[]>(rel(RENTAL_PATHS.verifiedCustomers), undefined, { silent: true })
      .catch((): VerifiedCustomer[] => []),
  add: (body: AddCustomerBody) => http.post<{ id: number }>(rel(RENTAL_PATHS.addCustomer), body),
  update: (body: UpdateCustomerBody) => http.post<null>(rel(RENTAL_PATHS.updateCustomer), body),
  sendCode: (phoneNum: string) => http.get<null>(rel(RENTAL_PATHS.verifyCode), { phoneNum }),
  activate: (yyAccountId: number, code: string) =>
    http.post<null>(rel(RENTAL_PATHS.activeCustomer), { yyAccountId, code }),
  setSign: (accountId: number, sign: string) =>
    http.post<null>(rel(RENTAL_PATHS.setAccountSign), { accountId, sign }),
  currencies: () => http.get<BasicPriceCurrency[]>(rel(BASIC_PRICE_PATHS.currencyTypes)),
};
