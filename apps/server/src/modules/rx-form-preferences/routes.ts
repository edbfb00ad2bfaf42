import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FormBuilderOrganizationParams,
  RxFormPreferenceResponse,
  RxFormPreferenceSavedResponse,
  UpdateRxFormPreferenceRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['organizations'];
const errors = errorResponses(400, 401, 403, 404, 422);

/** The RxForm preference of an organization: assignment options, DIBS options, hidden fields, rush. */
export const rxFormPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/organizations/:id/rx_form_preference',
    {
      schema: {
        tags,
        summary: "The organization's RxForm preference with the hideable fields and its third party partner",
        params: FormBuilderOrganizationParams,
        response: { 200: RxFormPreferenceResponse, ...errors },
      },
    },
    async (request) => service.getPreference(ctx, requireActor(request), request.params.id),
  );

  app.put(
    '/organizations/:id/rx_form_preference',
    {
      schema: {
        tags,
        summary: 'Saves the RxForm preference (organization.rx-form-preference.update)',
        params: FormBuilderOrganizationParams,
        body: UpdateRxFormPreferenceRequest,
        response: { 200: RxFormPreferenceSavedResponse, ...errors },
      },
    },
    async (request) =>
      service.updatePreference(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );
};
