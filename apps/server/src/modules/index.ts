import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireActor } from '../platform/auth/plugin.ts';
import { healthRoutes } from './health/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { viewerSignInRoutes } from './auth/viewer-sign-in.routes.ts';
import { twoFactorRoutes } from './auth/two-factor.routes.ts';
import { passwordChangeRoutes } from './auth/password-change.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { announcementRoutes } from './announcements/routes.ts';
import { customPermissionRoutes } from './users/custom-permissions.routes.ts';
import { organizationRoutes } from './organizations/routes.ts';
import { userRoutes } from './users/routes.ts';
import { locationRoutes } from './locations/routes.ts';
import { licenseRoutes } from './licenses/routes.ts';
import { patientRoutes } from './patients/routes.ts';
import { accessHistoryRoutes } from './patients/access-history.routes.ts';
import { caseNoteRoutes } from './case-notes/routes.ts';
import { patientFileRoutes } from './patient-files/routes.ts';
import { businessDayRoutes } from './business-days/routes.ts';
import { caseEntryLookupRoutes } from './case-entry-lookups/routes.ts';
import { rxFormRoutes } from './rx-forms/routes.ts';
import { formBuilderRoutes } from './form-builder/routes.ts';
import { rxFormPreferenceRoutes } from './rx-form-preferences/routes.ts';
import { onboardingRoutes } from './onboardings/routes.ts';
import { accountSetupRoutes } from './account-setup/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { techWorkflowRoutes } from './tech-workflows/routes.ts';
import { customerRequestRoutes } from './customer-requests/routes.ts';
import { flawedTrayRoutes } from './flawed-trays/routes.ts';
import { batchRoutes } from './batches/routes.ts';
import { pricingRoutes } from './pricing/routes.ts';
import { promotionCodeRoutes } from './promotion-codes/routes.ts';
import { periodicRuleRoutes } from './periodic-rules/routes.ts';
import { libraryRoutes } from './libraries/routes.ts';
import { installerRoutes } from './installers/routes.ts';
import { dibsOnDemandRoutes } from './dibs-on-demand/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { caseFeedbackRoutes } from './case-feedback/routes.ts';
import { printingFileRoutes } from './printing-files/routes.ts';

/**
 * A route is public when its schema declares `security: []` (so the OpenAPI document says the
 * same); every other route needs a session. Checked when the request arrives, before its body is
 * read or validated, so a caller without a valid token always gets 401, never a validation error.
 */
function isPublicRoute(request: FastifyRequest): boolean {
  const security = (request.routeOptions.schema as { security?: unknown[] } | undefined)?.security;
  return Array.isArray(security) && security.length === 0;
}

/** Every API area, registered under /services/api/v2. Add a module with one line here. */
export async function registerModules(api: FastifyInstance) {
  api.addHook('onRequest', async (request) => {
    if (!isPublicRoute(request)) requireActor(request);
  });
  await api.register(healthRoutes);
  await api.register(authRoutes);
  await api.register(viewerSignInRoutes);
  await api.register(twoFactorRoutes);
  await api.register(passwordChangeRoutes);
  await api.register(notificationRoutes);
  await api.register(announcementRoutes);
  await api.register(customPermissionRoutes);
  await api.register(organizationRoutes);
  await api.register(userRoutes);
  await api.register(locationRoutes);
  await api.register(licenseRoutes);
  await api.register(patientRoutes);
  await api.register(accessHistoryRoutes);
  await api.register(caseNoteRoutes);
  await api.register(patientFileRoutes);
  await api.register(businessDayRoutes);
  await api.register(caseEntryLookupRoutes);
  await api.register(rxFormRoutes);
  await api.register(formBuilderRoutes);
  await api.register(rxFormPreferenceRoutes);
  await api.register(accountSetupRoutes);
  await api.register(billingRoutes);
  await api.register(onboardingRoutes);
  await api.register(dashboardRoutes);
  await api.register(reportRoutes);
  await api.register(techWorkflowRoutes);
  await api.register(customerRequestRoutes);
  await api.register(flawedTrayRoutes);
  await api.register(batchRoutes);
  await api.register(pricingRoutes);
  await api.register(promotionCodeRoutes);
  await api.register(periodicRuleRoutes);
  await api.register(libraryRoutes);
  await api.register(installerRoutes);
  await api.register(dibsOnDemandRoutes);
  await api.register(webhookRoutes);
  await api.register(caseFeedbackRoutes);
  await api.register(printingFileRoutes);
}
