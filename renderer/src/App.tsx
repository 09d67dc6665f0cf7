import { useEffect, useState } from 'react';
import type { AppInfo, WalletApi } from '../../common/bridge-contract.ts';

type Loaded = { state: 'loading' } | { state: 'ready'; info: AppInfo } | { state: 'error'; message: string };

export function App({ wallet }: { wallet: WalletApi }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    wallet.appInfo().then(
      (result) => {
        if (!live) return;
        setLoaded(
          result.ok ? { state: 'ready', info: result.value } : { state: 'error', message: result.error.message },
        );
      },
      () => live && setLoaded({ state: 'error', message: 'The app could not reach its main process.' }),
    );
    return () => {
      live = false;
    };
  }, [wallet]);

  return (
    <main className="app">
      {loaded.state === 'loading' && <p aria-busy="true">Loading…</p>}
      {loaded.state === 'error' && <p role="alert">{loaded.message}</p>}
      {loaded.state === 'ready' && (
        <header>
          <h1 data-testid="app-name">{loaded.info.name}</h1>
          <p data-testid="app-version">Version {loaded.info.version}</p>
        </header>
      )}
    </main>
  );
}
