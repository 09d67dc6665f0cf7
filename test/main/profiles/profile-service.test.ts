import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { builtInProfiles, LOCAL_SANDBOX_ID } from '../../../main/profiles/builtin-profiles.ts';
import { ProfileService } from '../../../main/profiles/profile-service.ts';
import { LOCAL_SANDBOX_APP } from '../../../main/profiles/local-sandbox.ts';
import { loadVendorPreset } from '../../../main/profiles/vendor-preset-file.ts';
import { aesGcmBox, newDataKey } from '../../../main/secrets/secret-box.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';
import { testFolder } from '../../support/temp-folder.ts';

let store: MemoryStore;
const key = newDataKey();
const service = (allowEdit = true, secrets = aesGcmBox(key)) =>
  new ProfileService({ store, secrets, shipped: builtInProfiles(), allowEdit });

const bankSandbox = {
  id: 'bank-sandbox',
  name: 'Bank sandbox',
  environment: 'bank-sandbox' as const,
  baseUrl: 'https://sandbox.bank.example/api/',
  authUrl: 'https://auth.bank.example',
  clientId: 'my-client',
  clientSecret: 'super-secret-value',
  apiKey: 'apikey-1234567890',
};

beforeEach(() => {
  store = new MemoryStore();
});

describe('profiles', () => {
  it('ships the local sandbox (active by default), the bank sandbox and production', () => {
    const profiles = service();
    expect(profiles.list().map((p) => p.id)).toEqual([LOCAL_SANDBOX_ID, 'bank-sandbox', 'production']);
    expect(profiles.active().id).toBe(LOCAL_SANDBOX_ID);
    expect(profiles.summaries().map((s) => [s.id, s.complete])).toEqual([
      [LOCAL_SANDBOX_ID, true],
      ['bank-sandbox', false],
      ['production', false],
    ]);
  });

  it('reuses a saved secret and key only while the bank’s addresses stay the same', () => {
    const profiles = service();
    profiles.save(bankSandbox);
    profiles.save({ ...bankSandbox, name: 'Renamed', clientSecret: '', apiKey: '' });
    expect(profiles.get('bank-sandbox')).toMatchObject({
      clientSecret: 'super-secret-value',
      apiKey: 'apikey-1234567890',
    });
    for (const moved of [
      { baseUrl: 'https://elsewhere.example' },
      { authUrl: 'https://elsewhere.example' },
      { discoveryUrl: 'https://elsewhere.example/.well-known/openid-configuration' },
      { tokenEndpoint: 'https://elsewhere.example/token' },
    ]) {
      expect(() => profiles.save({ ...bankSandbox, ...moved, clientSecret: '', apiKey: '' })).toThrow(
        expect.objectContaining({ code: 'INVALID_PROFILE', message: expect.stringMatching(/type it again/) }),
      );
    }
    expect(profiles.get('bank-sandbox').baseUrl).toBe('https://sandbox.bank.example/api');
    profiles.save({ ...bankSandbox, baseUrl: 'https://elsewhere.example', clientSecret: 'new', apiKey: 'new-key' });
    expect(profiles.get('bank-sandbox')).toMatchObject({ clientSecret: 'new', apiKey: 'new-key' });
  });

  it('keeps endpoint overrides the form does not show, and summarises them', () => {
    const profiles = service();
    profiles.save({ ...bankSandbox, tokenEndpoint: 'https://auth.bank.example/oauth/token' });
    profiles.save({ ...bankSandbox, name: 'Edited in the form', clientSecret: '', apiKey: '' });
    expect(profiles.get('bank-sandbox').tokenEndpoint).toBe('https://auth.bank.example/oauth/token');
    expect(profiles.summaries().find((p) => p.id === 'bank-sandbox')).toMatchObject({
      tokenEndpoint: 'https://auth.bank.example/oauth/token',
    });
  });

  it('fills in the local sandbox address once it runs', () => {
    const profiles = service();
    profiles.setLocalSandbox({ url: 'http://127.0.0.1:43123', ...LOCAL_SANDBOX_APP });
    expect(profiles.get(LOCAL_SANDBOX_ID)).toMatchObject({
      baseUrl: 'http://127.0.0.1:43123',
      authUrl: 'http://127.0.0.1:43123',
    });
  });

  it('saves a filled-in template with its secret sealed, and switches to it', () => {
    const profiles = service();
    profiles.save(bankSandbox);
    expect(JSON.stringify(store.data.get('profiles.saved'))).not.toContain('super-secret-value');
    const reloaded = service();
    expect(reloaded.get('bank-sandbox')).toMatchObject({
      clientSecret: 'super-secret-value',
      baseUrl: 'https://sandbox.bank.example/api',
    });
    reloaded.switchTo('bank-sandbox');
    expect(service().active().id).toBe('bank-sandbox');
  });

  it('shows the renderer masked keys and never the secret', () => {
    const profiles = service();
    profiles.save(bankSandbox);
    const summary = profiles.summaries().find((s) => s.id === 'bank-sandbox');
    expect(summary).toMatchObject({ apiKeyMasked: 'apik…7890', hasClientSecret: true, complete: true });
    expect(JSON.stringify(profiles.summaries())).not.toContain('super-secret-value');
  });

  it('keeps the saved secret when an edit leaves it empty', () => {
    const profiles = service();
    profiles.save(bankSandbox);
    profiles.save({ ...bankSandbox, name: 'Renamed', clientSecret: '' });
    expect(service().get('bank-sandbox')).toMatchObject({ name: 'Renamed', clientSecret: 'super-secret-value' });
  });

  it('refuses a bad profile naming the field, and keeps what was saved', () => {
    const profiles = service();
    profiles.save(bankSandbox);
    expect(() => profiles.save({ ...bankSandbox, baseUrl: 'http://bank.example' })).toThrow(
      /baseUrl: must be an https/,
    );
    expect(service().get('bank-sandbox').baseUrl).toBe('https://sandbox.bank.example/api');
  });

  it('refuses edits where the vendor does not allow them, and the local sandbox always', () => {
    expect(() => service(false).save(bankSandbox)).toThrow(/does not allow/);
    expect(() => service().save({ ...bankSandbox, id: LOCAL_SANDBOX_ID })).toThrow(/cannot be changed/);
  });

  it('adds and removes a tester profile; removing a shipped one restores it', () => {
    const profiles = service();
    profiles.save({ ...bankSandbox, id: 'staging', name: 'Staging' });
    profiles.save({ ...bankSandbox, name: 'Mine' });
    expect(profiles.list().map((p) => p.id)).toContain('staging');
    profiles.remove('staging');
    profiles.remove('bank-sandbox');
    expect(profiles.list().map((p) => p.id)).toEqual([LOCAL_SANDBOX_ID, 'bank-sandbox', 'production']);
    expect(profiles.get('bank-sandbox').name).toBe('Bank sandbox');
  });

  it('drops a secret sealed under another key but keeps the profile', () => {
    service().save(bankSandbox);
    const other = service(true, aesGcmBox(newDataKey()));
    expect(other.get('bank-sandbox')).toMatchObject({ clientId: 'my-client', clientSecret: '' });
  });
});

describe('vendor presets', () => {
  const write = (json: unknown) => {
    const path = join(testFolder('a2a-preset'), 'vendor.json');
    writeFileSync(path, typeof json === 'string' ? json : JSON.stringify(json));
    return path;
  };
  const preset = {
    productName: 'Bankapp',
    appId: 'is.example.bankapp',
    publisher: 'Example ehf.',
    profiles: [{ ...bankSandbox }],
  };

  it('loads a valid preset', () => {
    expect(loadVendorPreset(write(preset))).toMatchObject({
      productName: 'Bankapp',
      shipLocalSandbox: true,
      profiles: [{ id: 'bank-sandbox' }],
    });
  });

  it('names every bad field', () => {
    const bad = {
      ...preset,
      appId: 'nodots',
      profiles: [{ ...bankSandbox, authUrl: 'ftp://x' }, { ...bankSandbox }],
      extra: 1,
    };
    expect(() => loadVendorPreset(write(bad))).toThrow(/appId: a reverse-DNS id/);
    expect(() => loadVendorPreset(write(bad))).toThrow(/profiles\[0\]\.authUrl: must be an https/);
    expect(() => loadVendorPreset(write(bad))).toThrow(/profiles\[1\]\.id: "bank-sandbox" is used twice/);
    expect(() => loadVendorPreset(write(bad))).toThrow(/extra/);
  });

  it('names a misspelt key with the key meant, at the top and in a profile (issue 42)', () => {
    const bad = { ...preset, showBankCall: true, profiles: [{ ...bankSandbox, scope: ['payments'] }] };
    expect(() => loadVendorPreset(write(bad))).toThrow(
      /\(root\): "showBankCall" is not a preset key; did you mean "showBankCalls"\?/,
    );
    expect(() => loadVendorPreset(write(bad))).toThrow(
      /profiles\[0\]: "scope" is not a profile key; did you mean "scopes"\?/,
    );
    // A key like no known one is named without a guess.
    expect(() => loadVendorPreset(write({ ...preset, colour: 'blue' }))).toThrow(/"colour" is not a preset key$/m);
  });

  it('says in a sentence what a bad clientSecret should be, not zod’s words (issue 42)', () => {
    const as = (clientSecret: unknown) => {
      try {
        loadVendorPreset(write({ ...preset, profiles: [{ ...bankSandbox, clientSecret }] }));
      } catch (error) {
        return (error as Error).message.split('\n').slice(1).join('\n');
      }
      return 'loaded';
    };
    expect(as(12345)).toBe(
      '  - profiles[0].clientSecret: the client secret must be text in quotes, as the bank gave it (a number or a list is not one)',
    );
    expect(as(undefined)).toBe(
      '  - profiles[0].clientSecret: the client secret is missing: write the one the bank gave the app, in quotes, or "" if it gave none',
    );
    expect(as('x'.repeat(501))).toMatch(/the client secret is longer than 500 characters/);
    expect(as(12345)).not.toMatch(/Invalid input|expected string/);
  });

  it('says when the file is not JSON', () => {
    expect(() => loadVendorPreset(write('{ nope'))).toThrow(/not readable JSON/);
  });
});

describe('secret box', () => {
  it('seals and opens; a changed byte or another key fails', () => {
    const box = aesGcmBox(key);
    const sealed = box.seal('hello þú');
    expect(sealed).not.toContain('hello');
    expect(box.open(sealed)).toBe('hello þú');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => box.open(`v1:${bytes.toString('base64')}`)).toThrow();
    expect(() => aesGcmBox(newDataKey()).open(sealed)).toThrow();
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });
});

describe('editing from the summary', () => {
  it('shows the settings that are no secret, and keeps the saved key and secret when they come back empty', () => {
    const store = new MemoryStore();
    const profiles = new ProfileService({
      store,
      secrets: aesGcmBox(newDataKey()),
      shipped: builtInProfiles(),
      allowEdit: true,
    });
    profiles.save({
      id: 'mine',
      name: 'Mine',
      environment: 'bank-sandbox',
      baseUrl: 'https://sandbox.bank.example/api',
      authUrl: 'https://sandbox.bank.example/auth',
      clientId: 'client',
      clientSecret: 'the-secret',
      apiKey: 'the-api-key-123',
      redirectPorts: [53682],
      scopes: ['openid', 'payments'],
    });
    const summary = profiles.summaries().find((s) => s.id === 'mine');
    expect(summary).toMatchObject({ redirectPorts: [53682], scopes: ['openid', 'payments'], apiVersion: 'v1' });
    expect(JSON.stringify(summary)).not.toContain('the-api-key-123');

    profiles.save({ ...summary, id: 'mine', name: 'Renamed', clientSecret: '', apiKey: '' } as never);
    expect(profiles.get('mine')).toMatchObject({
      name: 'Renamed',
      clientSecret: 'the-secret',
      apiKey: 'the-api-key-123',
      redirectPorts: [53682],
    });
  });
});
