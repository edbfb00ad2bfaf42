import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

/**
 * The account Webhooks tab of the demo practice's owner: enable, add an endpoint, see its secret
 * once, send a test event that a receiver on loopback verifies, then clean up.
 */
test.describe('account Webhooks tab', () => {
  let server: http.Server;
  let url = '';
  const received: { signature: string; body: string }[] = [];

  test.beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          signature: String(req.headers['archline-signature']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/archline`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test('enable, add an endpoint, copy its secret once and send a test event', async ({ page }) => {
    test.slow();
    await asUser(page, 'doctor', { path: '/account?tab=8' });
    await expect(page.getByRole('tab', { name: 'Webhooks', selected: true })).toBeVisible({
      timeout: 30_000,
    });
    const enable = page.getByRole('switch', { name: 'Enable webhooks' });
    await expect(enable).toBeEnabled();
    if (!(await enable.isChecked())) {
      await enable.check();
      await expect(page.getByText('Webhooks enabled.')).toBeVisible();
    }
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('The URL is required.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event type.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await dialog.getByRole('checkbox', { name: 'Case submitted' }).check();
    await dialog.getByRole('checkbox', { name: 'Invoice issued' }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secretField = secretDialog.getByRole('textbox', { name: `Signing secret for ${url}` });
    await expect(secretField).toHaveValue(/^whsec_[0-9a-f]{64}$/);
    const secret = await secretField.inputValue();
    await expectAccessible(page);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    const endpoints = page.getByRole('list', { name: 'Webhook endpoints' });
    await expect(endpoints.getByText(url, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Send test event to ${url}` }).click();
    await expect(page.getByText('Test event queued.')).toBeVisible();
    const log = page.getByRole('table', { name: 'Webhook deliveries' });
    await expect(log.getByRole('row').filter({ hasText: 'ping' }).first()).toContainText('Delivered', {
      timeout: 20_000,
    });

    // The receiver checks the signature with the secret it was shown.
    const ping = received.find((r) => JSON.parse(r.body).type === 'ping');
    expect(ping).toBeDefined();
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(ping!.signature) ?? [];
    expect(v1).toBe(crypto.createHmac('sha256', secret).update(`${t}.${ping!.body}`).digest('hex'));
    await expectAccessible(page);

    // Clean up: delete the endpoint (confirmed) and switch webhooks off again.
    await page.getByRole('button', { name: `Delete ${url}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete endpoint' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Webhook endpoint deleted.')).toBeVisible();
    await enable.uncheck();
    await expect(page.getByText('Webhooks disabled.')).toBeVisible();
  });

  test('fits a phone-width screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asUser(page, 'doctor', { path: '/account?tab=8' });
    await expect(page.getByRole('switch', { name: 'Enable webhooks' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Add endpoint' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
