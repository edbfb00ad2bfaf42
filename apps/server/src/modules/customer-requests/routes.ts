import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignPrintingRequestBody,
  BundledCompletionBody,
  BundledShipmentIdParams,
  BundledShipmentResponse,
  CompleteCustomerRequestBody,
  CustomerRequestIdParams,
  CustomerRequestMessageResponse,
  CustomerRequestResponse,
  ListCustomerRequestsQuery,
  ListCustomerRequestsResponse,
  PrintingRequestIdParams,
  PrintShippingLabelBody,
  PrintingRequestItemIdParams,
  TrayDesignRequestIdParams,
  TrayDesignRequestMessageResponse,
  TrayDesignRequestResponse,
  UpdateManagementDataBody,
  UpdatePrintingRequestItemBody,
  UpdateShippingBody,
  UpdateBundledShipmentBody,
  UpdateTrayDesignRequestBody,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta as meta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';
import * as shipments from './shipments.ts';

/** A PDF the caller saves (labels): never cached. */
function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf as never);
}

const tags = ['customer-requests'];
const readErrors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409, 422);

/** Customer requests, printing request items, shipping, assignment and tray design requests. */
export const customerRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/customer_requests',
    {
      schema: {
        tags,
        summary: 'Requests the caller may see (scoped like patients), one page, newest change first',
        querystring: ListCustomerRequestsQuery,
        response: { 200: ListCustomerRequestsResponse, ...readErrors },
      },
    },
    async (request) => service.listRequests(ctx, requireActor(request), request.query),
  );

  app.get(
    '/customer_requests/:id',
    {
      schema: {
        tags,
        summary:
          'One request with its flawed trays, printing request, items, shipping and tray design request',
        params: CustomerRequestIdParams,
        response: { 200: CustomerRequestResponse, ...readErrors },
      },
    },
    async (request) => service.getRequest(ctx, requireActor(request), request.params.id),
  );

  app.post(
    '/customer_requests/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancels a new or in progress request (customer-requests.cancel or .manage)',
        params: CustomerRequestIdParams,
        response: { 200: CustomerRequestMessageResponse, ...writeErrors },
      },
    },
    async (request) => service.cancelRequest(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.post(
    '/customer_requests/:id/complete',
    {
      schema: {
        tags,
        summary:
          'Completes a new or in progress request; a tracking number is required with a printing request',
        params: CustomerRequestIdParams,
        body: CompleteCustomerRequestBody,
        response: { 200: CustomerRequestMessageResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.completeRequest(
        ctx,
        requireActor(request),
        request.params.id,
        request.body ?? {},
        meta(request),
      ),
  );

  app.put(
    '/customer_requests/:id/management_data',
    {
      schema: {
        tags,
        summary: 'Replaces the management data of a request (customer-requests.update-management-data)',
        params: CustomerRequestIdParams,
        body: UpdateManagementDataBody,
        response: { 200: CustomerRequestMessageResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.updateManagementData(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        meta(request),
      ),
  );

  app.put(
    '/printing_request_items/:id',
    {
      schema: {
        tags,
        summary: 'Updates a printing request item (insert brackets) while its request is open',
        params: PrintingRequestItemIdParams,
        body: UpdatePrintingRequestItemBody,
        response: { 200: CustomerRequestMessageResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.updateItem(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.delete(
    '/printing_request_items/:id',
    {
      schema: {
        tags,
        summary: 'Removes a printing request item while its request is open',
        params: PrintingRequestItemIdParams,
        response: { 200: CustomerRequestMessageResponse, ...writeErrors },
      },
    },
    async (request) => service.deleteItem(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.put(
    '/printing_requests/:id/shipping',
    {
      schema: {
        tags,
        summary:
          'Updates the shipping location, method and dates of a printing request while its request is open',
        params: PrintingRequestIdParams,
        body: UpdateShippingBody,
        response: { 200: CustomerRequestMessageResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.updateShipping(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.post(
    '/shipment/print-shipping-label',
    {
      schema: {
        tags,
        summary:
          "One 4×6 in shipping label (PDF) for open printing requests that ship to one location (bundles them; records the tracking number and carrier), or a bundle's label again",
        body: PrintShippingLabelBody,
        response: {
          200: { description: 'The label (PDF)', content: { 'application/pdf': { schema: z.string() } } },
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const { pdf, bundleId } = await shipments.printShippingLabel(
        ctx,
        requireActor(request),
        request.body,
        meta(request),
      );
      return sendPdf(reply, pdf, `shipping-label-${bundleId}.pdf`);
    },
  );

  app.post(
    '/bundled_completion',
    {
      schema: {
        tags,
        summary:
          'Completes open printing requests that shipped together (their labels printed) with the tracking number and the fees; they join one bundle',
        body: BundledCompletionBody,
        response: { 200: BundledShipmentResponse, ...writeErrors },
      },
    },
    async (request) => shipments.completeBundle(ctx, requireActor(request), request.body, meta(request)),
  );

  app.patch(
    '/bundled-shipments/:id',
    {
      schema: {
        tags,
        summary: "Updates a bundled shipment's tracking number (and its requests') and fees",
        params: BundledShipmentIdParams,
        body: UpdateBundledShipmentBody,
        response: { 200: BundledShipmentResponse, ...writeErrors },
      },
    },
    async (request) =>
      shipments.updateBundle(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.post(
    '/printing_requests/:id/patient_labels',
    {
      schema: {
        tags,
        summary:
          "The bench labels of a printing request as a PDF (one 4×2 in label per item with the case's barcode); marks the patient label printed",
        params: PrintingRequestIdParams,
        response: {
          200: { description: 'The labels (PDF)', content: { 'application/pdf': { schema: z.string() } } },
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const pdf = await service.printPatientLabels(
        ctx,
        requireActor(request),
        request.params.id,
        meta(request),
      );
      return sendPdf(reply, pdf, `patient-labels-${request.params.id}.pdf`);
    },
  );

  app.put(
    '/printing_requests/:id/assign',
    {
      schema: {
        tags,
        summary: 'Assigns a new printing request to the provider, the office or the third party',
        params: PrintingRequestIdParams,
        body: AssignPrintingRequestBody,
        response: { 200: CustomerRequestMessageResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.assignPrintingRequest(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        meta(request),
      ),
  );

  app.get(
    '/tray-design-requests/:id',
    {
      schema: {
        tags,
        summary: 'One tray design request',
        params: TrayDesignRequestIdParams,
        response: { 200: TrayDesignRequestResponse, ...readErrors },
      },
    },
    async (request) => service.getTrayDesign(ctx, requireActor(request), request.params.id),
  );

  app.put(
    '/tray-design-requests/:id',
    {
      schema: {
        tags,
        summary:
          "Sets the tray design request's maxillary and mandibular files (tray-design-requests.manage)",
        params: TrayDesignRequestIdParams,
        body: UpdateTrayDesignRequestBody,
        response: { 200: TrayDesignRequestMessageResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.updateTrayDesign(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );
};
