/**
 * OrderList and InvoiceList (001 §2) as configuration of the shared list pattern (src/list): the
 * order filters (orderSn, droneId, year, status), columns with the amount shown from its minor units
 * and currency, row actions (detail, pay, cancel), the batch action applying for an invoice for the
 * selected paid orders, the create dialog (drone and year) and the invoice info form. Pure: the
 * pages pass what acts (tested in config.test.ts).
 */
import {
  formatDate,
  formatMoney,
  INVOICE_STATUSES,
  type InvoiceInfo,
  type InvoiceInfoBody,
  type InvoicePage,
  type InvoiceRow,
  invoiceAddressSchema,
  invoiceBankAccountSchema,
  invoiceBankSchema,
  invoiceBusiNameSchema,
  invoiceGetterNameSchema,
  invoiceMobileSchema,
  invoicePhoneSchema,
  invoiceTaxNumSchema,
  ORDER_STATUSES,
  type OrderCreateBody,
  type OrderPage,
  type OrderRow,
  TICKET_TYPES,
} from '@agrifleet/domain';
import type { ReactNode } from 'react';
import type { Translate } from '../../list/columns.ts';
import type { ColumnDef, FormDef, ListConfig, Option, OptionsSource } from '../../list/types.ts';
import { ordersApi } from './api.ts';

/** The years an order may name: one back and five ahead of this statistics year (the server's rule). */
export function orderYears(now = Date.now()): number[] {
  const y = statYear(now);
  return [y - 1, y, y + 1, y + 2, y + 3, y + 4, y + 5];
}

import { moneyLocale } from '../../lib/money.ts';
import { statYear } from '../../lib/statDay.ts';

export { moneyLocale };

export interface OrderLook {
  t: Translate;
  lng: string;
  /** The caller's account: its orders can be paid, cancelled and invoiced. */
  accountId: number;
  /** The platform sees every account's orders: show the account column. */
  platform: boolean;
}

export interface OrderHooks {
  openDetail: (row: OrderRow) => void;
  pay: (row: OrderRow) => void;
  cancel: (row: OrderRow) => void;
  openCreate: () => void;
  openInvoiceInfo: () => void;
  /** Applies for an invoice for the selected orders; true clears the selection. */
  apply: (rows: OrderRow[]) => Promise<boolean>;
  /** The status as a coloured tag. */
  statusCell?: (row: OrderRow) => ReactNode;
}

const statusOptions = ORDER_STATUSES.map((v) => ({ value: v, labelKey: `orders:status.${v}` }));

export function orderListConfig(look: OrderLook, hooks: OrderHooks): ListConfig<OrderRow, OrderPage> {
  const { t } = look;
  const col = (key: string, extra: Partial<ColumnDef<OrderRow>> = {}): ColumnDef<OrderRow> => ({
    key,
    title: `orders:col.${key}`,
    ...extra,
  });
  const mine = (r: OrderRow) => r.accountId === look.accountId;
  return {
    id: 'orders',
    ns: ['orders'],
    fetch: ordersApi.page,
    rowKey: (r) => r.orderId,
    filters: [
      { kind: 'text', name: 'orderSn', label: 'orders:filter.orderSn' },
      { kind: 'text', name: 'droneId', label: 'orders:filter.droneId' },
      {
        kind: 'select',
        name: 'year',
        label: 'orders:filter.year',
        numeric: true,
        options: orderYears().map((y) => ({ value: y, label: String(y) })),
      },
      {
        kind: 'select',
        name: 'status',
        label: 'orders:filter.status',
        numeric: true,
        options: statusOptions,
      },
    ],
    columns: [
      col('orderSn', { fixed: 'left' }),
      col('orderType', { value: (r) => t(`orders:type.${r.orderType}`) }),
      col('droneId'),
      col('year'),
      col('amount', {
        value: (r) => formatMoney(r.amount, r.currency, moneyLocale(look.lng)),
        align: 'right',
      }),
      col('status', { value: (r) => t(`orders:status.${r.status}`), render: hooks.statusCell }),
      col('ticketId', { value: (r) => (r.ticketId === null ? '-' : `#${r.ticketId}`) }),
      ...(look.platform ? [col('accountName')] : []),
      col('createdAt', { value: (r) => formatDate(r.createdAt, 'YYYY-MM-DD HH:mm') }),
      col('paidAt', { value: (r) => (r.paidAt === null ? '-' : formatDate(r.paidAt, 'YYYY-MM-DD HH:mm')) }),
    ],
    toolbar: [
      // The platform pays nothing itself: it has no invoice info of its own to keep.
      ...(look.platform
        ? []
        : [
            {
              key: 'invoiceInfo',
              label: 'orders:action.invoiceInfo',
              onClick: () => hooks.openInvoiceInfo(),
            },
          ]),
      { key: 'create', label: 'orders:action.create', primary: true, onClick: () => hooks.openCreate() },
    ],
    rowActions: [
      { key: 'detail', label: 'orders:action.detail', first: true, onClick: hooks.openDetail },
      {
        key: 'pay',
        label: 'orders:action.pay',
        visible: (r) => mine(r) && r.status === 1,
        onClick: hooks.pay,
      },
      {
        key: 'cancel',
        label: 'orders:action.cancel',
        danger: true,
        visible: (r) => mine(r) && r.status === 1,
        onClick: hooks.cancel,
      },
    ],
    // Invoices are applied for by the account that paid; the platform pays nothing itself.
    ...(look.platform
      ? {}
      : {
          batch: [
            { key: 'apply', label: 'orders:action.apply', onClick: (rows: OrderRow[]) => hooks.apply(rows) },
          ],
          selectable: (r: OrderRow) => mine(r) && r.status === 2 && r.ticketId === null,
        }),
  };
}

/** The create dialog: a drone of the caller and a year (this year by default). */
export function createOrderForm(
  create: (body: OrderCreateBody) => Promise<unknown>,
  drones: OptionsSource,
): FormDef<null> {
  return {
    titles: { create: 'orders:create.title' },
    defaults: { year: statYear() },
    fields: [
      { name: 'droneId', label: 'orders:col.droneId', kind: 'select', required: true, options: drones },
      {
        name: 'year',
        label: 'orders:col.year',
        kind: 'select',
        required: true,
        options: orderYears().map((y) => ({ value: y, label: String(y) })),
        help: 'orders:create.help',
      },
    ],
    create: (v) => create({ droneId: String(v.droneId), year: Number(v.year) }),
  };
}

/** The drones of the create dialog as options ("id name"). */
export function droneOptions(load: () => Promise<{ droneId: string; droneName: string }[]>): OptionsSource {
  return {
    key: ['orders', 'drones'],
    load: async (): Promise<Option[]> =>
      (await load()).map((d) => ({ value: d.droneId, label: `${d.droneId} ${d.droneName}` })),
  };
}

const special = (v: Record<string, unknown>) => Number(v.ticketType) === 2;

/** The account's invoice info; the bank fields are asked for a special VAT invoice (ticketType 2). */
export function invoiceInfoForm(
  save: (body: InvoiceInfoBody) => Promise<unknown>,
): FormDef<InvoiceInfo | null> {
  const f = (
    name: string,
    schema: FormDef<null>['fields'][number]['schema'],
    extra: Partial<FormDef<null>['fields'][number]> = {},
  ) => ({
    name,
    label: `orders:info.${name}`,
    kind: 'text' as const,
    required: true,
    schema,
    invalid: `orders:invalid.${name}`,
    ...extra,
  });
  return {
    titles: { edit: 'orders:info.title' },
    width: 640,
    initial: (row) => ({ ticketType: 1, ...(row ?? {}) }),
    fields: [
      {
        name: 'ticketType',
        label: 'orders:info.ticketType',
        kind: 'select',
        required: true,
        options: TICKET_TYPES.map((v) => ({ value: v, labelKey: `orders:ticketType.${v}` })),
      },
      f('busiName', invoiceBusiNameSchema),
      f('taxNum', invoiceTaxNumSchema, { help: 'orders:info.taxNumHelp' }),
      f('regAddress', invoiceAddressSchema, { when: special }),
      f('contactPhone', invoicePhoneSchema, { when: special, span: 12 }),
      f('bank', invoiceBankSchema, { when: special, span: 12 }),
      f('bankAccount', invoiceBankAccountSchema, { when: special }),
      f('getterName', invoiceGetterNameSchema, { span: 12 }),
      f('getterPhone', invoiceMobileSchema, { span: 12 }),
      f('getterAddress', invoiceAddressSchema),
    ],
    update: (_row, v) => {
      const s = (k: string) => (v[k] === undefined || v[k] === null ? null : String(v[k]));
      return save({
        ticketType: Number(v.ticketType) as 1 | 2,
        busiName: String(v.busiName),
        taxNum: String(v.taxNum),
        regAddress: s('regAddress'),
        contactPhone: s('contactPhone'),
        bank: s('bank'),
        bankAccount: s('bankAccount'),
        getterPhone: String(v.getterPhone),
        getterName: String(v.getterName),
        getterAddress: String(v.getterAddress),
      });
    },
  };
}

export interface InvoiceLook {
  t: Translate;
  lng: string;
  platform: boolean;
}

export function invoiceListConfig(
  look: InvoiceLook,
  hooks: {
    advance: (row: InvoiceRow) => void;
    openInvoiceInfo: () => void;
    statusCell?: (row: InvoiceRow) => ReactNode;
  },
): ListConfig<InvoiceRow, InvoicePage> {
  const { t } = look;
  const col = (key: string, extra: Partial<ColumnDef<InvoiceRow>> = {}): ColumnDef<InvoiceRow> => ({
    key,
    title: `orders:invoiceCol.${key}`,
    ...extra,
  });
  return {
    id: 'invoices',
    ns: ['orders'],
    fetch: ordersApi.invoices,
    rowKey: (r) => r.ticketId,
    filters: [
      {
        kind: 'select',
        name: 'status',
        label: 'orders:filter.invoiceStatus',
        numeric: true,
        options: INVOICE_STATUSES.map((v) => ({ value: v, labelKey: `orders:invoiceStatus.${v}` })),
      },
    ],
    columns: [
      col('ticketId', { value: (r) => `#${r.ticketId}`, fixed: 'left' }),
      ...(look.platform ? [col('accountName')] : []),
      col('ticketType', { value: (r) => t(`orders:ticketType.${r.ticketType}`) }),
      col('busiName'),
      col('taxNum'),
      col('amount', {
        value: (r) => formatMoney(r.amount, r.currency, moneyLocale(look.lng)),
        align: 'right',
      }),
      col('orderSns', { value: (r) => r.orderSns.join(', '), ellipsis: true }),
      col('status', { value: (r) => t(`orders:invoiceStatus.${r.status}`), render: hooks.statusCell }),
      col('createdAt', { value: (r) => formatDate(r.createdAt, 'YYYY-MM-DD HH:mm') }),
      col('issuedAt', {
        value: (r) => (r.issuedAt === null ? '-' : formatDate(r.issuedAt, 'YYYY-MM-DD HH:mm')),
      }),
    ],
    toolbar: look.platform
      ? []
      : [{ key: 'invoiceInfo', label: 'orders:action.invoiceInfo', onClick: () => hooks.openInvoiceInfo() }],
    rowActions: look.platform
      ? [
          {
            key: 'issue',
            label: 'orders:action.issue',
            visible: (r) => r.status === 1,
            onClick: hooks.advance,
          },
        ]
      : [],
  };
}
