import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { receiptText } from '../../support/receipt-text.ts';
import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 19: the receipt saved as a PDF. The harness prints the page by itself, as Electron's printToPDF prints the
 * app's window (print styles, A4, backgrounds): the page's document as it was when Save as PDF was clicked, printed
 * with Chromium's own `page.pdf` (issue 25: nothing here tells it how). The PDF's text, read back with pdftotext
 * (poppler-utils), has every field of the receipt, and nothing of the app around it.
 */
const cases = [
  {
    language: 'en',
    save: 'Save as PDF',
    receipt: 'Receipt',
    saved: /Saved as (receipt-2026-11-22-\S+\.pdf) in /,
  },
  {
    language: 'is',
    save: 'Vista sem PDF',
    receipt: 'Kvittun',
    saved: /Vistað sem (kvittun-2026-11-22-\S+\.pdf) í /,
  },
] as const;

for (const expected of cases) {
  test(`a receipt saved as PDF has every field (${expected.language})`, async ({ wallet, harness, context }) => {
    const page = wallet.page;
    await wallet.signInWithAccount(context, 'anna');
    if (expected.language === 'is') {
      await harness.core.value('updateSettings', { language: 'is' });
      await page.reload();
    }
    await page.getByTestId('reference').fill('Leiga nóv');
    await page.getByTestId('message').fill('Takk fyrir');
    await wallet.fillPayment({ ...BJORN, amount: '1500' });
    await page.getByRole('button', { name: /^(Review payment|Yfirfara greiðslu)$/ }).click();
    await page.getByRole('button', { name: /^(Pay ISK|Greiða )/ }).click();
    await wallet.expectResult(/accepted|settled/);
    await page.getByRole('button', { name: expected.receipt, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('receipt')).toContainText('krónur');
    await wallet.expectAccessible();
    await wallet.screenshot(expected.language === 'en' ? 'receipt' : 'receipt-icelandic');

    await dialog.getByRole('button', { name: expected.save }).click();
    const status = dialog.getByRole('status').filter({ hasText: expected.saved });
    await expect(status).toBeVisible();
    const fileName = expected.saved.exec((await status.textContent()) ?? '')?.[1] ?? '';
    const pdf = join(harness.core.platform.savedDir, fileName);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

    expect(harness.sandbox.initiations()).toHaveLength(1);
    const { items } = await harness.core.value('historyPage', { filter: {}, offset: 0, limit: 1 });
    const view = items[0];
    const { shown, hidden } = receiptText(
      { requestId: view?.requestId ?? '', initiationId: view?.initiationId },
      expected.language,
    );
    for (const part of shown) expect(text).toMatch(part);
    for (const part of hidden) expect(text).not.toContain(part);
    // Only the receipt is printed: nothing of the app's navigation or pay form.
    expect(text).not.toMatch(/Review payment|Yfirfara greiðslu|Settings|Stillingar/);
  });
}
