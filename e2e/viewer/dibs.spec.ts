import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

test.describe('/dibs launcher', () => {
  test('signed out: redirects to /login carrying the path and query', async ({ page }) => {
    await page.goto('/dibs?q=case-1');
    await expect(page).toHaveURL(`/login?path=${encodeURIComponent('/dibs?q=case-1')}`);
  });

  test('Open carries a single-use sign-in code, never the session token; the viewer exchanges it once', async ({
    page,
  }) => {
    await asUser(page, 'tech', { path: '/dibs?q=case-1' });
    const open = page.getByRole('link', { name: 'Open' });
    await expect(open).toBeVisible();
    await expectAccessible(page);
    const href = (await open.getAttribute('href')) ?? '';
    expect(href).toMatch(/^archline-dibs:\/\/open\?code=[A-Za-z0-9_-]{43}&q=case-1$/);
    const token = await page.evaluate(() => localStorage.getItem('archline.access_token'));
    expect(href).not.toContain(token ?? '<no token>');
    const code = new URL(href.replace('archline-dibs://', 'http://x/')).searchParams.get('code');
    const exchange = () =>
      page.request.post('/services/api/v2/viewer/sign-in-code/exchange', { data: { code } });
    const first = await exchange();
    expect(first.status()).toBe(200);
    const viewerToken = (await first.json()).access_token as string;
    expect(viewerToken).not.toBe(token);
    expect((await exchange()).status()).toBe(422);
  });

  test('the top bar opens the launcher', async ({ page }) => {
    await asUser(page, 'tech', { path: '/' });
    await expect(page.getByRole('link', { name: 'Open DIBS desktop, signed in' })).toHaveAttribute(
      'href',
      '/dibs',
    );
  });
});
