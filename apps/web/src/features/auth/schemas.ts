import { LoginRequest } from '@archline/contracts/auth';

/**
 * The forms validate with the API's own schemas (one rule, one message): see @archline/contracts
 * auth.ts. Only the login form leaves out the fields the page fills itself.
 */
export {
  CreateUserFromInvitationRequest as CreateUserForm,
  RegisterRequest as SignUpForm,
  RegisterStep1Schema,
  RequestResetRequest as ForgotPasswordForm,
  ResetPasswordRequest as ResetPasswordForm,
} from '@archline/contracts/auth';

export const LoginForm = LoginRequest.pick({ email: true, password: true, remember_me: true });
