import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

// The app's default window (main/window: 1024×760); the page gets what is left of it below the title bar.
test.use({ viewport: { width: 1024, height: 760 } });

test('in the default window a payment is filled and reviewed without scrolling to Review', async ({
  wallet,
  context,
}) => {
  await wallet.signInWithAccount(context, 'anna');
  await wallet.fillPayment({ ...BJORN, amount: '1500' });
  await wallet.page.evaluate(() => window.scrollTo(0, 0));
  // The Review button is in view, and every field is on screen at once above it (not under the action bar).
  const review = wallet.page.getByRole('button', { name: 'Review payment' });
  await expect(review).toBeInViewport({ ratio: 1 });
  const bar = await review.boundingBox();
  for (const testId of ['deposit-kennitala', 'deposit-account', 'payee-name', 'amount', 'reference', 'message']) {
    const box = await wallet.page.getByTestId(testId).boundingBox();
    expect(box && bar && box.y + box.height <= bar.y, `${testId} is above the Review button`).toBe(true);
  }
  expect(await wallet.page.evaluate(() => window.scrollY)).toBe(0);
  await wallet.review();
  await expect(wallet.page.getByRole('button', { name: /^Pay ISK/ })).toBeInViewport();
});
