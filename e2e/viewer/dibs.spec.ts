import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

test.describe('/dibs launcher', () => {
  test('signed out: redirects to /login carrying the path and query', async ({ page }) => {
    await page.goto('/dibs?token=abc&q=case-1');
    await expect(page).toHaveURL(`/login?path=${encodeURIComponent('/dibs?token=abc&q=case-1')}`);
  });

  test('an invalid link token shows "This link has expired!"; a valid one offers Open', async ({ page }) => {
    await signIn(page, 'tech@example.com', { management: true, path: '/dibs?token=expired-token&q=case-1' });
    await expect(page.getByText('This link has expired!')).toBeVisible();
    await expectAccessible(page);
    const token = await page.evaluate(() => localStorage.getItem('archline.access_token'));
    await page.goto(`/dibs?token=${token}&q=case-1`);
    const open = page.getByRole('link', { name: 'Open' });
    await expect(open).toBeVisible();
    await expect(open).toHaveAttribute(
      'href',
      new RegExp(`^archline-dibs://open\\?token=${token}&q=case-1$`),
    );
    await expectAccessible(page);
  });
});
