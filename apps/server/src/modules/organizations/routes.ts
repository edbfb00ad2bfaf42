import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddMemberRequest,
  AssignedLocationsResponse,
  BillingAddressResponse,
  BillingAddressSchema,
  ChangeRoleRequest,
  ChangeRoleResponse,
  ContactsRequest,
  ContactsResponse,
  ContactsSavedResponse,
  CreditRequest,
  CurrentUserPermissionsResponse,
  InitialSetupConfigurationForm,
  InitialSetupConfigurationResponse,
  InitialSetupConfigurationSavedResponse,
  PrintRequestConfigurationForm,
  PrintRequestConfigurationResponse,
  PrintRequestConfigurationSavedResponse,
  CreditResponse,
  HubSearchQuery,
  HubSearchResponse,
  InviteMemberRequest,
  MembersResponse,
  MessageResponse,
  ORGANIZATION_MESSAGES,
  OrganizationCreateRequest,
  OrganizationIdParams,
  OrganizationMember,
  OrganizationMessageResponse,
  OrganizationResponse,
  OrganizationTypesResponse,
  OrganizationUpdateRequest,
  OrganizationsListQuery,
  OrganizationsListResponse,
  QuickGlanceResponse,
  RemoveMemberRequest,
  SendInviteToCreateRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import * as service from './service.ts';

const tags = ['organizations'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);
const params = OrganizationIdParams;
const metaOf = requestMeta;

/** Organizations, members, billing address, contacts, credits, archive; the management hub search. */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/organizations',
    {
      schema: {
        tags,
        summary: 'Organizations in the caller scope (searchString, customerServiceManager, orderBy)',
        querystring: OrganizationsListQuery,
        response: { 200: OrganizationsListResponse, ...errors },
      },
    },
    async (request) => ({
      organizations: await service.listOrganizations(ctx, requireActor(request), request.query),
    }),
  );

  app.post(
    '/organizations',
    {
      schema: {
        tags,
        summary: 'Creates an organization from the organization form (organizations.manage)',
        body: OrganizationCreateRequest,
        response: { 201: OrganizationMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const organization = await service.createOrganization(
        ctx,
        requireActor(request),
        request.body,
        metaOf(request),
      );
      return reply.status(201).send({ organization, message: ORGANIZATION_MESSAGES.created });
    },
  );

  app.get(
    '/organization/types',
    {
      schema: {
        tags,
        summary: 'Organization types',
        response: { 200: OrganizationTypesResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.listOrganizationTypes(ctx, requireActor(request)) }),
  );

  app.post(
    '/organizations/send_invite_to_create',
    {
      schema: {
        tags,
        summary: 'Invites an e-mail to create an organization (organizations.send-invite-to-create)',
        body: SendInviteToCreateRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.sendInviteToCreate(ctx, requireActor(request), request.body.email, metaOf(request));
      return { message: ORGANIZATION_MESSAGES.inviteToCreateSent };
    },
  );

  app.get(
    '/organizations/:id',
    {
      schema: {
        tags,
        summary: 'An organization with users, credits, contract, locations and payment info',
        params,
        response: { 200: OrganizationResponse, ...errors },
      },
    },
    async (request) => ({
      organization: await service.showOrganization(ctx, requireActor(request), request.params.id),
    }),
  );

  app.put(
    '/organizations/:id',
    {
      schema: {
        tags,
        summary: 'Saves the organization form (organization.update or organizations.manage)',
        params,
        body: OrganizationUpdateRequest,
        response: { 200: OrganizationMessageResponse, ...errors },
      },
    },
    async (request) => ({
      organization: await service.updateOrganization(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        metaOf(request),
      ),
      message: ORGANIZATION_MESSAGES.updated,
    }),
  );

  app.delete(
    '/organizations/:id',
    {
      schema: {
        tags,
        summary: 'Deletes the organization (practice users with organization.update)',
        params,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteOrganization(ctx, requireActor(request), request.params.id, metaOf(request));
      return { message: ORGANIZATION_MESSAGES.deleted };
    },
  );

  app.get(
    '/organizations/:id/quick_glance',
    {
      schema: {
        tags,
        summary: 'Quick glance of an organization (staff)',
        params,
        response: { 200: QuickGlanceResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.quickGlance(ctx, requireActor(request), request.params.id) }),
  );

  app.post(
    '/organizations/:id/invite',
    {
      schema: {
        tags,
        summary: 'Invites an e-mail as owner or member',
        params,
        body: InviteMemberRequest,
        response: { 200: OrganizationMessageResponse, ...errors },
      },
    },
    async (request) => ({
      organization: await service.inviteMember(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        metaOf(request),
      ),
      message: ORGANIZATION_MESSAGES.invited,
    }),
  );

  app.post(
    '/organizations/:id/add_member',
    {
      schema: {
        tags,
        summary: 'Adds an existing user (organizations.add_member or organizations.manage)',
        params,
        body: AddMemberRequest,
        response: { 200: z.object({ user: OrganizationMember, message: z.string() }), ...errors },
      },
    },
    async (request) => ({
      user: await service.addMember(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        metaOf(request),
      ),
      message: ORGANIZATION_MESSAGES.memberAdded,
    }),
  );

  app.post(
    '/organizations/:id/remove_member',
    {
      schema: {
        tags,
        summary: 'Removes a member',
        params,
        body: RemoveMemberRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.removeMember(
        ctx,
        requireActor(request),
        request.params.id,
        request.body.user_id,
        metaOf(request),
      );
      return { message: ORGANIZATION_MESSAGES.memberRemoved };
    },
  );

  app.post(
    '/organizations/:id/change_role',
    {
      schema: {
        tags,
        summary: "Changes a member's role (organizations.change-member-role or organizations.manage)",
        params,
        body: ChangeRoleRequest,
        response: { 200: ChangeRoleResponse, ...errors },
      },
    },
    async (request) => ({
      user: await service.changeRole(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        metaOf(request),
      ),
      message: ORGANIZATION_MESSAGES.roleChanged,
    }),
  );

  app.get(
    '/organizations/:id/list_members',
    {
      schema: {
        tags,
        summary: 'Members with their pivot role',
        params,
        response: { 200: MembersResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.listMembers(ctx, requireActor(request), request.params.id) }),
  );

  app.get(
    '/organizations/:id/list_assigned_locations',
    {
      schema: {
        tags,
        summary: "The caller's assigned locations in the organization",
        params,
        response: { 200: AssignedLocationsResponse, ...errors },
      },
    },
    async (request) => ({
      locations: await service.listAssignedLocations(ctx, requireActor(request), request.params.id),
    }),
  );

  app.put(
    '/organizations/:id/billing_address',
    {
      schema: {
        tags,
        summary: 'Saves the billing address',
        params,
        body: BillingAddressSchema,
        response: { 200: BillingAddressResponse, ...errors },
      },
    },
    async (request) => ({
      billing_address: await service.saveBillingAddress(
        ctx,
        requireActor(request),
        request.params.id,
        { ...request.body, street_address_line_2: request.body.street_address_line_2 || null },
        metaOf(request),
      ),
      message: ORGANIZATION_MESSAGES.billingSaved,
    }),
  );

  app.get(
    '/organizations/:id/contacts',
    {
      schema: {
        tags,
        summary: 'Additional office staff',
        params,
        response: { 200: ContactsResponse, ...errors },
      },
    },
    async (request) => ({
      contacts: await service.listContacts(ctx, requireActor(request), request.params.id),
    }),
  );

  app.put(
    '/organizations/:id/contacts',
    {
      schema: {
        tags,
        summary: 'Replaces the contact list',
        params,
        body: ContactsRequest,
        response: { 200: ContactsSavedResponse, ...errors },
      },
    },
    async (request) => ({
      contacts: await service.replaceContacts(
        ctx,
        requireActor(request),
        request.params.id,
        request.body.contacts.map((c) => ({
          id: c.id,
          first_name: c.first_name,
          last_name: c.last_name || null,
          title: c.title,
          email: c.email,
          phone_number: c.phone_number || null,
          notes: c.notes || null,
        })),
        metaOf(request),
      ),
      message: ORGANIZATION_MESSAGES.contactsSaved,
    }),
  );

  app.post(
    '/organizations/:id/credits',
    {
      schema: {
        tags,
        summary: 'Grants a credit',
        params,
        body: CreditRequest,
        response: { 200: CreditResponse, ...errors },
      },
    },
    async (request) => ({
      credit: await service.addCredit(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        metaOf(request),
      ),
      message: ORGANIZATION_MESSAGES.creditAdded,
    }),
  );

  app.put(
    '/organizations/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archives the organization (organization.archive)',
        params,
        response: { 200: OrganizationMessageResponse, ...errors },
      },
    },
    async (request) => ({
      organization: await service.archiveOrganization(
        ctx,
        requireActor(request),
        request.params.id,
        metaOf(request),
      ),
      message: ORGANIZATION_MESSAGES.archived,
    }),
  );

  app.put(
    '/organizations/:id/un-archive',
    {
      schema: {
        tags,
        summary: 'Restores the organization (organization.un-archive)',
        params,
        response: { 200: OrganizationMessageResponse, ...errors },
      },
    },
    async (request) => ({
      organization: await service.unarchiveOrganization(
        ctx,
        requireActor(request),
        request.params.id,
        metaOf(request),
      ),
      message: ORGANIZATION_MESSAGES.unarchived,
    }),
  );

  app.get(
    '/organizations/:id/initial_setup_configuration',
    {
      schema: {
        tags,
        summary: 'The initial case setup assignment options and the default of a new case',
        params,
        response: { 200: InitialSetupConfigurationResponse, ...errors },
      },
    },
    async (request) => service.getInitialSetupConfiguration(ctx, requireActor(request), request.params.id),
  );

  app.put(
    '/organizations/:id/initial_setup_configuration',
    {
      schema: {
        tags,
        summary: 'Saves the initial setup configuration (organization.rx-form-preference.update)',
        params,
        body: InitialSetupConfigurationForm,
        response: { 200: InitialSetupConfigurationSavedResponse, ...errors },
      },
    },
    async (request) =>
      service.saveInitialSetupConfiguration(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        metaOf(request),
      ),
  );

  app.get(
    '/organizations/:id/print_request_configuration',
    {
      schema: {
        tags,
        summary: 'The print and insert-brackets assignment options and the defaults of a new case',
        params,
        response: { 200: PrintRequestConfigurationResponse, ...errors },
      },
    },
    async (request) => service.getPrintRequestConfiguration(ctx, requireActor(request), request.params.id),
  );

  app.put(
    '/organizations/:id/print_request_configuration',
    {
      schema: {
        tags,
        summary: 'Saves the print request configuration (organization.rx-form-preference.update)',
        params,
        body: PrintRequestConfigurationForm,
        response: { 200: PrintRequestConfigurationSavedResponse, ...errors },
      },
    },
    async (request) =>
      service.savePrintRequestConfiguration(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        metaOf(request),
      ),
  );

  app.get(
    '/organizations/:id/current_user_permissions',
    {
      schema: {
        tags,
        summary: "The caller's permissions and role inside the organization",
        params,
        response: { 200: CurrentUserPermissionsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.currentUserPermissions(ctx, requireActor(request), request.params.id),
    }),
  );

  app.get(
    '/organizations-users',
    {
      schema: {
        tags,
        summary: 'Management hub search over users, organizations and locations',
        querystring: HubSearchQuery,
        response: { 200: HubSearchResponse, ...errors },
      },
    },
    async (request) => service.searchOrganizationsAndUsers(ctx, requireActor(request), request.query),
  );

  app.get(
    '/organizations-users/export',
    {
      schema: {
        tags,
        summary: 'The hub search result as CSV (up to 100000 rows)',
        querystring: HubSearchQuery,
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const csv = await service.exportOrganizationsAndUsers(
        ctx,
        requireActor(request),
        request.query,
        metaOf(request),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="organizations-users.csv"')
        .send(csv);
    },
  );
};
