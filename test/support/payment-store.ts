import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { PaymentDatabase } from '../../main/payments/store/payment-database.ts';
import { StoreHost, type HostedStore, type OpenOptions } from '../../main/payments/store/store-host.ts';
import type { StoreMark } from '../../main/payments/store/store-contract.ts';
import { testFolder } from './temp-folder.ts';

/**
 * A customer's payment store for a test of the payment service: main's own store (database, sealing, endpoint and
 * messages), in this thread, in a private temporary folder removed after the test. `reopen` opens it as a restart
 * would (against the last mark); `onDisk` reads the file through a second connection, at once, as a restart at
 * this very moment would find it.
 */
export interface TestStore {
  store: HostedStore;
  options: OpenOptions;
  /** The last high-water mark the store reported. */
  mark(): StoreMark | undefined;
  reopen(): Promise<HostedStore>;
  onDisk(): PaymentDatabase;
}

/**
 * Where a customer's store is opened, in a private temporary folder of the running test (removed when it ends), under
 * a new key: `name` names the file and its binding.
 */
export function storeOptions(name = 'customer', owner = '1203852089', profileId = 'local'): OpenOptions {
  return {
    location: join(testFolder('a2a-store'), 'payments', profileId, `${name}.sqlite`),
    key: new Uint8Array(randomBytes(32)),
    binding: `${profileId}/${name}`,
    owner,
    profileId,
  };
}

export async function testStore(owner = '1203852089', profileId = 'local'): Promise<TestStore> {
  const options = storeOptions('customer', owner, profileId);
  const host = new StoreHost({ inline: true });
  // Finish hooks run last first: the connections close before their folder goes.
  onTestFinished(() => host.stop());
  let mark: StoreMark | undefined;
  const open = () =>
    host.open({ ...options, ...(mark ? { mark } : {}) }, (next) => {
      mark = next;
    });
  const fixture: TestStore = {
    store: await open(),
    options,
    mark: () => mark,
    async reopen() {
      await fixture.store.close();
      fixture.store = await open();
      return fixture.store;
    },
    onDisk() {
      const db = new PaymentDatabase({ ...options, ...(mark ? { mark } : {}) });
      onTestFinished(() => db.close());
      return db;
    },
  };
  return fixture;
}
