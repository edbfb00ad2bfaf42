import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { sendMail } from '../../platform/mail/index.ts';

/** Texts of the account e-mails. Each is queued in the transaction that creates its token. */

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function layout(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#f3f4f6;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1976d2;color:#ffffff;padding:12px 24px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#6b7280">If the button does not work, copy this link into your browser: ${escapeHtml(action.url)}</p>
<p style="margin:0;font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>
</div></body></html>`;
}

export function verificationLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/verify-user?token=${encodeURIComponent(token)}`;
}

export function resetLink(ctx: AppContext, token: string, userRole: string): string {
  return `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&userRole=${encodeURIComponent(userRole)}`;
}

export function confirmInvitationLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/confirm-invitation?token=${encodeURIComponent(token)}`;
}

export function createUserLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/create-user?token=${encodeURIComponent(token)}`;
}

export async function sendVerificationEmail(
  ctx: AppContext,
  executor: Kysely<DB>,
  to: { email: string; firstName: string },
  token: string,
): Promise<void> {
  const url = verificationLink(ctx, token);
  const greeting = `Hello ${to.firstName},`;
  const lines = [
    'thank you for signing up for Archline.',
    'Please click VERIFY to confirm your e-mail address. You will be logged in right away.',
  ];
  const footer = 'The link is valid for 48 hours. If you did not sign up, you can ignore this e-mail.';
  await sendMail(
    ctx,
    {
      to: to.email,
      subject: 'Verify your Archline account',
      text: `${greeting}\n\n${lines.join('\n')}\n\nVERIFY: ${url}\n\n${footer}\n`,
      html: layout('Verify your account', [greeting, ...lines], { label: 'VERIFY', url }, footer),
    },
    executor,
  );
}

export async function sendResetEmail(
  ctx: AppContext,
  executor: Kysely<DB>,
  to: { email: string; firstName: string; userRole: string },
  token: string,
): Promise<void> {
  const url = resetLink(ctx, token, to.userRole);
  const greeting = `Hello ${to.firstName},`;
  const lines = [
    'we received a request to reset the password of your Archline account.',
    'Click the button below to choose a new password.',
  ];
  const footer =
    'The link is valid for 60 minutes and works once. If you did not ask for it, ignore this e-mail: your password stays the same.';
  await sendMail(
    ctx,
    {
      to: to.email,
      subject: 'Reset your Archline password',
      text: `${greeting}\n\n${lines.join('\n')}\n\nReset password: ${url}\n\n${footer}\n`,
      html: layout('Reset your password', [greeting, ...lines], { label: 'Reset Password', url }, footer),
    },
    executor,
  );
}

/**
 * An invitation to an organization: existing users confirm it (/confirm-invitation), new users
 * create their account (/create-user).
 */
export async function sendInvitationEmail(
  ctx: AppContext,
  executor: Kysely<DB>,
  to: { email: string; organizationName: string; invitedBy: string | null; existingUser: boolean },
  token: string,
): Promise<void> {
  const url = to.existingUser ? confirmInvitationLink(ctx, token) : createUserLink(ctx, token);
  const who = to.invitedBy ? `${to.invitedBy} invited you` : 'You have been invited';
  const lines = [
    `${who} to join ${to.organizationName} on Archline.`,
    to.existingUser
      ? 'Click the button below to accept the invitation.'
      : 'Click the button below to create your account and join.',
  ];
  const label = to.existingUser ? 'Accept Invitation' : 'Create Account';
  const footer = 'The invitation is valid for 7 days. If you do not expect it, you can ignore this e-mail.';
  await sendMail(
    ctx,
    {
      to: to.email,
      subject: `Invitation to join ${to.organizationName} on Archline`,
      text: `Hello,\n\n${lines.join('\n')}\n\n${label}: ${url}\n\n${footer}\n`,
      html: layout(`Join ${to.organizationName}`, ['Hello,', ...lines], { label, url }, footer),
    },
    executor,
  );
}
