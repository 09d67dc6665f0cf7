import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../renderer/src/App.tsx';
import { createAppStore } from '../../renderer/src/state/app-store.ts';
import type { FakeWallet } from './fake-wallet.ts';

/** Renders the whole app over a fake wallet and waits until it has loaded. */
export async function renderApp(fake: FakeWallet) {
  const user = userEvent.setup();
  const api = fake.api();
  const store = createAppStore(api);
  const view = render(<App wallet={api} store={store} />);
  await screen.findByTestId('app-name');
  return { user, store, ...view };
}
