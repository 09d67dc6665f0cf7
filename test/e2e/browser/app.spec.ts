import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
  productName: string;
  version: string;
};

test('the built renderer shows the app name and version from the main side', async ({ page, harness }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

  await page.goto(harness.url);

  await expect(page.getByTestId('app-name')).toHaveText(manifest.productName);
  await expect(page.getByTestId('app-version')).toHaveText(`Version ${manifest.version}`);
  expect(errors).toEqual([]);
});

test('the page runs under the strict Content-Security-Policy', async ({ page, harness }) => {
  await page.goto(harness.url);
  await expect(page.getByTestId('app-name')).toBeVisible();
  // An inline script is exactly what the CSP forbids: it must not run.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
});
