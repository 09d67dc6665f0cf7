import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 19: the receipt saved as a PDF. The harness's host prints the page as Electron's printToPDF prints the app's
 * window (print styles, A4, backgrounds): Chromium's own `page.pdf`. The PDF's text, read back with pdftotext
 * (poppler-utils), has every field of the receipt, and nothing of the app around it.
 */
const cases = [
  {
    language: 'en',
    labels: ['Payment receipt', 'Payer’s kennitala', 'From account', 'Payee’s kennitala', 'X-Request-ID'],
    words: 'one thousand five hundred krónur',
    amount: 'ISK 1,500',
    test: 'TEST: no real money moved (LOCAL SANDBOX)',
    state: 'Paid',
    save: 'Save as PDF',
    receipt: 'Receipt',
    saved: /Saved as (receipt-2026-11-22-\S+\.pdf) in /,
  },
  {
    language: 'is',
    labels: ['Kvittun fyrir greiðslu', 'Kennitala greiðanda', 'Af reikningi', 'Kennitala viðtakanda', 'X-Request-ID'],
    words: 'eitt þúsund og fimm hundruð krónur',
    amount: '1.500 kr.',
    test: 'PRÓFUN: engir raunverulegir peningar voru millifærðir',
    state: 'Greidd',
    save: 'Vista sem PDF',
    receipt: 'Kvittun',
    saved: /Vistað sem (kvittun-2026-11-22-\S+\.pdf) í /,
  },
] as const;

for (const expected of cases) {
  test(`a receipt saved as PDF has every field (${expected.language})`, async ({ wallet, harness, context }) => {
    const page = wallet.page;
    harness.core.printPage = () => page.pdf({ format: 'A4', printBackground: true });
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
    await expect(dialog.getByTestId('receipt')).toContainText(expected.words);
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
    for (const label of expected.labels) expect(text).toContain(label);
    expect(text).toContain(expected.amount);
    expect(text).toContain(expected.words);
    expect(text).toContain(expected.test);
    expect(text).toContain('120385-****');
    expect(text).not.toContain('120385-2089');
    expect(text).toContain('Björn');
    expect(text).toContain('050792-2189');
    expect(text).toContain('0133-26-012345');
    expect(text).toContain('0133-26-020001');
    expect(text).toContain('Leiga nóv');
    expect(text).toContain('Takk fyrir');
    expect(text).toContain('2026-11-22 12:00 GMT');
    expect(text).toContain(`${expected.state} (`);
    expect(text).toContain(view?.requestId ?? 'a request id');
    expect(text).toContain(view?.initiationId ?? 'an initiation id');
    // Only the receipt is printed: nothing of the app's navigation or pay form.
    expect(text).not.toMatch(/Review payment|Yfirfara greiðslu|Settings|Stillingar/);
  });
}
