import { walletApiKeys } from '../../../common/bridge-contract.ts';
import { ANNA_ACCOUNT, BJORN, WalletPage } from '../pages/wallet-page.ts';
import { showAppWindow } from './app-window.ts';
import { expect, test } from './fixtures.ts';

interface PageWithSessions {
  wallet: { onSessionChanged(listener: (session: { signedIn: boolean }) => void): () => void };
  sessionsSeen: { signedIn: boolean }[];
}

/**
 * The built preload in Chromium over the built main process (see app-window.ts and preload-shim.ts): the closest the
 * app's own Electron path runs where there is no Electron binary. Anna signs in with the embedded local sandbox in
 * "her browser" (a second tab) and pays Björn once through the real UI.
 */
test('through the built preload and main’s handlers: sign in as anna and pay björn once', async ({
  edge,
  page,
  context,
}) => {
  const { pageErrors, externalErrors } = await showAppWindow(page, edge);
  expect(pageErrors.map(String)).toEqual([]);
  const wallet = new WalletPage(page);
  await expect(page.getByTestId('app-name')).toBeVisible();
  // The page got the contract's methods on window.wallet, and none of the shim's means.
  expect(await page.evaluate(() => Object.keys((window as unknown as { wallet: object }).wallet).sort())).toEqual(
    [...walletApiKeys].sort(),
  );
  expect(
    await page.evaluate(() =>
      ['require', 'module', '__a2aEdgeInvoke', '__a2aEdgeNextEvent'].filter((k) => k in window),
    ),
  ).toEqual([]);

  // Main's events reach a subscriber through the preload's onX, with the payload only.
  await page.evaluate(() => {
    const page = window as unknown as PageWithSessions;
    page.sessionsSeen = [];
    page.wallet.onSessionChanged((session) => page.sessionsSeen.push(session));
  });

  await wallet.signIn(context, 'anna');
  await wallet.expectSignedIn('Anna Jónsdóttir');
  await page.waitForFunction(() =>
    (window as unknown as PageWithSessions).sessionsSeen.some((session) => session.signedIn),
  );
  await wallet.addOwnAccount(ANNA_ACCOUNT);
  await wallet.payTo({ ...BJORN, amount: '1500' });
  await wallet.expectResult(/accepted|settled/);
  expect(externalErrors).toEqual([]);
  expect(pageErrors.map(String)).toEqual([]);

  const initiations = await edge.call('initiations', null);
  expect(initiations).toHaveLength(1);
  expect(initiations[0]).toMatchObject({
    username: 'anna',
    initiation: { amount: { amount: 1500, currency: 'ISK' }, depositAccount: { id: '013326020001' } },
  });

  const listening = await edge.call('listening', null);
  expect(listening.filter((server) => server.address !== '127.0.0.1')).toEqual([]);
  await page.close();
  expect(await edge.closeWindow()).toEqual({ quitCalls: 1, code: 0, signal: null });
});
