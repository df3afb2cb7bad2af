/** Order and invoice calls (packages/domain contracts/orders.ts) through the one http client. */
import {
  INVOICE_APPLY_PATH,
  INVOICE_INFO_PATH,
  INVOICE_LIST_PATH,
  INVOICE_STATUS_PATH,
  type InvoiceInfo,
  type InvoiceInfoBody,
  type InvoicePage,
  type InvoiceRow,
  ORDER_CANCEL_PATH,
  ORDER_CREATE_PATH,
  ORDER_DETAIL_PATH,
  ORDER_DRONES_PATH,
  ORDER_LIST_PATH,
  ORDER_PAY_PATH,
  ORDER_PAYMENT_PATH,
  type OrderCreateBody,
  type OrderDrone,
  type OrderPage,
  type OrderPayAnswer,
  type OrderPaymentState,
  type OrderRow,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');
const sn = (orderSn: string) => encodeURIComponent(orderSn);

export const ordersApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<OrderPage>(rel(ORDER_LIST_PATH), query, { signal }),
  drones: () => http.get<OrderDrone[]>(rel(ORDER_DRONES_PATH)),
  create: (body: OrderCreateBody) => http.post<OrderRow>(rel(ORDER_CREATE_PATH), body),
  detail: (orderSn: string) => http.get<OrderRow>(`${rel(ORDER_DETAIL_PATH)}/${sn(orderSn)}`),
  /** Starts (or shows again) the order's payment: the QR code; paid only when the provider confirms. */
  pay: (orderSn: string) => http.post<OrderPayAnswer>(`${rel(ORDER_PAY_PATH)}/${sn(orderSn)}`),
  /** Where the payment stands (the QR dialog polls it). */
  payment: (orderSn: string) =>
    http.get<OrderPaymentState>(`${rel(ORDER_PAYMENT_PATH)}/${sn(orderSn)}`, undefined, { silent: true }),
  cancel: (orderSn: string) => http.post<OrderRow>(`${rel(ORDER_CANCEL_PATH)}/${sn(orderSn)}`),
  invoiceInfo: () => http.get<(InvoiceInfo & { updatedAt: number }) | null>(rel(INVOICE_INFO_PATH)),
  saveInvoiceInfo: (body: InvoiceInfoBody) => http.put<InvoiceInfo>(rel(INVOICE_INFO_PATH), body),
  apply: (orderIds: number[]) => http.post<InvoiceRow>(rel(INVOICE_APPLY_PATH), { orderIds }),
  invoices: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<InvoicePage>(rel(INVOICE_LIST_PATH), query, { signal }),
  advanceInvoice: (ticketId: number) =>
    http.put<{ ticketId: number; status: number }>(`${rel(INVOICE_STATUS_PATH)}/${ticketId}`),
};
