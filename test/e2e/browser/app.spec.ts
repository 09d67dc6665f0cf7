import { expect, test } from './fixtures.ts';

test('the page runs under the strict Content-Security-Policy', async ({ wallet }) => {
  // An inline script is exactly what the CSP forbids: it must not run.
  const ran = await wallet.page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
});

test('the sign-in screen shows the Local sandbox banner and is accessible', async ({ wallet }) => {
  await expect(wallet.page.getByTestId('env-banner')).toContainText('LOCAL SANDBOX');
  await expect(wallet.page.getByText('Profile: Local sandbox')).toBeVisible();
  await wallet.expectAccessible();
  await wallet.screenshot('sign-in');
});
