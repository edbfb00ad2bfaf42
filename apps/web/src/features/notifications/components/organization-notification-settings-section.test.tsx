import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  defaultOrganizationNotificationSetting,
  NOTIFICATION_SETTINGS_MESSAGES as M,
  ORGANIZATION_NOTIFICATION_KEYS,
} from '@archline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrganizationNotificationSettingsSection } from './organization-notification-settings-section.tsx';

const permissions = vi.hoisted(() => ({ held: new Set<string>() }));
vi.mock('../../../session/permissions.ts', () => ({
  usePermissions: () => ({
    permissions: permissions.held,
    can: (...anyOf: string[]) => anyOf.some((p) => permissions.held.has(p)),
  }),
}));
const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify.tsx', () => ({ notifySuccess: notify.success, notifyError: notify.error }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let puts: Record<string, unknown>[];
let data: ReturnType<typeof defaultOrganizationNotificationSetting>[];
beforeEach(() => {
  permissions.held = new Set(['organization.notification-settings.update']);
  puts = [];
  notify.success.mockReset();
  data = ORGANIZATION_NOTIFICATION_KEYS.map(defaultOrganizationNotificationSetting);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      if (!path.endsWith('/organizations/7/notification-settings'))
        return json({ message: 'Not found.' }, 404);
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, object>;
        puts.push(body);
        data = data.map((d) => (body[d.key] ? { ...d, ...body[d.key] } : d));
        return json({
          message: 'Notification settings successfully updated.',
          data,
          metadata: { email_suggestions: ['owner@bright.test'] },
        });
      }
      return json({ data, metadata: { email_suggestions: ['owner@bright.test'] } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

function renderSection(readOnly = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <OrganizationNotificationSettingsSection organizationId={7} readOnly={readOnly} />
    </QueryClientProvider>,
  );
}

describe('Email and Text Notifications', () => {
  it('is not shown without organization.notification-settings.update', () => {
    permissions.held = new Set();
    renderSection();
    expect(screen.queryByRole('region', { name: 'Email and Text Notifications' })).not.toBeInTheDocument();
  });

  it('lists every notification with its switch; switching one off saves it', async () => {
    const user = userEvent.setup();
    renderSection();
    const section = await screen.findByRole('region', { name: 'Email and Text Notifications' });
    expect(await within(section).findAllByRole('listitem')).toHaveLength(
      ORGANIZATION_NOTIFICATION_KEYS.length,
    );
    await user.click(within(section).getByRole('switch', { name: 'Payment Failed enabled' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Notification settings successfully updated.'),
    );
    expect(puts).toEqual([
      {
        payment_failed: {
          enabled: false,
          additional_emails: [],
          is_disable_default_recipients: false,
          phone_numbers: [],
        },
      },
    ]);
    expect(await within(section).findByText('Off')).toBeInTheDocument();
  });

  it('adds phone numbers and e-mails, blocks invalid ones, and ties Disable Default Email Recipients to the e-mails', async () => {
    const user = userEvent.setup();
    renderSection();
    const section = await screen.findByRole('region', { name: 'Email and Text Notifications' });
    await user.click(await within(section).findByRole('button', { name: 'Edit Case On Hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Case On Hold' });
    const disable = within(dialog).getByRole('checkbox', { name: 'Disable Default Email Recipients' });
    expect(disable).toBeDisabled();

    const emails = within(dialog).getByRole('combobox', { name: 'Additional Emails' });
    await user.type(emails, 'not-an-email{Enter}');
    expect(within(dialog).getByText(M.invalidEmail)).toBeInTheDocument();
    await user.clear(emails);
    await user.type(emails, 'front@bright.test{Enter}');
    expect(within(dialog).getByRole('button', { name: 'front@bright.test' })).toBeInTheDocument();
    expect(disable).toBeEnabled();
    await user.click(disable);

    const phones = within(dialog).getByRole('combobox', { name: 'Text Message Phone Numbers' });
    await user.type(phones, '555-01{Enter}');
    expect(within(dialog).getByText(M.invalidPhone)).toBeInTheDocument();
    await user.clear(phones);
    await user.type(phones, '(512) 555-0100{Enter}');
    expect(within(dialog).getByRole('button', { name: '(512) 555-0100' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      case_on_hold: {
        enabled: true,
        additional_emails: ['front@bright.test'],
        is_disable_default_recipients: true,
        phone_numbers: ['(512) 555-0100'],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(section).findByText('No default recipients, 1 additional email, 1 text number'),
    ).toBeInTheDocument();
  });

  it('removing the last e-mail clears Disable Default Email Recipients', async () => {
    data = data.map((d) =>
      d.key === 'monthly_invoice'
        ? { ...d, additional_emails: ['billing@bright.test'], is_disable_default_recipients: true }
        : d,
    );
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Edit Monthly Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Monthly Invoice' });
    const disable = within(dialog).getByRole('checkbox', { name: 'Disable Default Email Recipients' });
    expect(disable).toBeChecked();
    const chip = within(dialog).getByRole('button', { name: 'billing@bright.test' });
    await user.click(within(chip).getByTestId('CancelIcon'));
    expect(disable).not.toBeChecked();
    expect(disable).toBeDisabled();
  });

  it('a read-only organization shows the settings without changing them', async () => {
    renderSection(true);
    const section = await screen.findByRole('region', { name: 'Email and Text Notifications' });
    expect(await within(section).findByRole('switch', { name: 'Payment Failed enabled' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Edit Payment Failed' })).toBeDisabled();
  });
});
