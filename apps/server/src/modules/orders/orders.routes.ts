/**
 * Orders and invoices (001 §7 "Orders and invoices"): families /api/user/order and
 * /api/user/invoice. OrderList and InvoiceList are screens of manufacturers and the platform
 * (packages/domain access.ts); the invoice status step is the platform's alone (the service refuses
 * others with 403). docs/api.md "Orders and invoices". Paying: orders.pay.routes.ts.
 */
import {
  INVOICE_APPLY_PATH,
  INVOICE_INFO_PATH,
  INVOICE_LIST_PATH,
  INVOICE_STATUS_PATH,
  invoiceApplyBody,
  invoiceInfoAnswer,
  invoiceInfoBody,
  invoiceListQuery,
  invoicePage,
  invoiceRow,
  ORDER_CANCEL_PATH,
  ORDER_CREATE_PATH,
  ORDER_DETAIL_PATH,
  ORDER_DRONES_PATH,
  ORDER_LIST_PATH,
  ok as okSchema,
  orderCreateBody,
  orderDrones,
  orderDronesQuery,
  orderListQuery,
  orderPage,
  orderRow,
  orderSnParams,
  ticketParams,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { Actor, OrdersService } from './orders.service.ts';

const tags = ['orders'];
export const orders = { access: { screens: ['OrderList'] } } as const;
const invoices = { access: { screens: ['InvoiceList'] } } as const;
/** The invoice info and the application are reached from both screens. */
const either = { access: { screens: ['OrderList', 'InvoiceList'] } } as const;

export function actor(req: FastifyRequest): Actor {
  const c = callerOf(req);
  return { userId: c.user.id, accountId: c.account.id, platform: c.account.account_type === 1 };
}

export const ordersRoutes: Routes<{ svc: OrdersService }> = async (app, { svc }) => {
  app.get(
    ORDER_LIST_PATH,
    {
      config: orders,
      schema: {
        tags,
        summary: 'Orders (manufacturer: its own; platform: all), filtered by orderSn, droneId, year, status',
        querystring: orderListQuery,
        response: { 200: okSchema(orderPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await svc.listOrders(actor(req), q);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );

  app.get(
    ORDER_DRONES_PATH,
    {
      config: orders,
      schema: {
        tags,
        summary: 'Drones a new order may name (the caller’s; platform: all), at most 50',
        querystring: orderDronesQuery,
        response: { 200: okSchema(orderDrones) },
      },
    },
    async (req) => ok(req, await svc.drones(actor(req), req.query.keyword)),
  );

  app.post(
    ORDER_CREATE_PATH,
    {
      config: orders,
      schema: {
        tags,
        summary: 'Create the yearly service-fee order of a drone (one per drone and year unless cancelled)',
        body: orderCreateBody,
        response: { 200: okSchema(orderRow) },
      },
    },
    async (req) => {
      const order = await svc.create(actor(req), req.body);
      auditOf(req).target = `orderSn=${order.orderSn}`;
      auditOf(req).detail = { droneId: order.droneId, year: order.year, amount: order.amount };
      return ok(req, order);
    },
  );

  app.get(
    `${ORDER_DETAIL_PATH}/:orderSn`,
    {
      config: orders,
      schema: { tags, summary: 'One order', params: orderSnParams, response: { 200: okSchema(orderRow) } },
    },
    async (req) => ok(req, await svc.detail(actor(req), req.params.orderSn)),
  );

  app.post(
    `${ORDER_CANCEL_PATH}/:orderSn`,
    {
      config: orders,
      schema: {
        tags,
        summary: 'Cancel an unpaid order of the caller’s account',
        params: orderSnParams,
        response: { 200: okSchema(orderRow) },
      },
    },
    async (req) => ok(req, await svc.cancel(actor(req), req.params.orderSn)),
  );

  app.get(
    INVOICE_INFO_PATH,
    {
      config: either,
      schema: {
        tags,
        summary: 'The caller’s account’s invoice info (null until saved)',
        response: { 200: okSchema(invoiceInfoAnswer) },
      },
    },
    async (req) => ok(req, await svc.invoiceInfo(actor(req))),
  );

  app.put(
    INVOICE_INFO_PATH,
    {
      config: either,
      schema: {
        tags,
        summary: 'Save the caller’s account’s invoice info',
        body: invoiceInfoBody,
        response: { 200: okSchema(invoiceInfoAnswer) },
      },
    },
    async (req) => {
      auditOf(req).target = `accountId=${callerOf(req).account.id}`;
      return ok(req, await svc.saveInvoiceInfo(actor(req), req.body));
    },
  );

  app.post(
    INVOICE_APPLY_PATH,
    {
      config: either,
      schema: {
        tags,
        summary: 'Apply for an invoice for paid orders of the caller’s account not yet invoiced',
        body: invoiceApplyBody,
        response: { 200: okSchema(invoiceRow) },
      },
    },
    async (req) => {
      const invoice = await svc.apply(actor(req), req.body.orderIds);
      auditOf(req).target = `ticketId=${invoice.ticketId}`;
      auditOf(req).detail = { orderIds: req.body.orderIds, amount: invoice.amount };
      return ok(req, invoice);
    },
  );

  app.get(
    INVOICE_LIST_PATH,
    {
      config: invoices,
      schema: {
        tags,
        summary: 'Invoices (manufacturer: its own; platform: all)',
        querystring: invoiceListQuery,
        response: { 200: okSchema(invoicePage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await svc.listInvoices(actor(req), q);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );

  app.put(
    `${INVOICE_STATUS_PATH}/:ticketId`,
    {
      config: invoices,
      schema: {
        tags,
        summary: 'Platform only: advance an invoice’s status (1 applied -> 2 issued); no body',
        params: ticketParams,
        response: { 200: okSchema(z.object({ ticketId: z.number().int(), status: z.number().int() })) },
      },
    },
    async (req) => ok(req, await svc.advanceInvoice(actor(req), req.params.ticketId)),
  );
};
