import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddDiscountOrChargeRequest,
  BILLING_MESSAGES,
  BuySeatsRequest,
  BuySeatsResponse,
  ContractIdParams,
  ContractListResponse,
  ContractMessageResponse,
  ContractResponse,
  CurrentOrderResponse,
  DownloadInvoiceQuery,
  ListContractsQuery,
  OrderIdParams,
  OrderMessageResponse,
  OrderResponse,
  OrdersResponse,
  OrganizationContractResponse,
  OrganizationIdParams,
  OrganizationSeatsResponse,
  PaymentMethodIdParams,
  PaymentMethodResponse,
  RemoveChargeRequest,
  RemoveDiscountRequest,
  UpdateExpiryRequest,
  UserIdParams,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import { invoiceCsv, invoiceFileName, invoicePdf } from './invoice-document.ts';
import { registerBillingRun } from './run-schedule.ts';
import * as service from './service.ts';

const tags = ['billing'];
const readErrors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409, 422);

/** Payment method expiry, orders and invoices, subscriptions (contracts). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // The daily monthly billing run (a job on the queue; see run-schedule.ts).
  registerBillingRun(app, ctx);

  app.put(
    '/f_m_payment_methods/:id/update_exp_date',
    {
      schema: {
        tags,
        summary: "Updates a card's expiry month (not in the past); stored as the month's last day",
        params: PaymentMethodIdParams,
        body: UpdateExpiryRequest,
        response: { 200: PaymentMethodResponse, ...writeErrors },
      },
    },
    async (request) => ({
      payment_method: await service.updateExpiry(
        ctx,
        requireActor(request),
        request.params.id,
        request.body.card_exp_datetime,
        requestMeta(request),
      ),
      message: BILLING_MESSAGES.expiryUpdated,
    }),
  );

  app.get(
    '/organizations/:id/contract',
    {
      schema: {
        tags,
        summary: "The organization's subscription summary (next payment date); null without one",
        params: OrganizationIdParams,
        response: { 200: OrganizationContractResponse, ...readErrors },
      },
    },
    async (request) => ({
      contract: await service.organizationContract(ctx, requireActor(request), request.params.id),
    }),
  );

  app.get(
    '/organizations/:id/list_orders',
    {
      schema: {
        tags,
        summary: "The organization's orders (invoices), newest first",
        params: OrganizationIdParams,
        response: { 200: OrdersResponse, ...readErrors },
      },
    },
    async (request) => ({
      orders: await service.organizationOrders(ctx, requireActor(request), request.params.id),
    }),
  );

  app.get(
    '/organizations/:id/current_order',
    {
      schema: {
        tags,
        summary: "The organization's current (open) order, or null",
        params: OrganizationIdParams,
        response: { 200: CurrentOrderResponse, ...readErrors },
      },
    },
    async (request) => {
      const order = await service.currentOrder(ctx, requireActor(request), request.params.id);
      return { order, metadata: { template_data: order?.template_data ?? null } };
    },
  );

  app.get(
    '/organizations/:id/seats',
    {
      schema: {
        tags,
        summary:
          "The Extra tab: the contract's license (seats, devices, available seats), whether its type allows buying seats, and the seat price (cents)",
        params: OrganizationIdParams,
        response: { 200: OrganizationSeatsResponse, ...readErrors },
      },
    },
    async (request) => service.organizationSeats(ctx, requireActor(request), request.params.id),
  );

  app.post(
    '/organizations/:id/buy-seats',
    {
      schema: {
        tags,
        summary:
          "Buys seats (1-50): the license gains them and 'Additional seats (n)' goes on the current order (403 when the license type does not allow it)",
        params: OrganizationIdParams,
        body: BuySeatsRequest,
        response: { 200: BuySeatsResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.buySeats(
        ctx,
        requireActor(request),
        request.params.id,
        request.body.quantity,
        requestMeta(request),
      ),
  );

  app.get(
    '/users/:id/orders',
    {
      schema: {
        tags,
        summary: "The orders of the user's organizations that the caller may read",
        params: UserIdParams,
        response: { 200: OrdersResponse, ...readErrors },
      },
    },
    async (request) => ({ orders: await service.userOrders(ctx, requireActor(request), request.params.id) }),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: 'One order with its items, discounts and charges',
        params: OrderIdParams,
        response: { 200: OrderResponse, ...readErrors },
      },
    },
    async (request) => ({ order: await service.getOrder(ctx, requireActor(request), request.params.id) }),
  );

  app.get(
    '/orders/:id/download_invoice',
    {
      schema: {
        tags,
        summary: 'The invoice as a PDF or CSV file (the file name is in Content-Disposition)',
        params: OrderIdParams,
        querystring: DownloadInvoiceQuery,
        response: {
          200: {
            description: 'The invoice file',
            content: { 'application/pdf': { schema: z.string() }, 'text/csv': { schema: z.string() } },
          },
          ...readErrors,
        },
      },
    },
    async (request, reply) => {
      const order = await service.getOrder(ctx, requireActor(request), request.params.id);
      const type = request.query.type;
      return reply
        .header('content-type', type === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${invoiceFileName(order, type)}"`)
        .header('cache-control', 'private, no-store')
        .send((type === 'pdf' ? invoicePdf(order) : invoiceCsv(order)) as never);
    },
  );

  app.post(
    '/orders/:id/add_discount_or_charge',
    {
      schema: {
        tags,
        summary: 'Adds a discount (negative value, cents) or a charge (positive) to an unpaid order',
        params: OrderIdParams,
        body: AddDiscountOrChargeRequest,
        response: { 200: OrderMessageResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.addDiscountOrCharge(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );

  app.post(
    '/orders/:id/remove_discount',
    {
      schema: {
        tags,
        summary:
          'Removes a discount from an unpaid order (orders.manage; not periodic or FIRSTMONTHFREE/TWOMONTHSFREE)',
        params: OrderIdParams,
        body: RemoveDiscountRequest,
        response: { 200: OrderMessageResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.removeAdjustment(
        ctx,
        requireActor(request),
        request.params.id,
        'discount',
        request.body.discount_id,
        requestMeta(request),
      ),
  );

  app.post(
    '/orders/:id/remove_charge',
    {
      schema: {
        tags,
        summary: 'Removes a charge from an unpaid order (orders.manage; not periodic)',
        params: OrderIdParams,
        body: RemoveChargeRequest,
        response: { 200: OrderMessageResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.removeAdjustment(
        ctx,
        requireActor(request),
        request.params.id,
        'charge',
        request.body.charge_id,
        requestMeta(request),
      ),
  );

  app.get(
    '/contracts',
    {
      schema: {
        tags,
        summary: 'Subscriptions: search by organization, payment status, next payment date range',
        querystring: ListContractsQuery,
        response: { 200: ContractListResponse, ...readErrors },
      },
    },
    async (request) => service.listContracts(ctx, requireActor(request), request.query),
  );

  app.get(
    '/contracts/:id',
    {
      schema: {
        tags,
        summary: 'A subscription with its license, payment attempts, current order and all orders',
        params: ContractIdParams,
        response: { 200: ContractResponse, ...readErrors },
      },
    },
    async (request) => ({
      contract: await service.getContract(ctx, requireActor(request), request.params.id),
    }),
  );

  const action = (path: string, summary: string, run: typeof service.attemptPayment) =>
    app.post(
      `/contracts/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          params: ContractIdParams,
          response: { 200: ContractMessageResponse, ...writeErrors },
        },
      },
      async (request) => run(ctx, requireActor(request), request.params.id, requestMeta(request)),
    );
  action(
    'attempt_payment',
    "Charges the oldest unpaid order to the primary method (not while suspended); a decline answers 422 with the processor's message",
    service.attemptPayment,
  );
  action('suspend', 'Suspends the subscription (contracts.manage)', service.suspendContract);
  action(
    'resume',
    'Resumes a suspended subscription (contracts.manage; not for a disabled organization); charges an unpaid order',
    service.resumeContract,
  );
};
