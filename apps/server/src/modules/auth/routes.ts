import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddEmailRequest,
  AddEmailResponse,
  AltchaChallengeResponse,
  AUTH_MESSAGES,
  CheckEmailQuery,
  CheckEmailResponse,
  ConfirmInvitationRequest,
  ConfirmInvitationResponse,
  CreateUserFromInvitationRequest,
  CurrentOrganizationRequest,
  CurrentOrganizationResponse,
  EmailIdParams,
  LastActivityResponse,
  LoginRequest,
  LoginResponse,
  MeResponse,
  MessageResponse,
  ProfileUpdateRequest,
  ProfileUpdateResponse,
  RegisterRequest,
  RequestResetRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  SettingsResponse,
  VerifyRequest,
  VerifyResponse,
} from '@archline/contracts';
import { createAltchaChallenge } from '../../platform/auth/altcha.ts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { RateLimitedError } from '../../platform/auth/rate-limit.ts';
import * as service from './service.ts';

const metaOf = requestMeta;

const tags = ['auth'];
const publicRoute = { tags, security: [] };
const errors = errorResponses(400, 401, 403, 404, 422, 429);

/** Sessions, sign-up, verification, password reset, invitations and the caller's own profile. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  });

  app.get(
    '/altcha/challenge',
    {
      schema: {
        ...publicRoute,
        summary: 'A bot-check challenge for the ALTCHA widget',
        response: { 200: AltchaChallengeResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createAltchaChallenge(ctx);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        ...publicRoute,
        summary: 'Sign in',
        body: LoginRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request) => service.login(ctx, request.body, metaOf(request)),
  );

  app.post(
    '/register',
    {
      schema: {
        ...publicRoute,
        summary: 'Sign up',
        body: RegisterRequest,
        response: { 201: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await service.register(ctx, request.body, metaOf(request));
      return reply.status(201).send({ message: AUTH_MESSAGES.registered });
    },
  );

  app.get(
    '/check-email',
    {
      schema: {
        ...publicRoute,
        summary: 'Sign-up step 1: is the e-mail free?',
        querystring: CheckEmailQuery,
        response: { 200: CheckEmailResponse, ...errors },
      },
    },
    async (request) => {
      await service.checkEmail(ctx, request.query.email, metaOf(request));
      return { available: true as const, message: AUTH_MESSAGES.emailAvailable };
    },
  );

  app.post(
    '/logout',
    { schema: { tags, summary: 'End this session', response: { 200: MessageResponse, ...errors } } },
    async (request) => {
      await service.logout(ctx, requireActor(request), metaOf(request));
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/request_reset',
    {
      schema: {
        ...publicRoute,
        summary: 'Mail a password reset link',
        body: RequestResetRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.requestReset(ctx, request.body.email, metaOf(request));
      return { message: AUTH_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/reset',
    {
      schema: {
        ...publicRoute,
        summary: 'Set a new password from a reset link',
        body: ResetPasswordRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.resetPassword(ctx, request.body, metaOf(request));
      return { message: AUTH_MESSAGES.resetDone };
    },
  );

  app.post(
    '/resend_verification',
    {
      schema: {
        ...publicRoute,
        summary: 'Mail a new VERIFY link',
        body: ResendVerificationRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.resendVerification(ctx, request.body.email, metaOf(request));
      return { message: AUTH_MESSAGES.verificationResent };
    },
  );

  app.post(
    '/verify',
    {
      schema: {
        ...publicRoute,
        summary: 'Verify the e-mail and sign in',
        body: VerifyRequest,
        response: { 200: VerifyResponse, ...errors },
      },
    },
    async (request) => {
      const info = await service.verifyEmail(ctx, request.body.token, metaOf(request));
      return { message: AUTH_MESSAGES.verified, login_info: info };
    },
  );

  app.post(
    '/organizations/confirm_invitation',
    {
      schema: {
        ...publicRoute,
        summary: 'Accept an invitation to an organization',
        body: ConfirmInvitationRequest,
        response: { 200: ConfirmInvitationResponse, ...errors },
      },
    },
    async (request) => {
      const { organization } = await service.confirmInvitation(ctx, request.body.token, metaOf(request));
      return { message: AUTH_MESSAGES.invitationConfirmed, organization };
    },
  );

  app.post(
    '/organizations/create_user',
    {
      schema: {
        ...publicRoute,
        summary: 'Create an account from an invitation',
        body: CreateUserFromInvitationRequest,
        response: { 201: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await service.createUserFromInvitation(ctx, request.body, metaOf(request));
      return reply.status(201).send({ message: AUTH_MESSAGES.userCreated });
    },
  );

  app.get(
    '/me',
    { schema: { tags, summary: 'The signed-in user', response: { 200: MeResponse, ...errors } } },
    async (request) => service.me(ctx, requireActor(request)),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Update the own profile',
        body: ProfileUpdateRequest,
        response: { 200: ProfileUpdateResponse, ...errors },
      },
    },
    async (request) => {
      const user = await service.updateProfile(ctx, requireActor(request), request.body, metaOf(request));
      return { message: AUTH_MESSAGES.profileUpdated, user };
    },
  );

  app.put(
    '/me/current-organization',
    {
      schema: {
        tags,
        summary: 'Switch the current organization',
        body: CurrentOrganizationRequest,
        response: { 200: CurrentOrganizationResponse, ...errors },
      },
    },
    async (request) => {
      const user = await service.switchOrganization(
        ctx,
        requireActor(request),
        request.body.organization_id,
        metaOf(request),
      );
      return { message: AUTH_MESSAGES.organizationSwitched, user };
    },
  );

  app.get(
    '/settings',
    {
      schema: {
        tags,
        summary: 'Global settings for the signed-in user',
        response: { 200: SettingsResponse, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      return service.publicSettings(ctx);
    },
  );

  app.put(
    '/last-activity-time',
    {
      schema: {
        tags,
        summary: 'Record user activity (throttled by the client)',
        response: { 200: LastActivityResponse, ...errors },
      },
    },
    async (request) => {
      const at = await service.recordActivity(ctx, requireActor(request));
      return { last_activity_at: at.toISOString() };
    },
  );

  app.post(
    '/emails',
    {
      schema: {
        tags,
        summary: 'Add an e-mail to the own profile (management)',
        body: AddEmailRequest,
        response: { 201: AddEmailResponse, ...errors },
      },
    },
    async (request, reply) => {
      const email = await service.addEmail(ctx, requireActor(request), request.body.email, metaOf(request));
      return reply.status(201).send({ message: AUTH_MESSAGES.emailAdded, email });
    },
  );

  app.delete(
    '/emails/:id',
    {
      schema: {
        tags,
        summary: 'Remove an additional e-mail (management)',
        params: EmailIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.removeEmail(ctx, requireActor(request), request.params.id, metaOf(request));
      return { message: AUTH_MESSAGES.emailRemoved };
    },
  );
};
