import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentRequestLink, readPaymentRequestLink } from '../../../common/payment-request.ts';
import { QR_CAPTION_MAX_HEIGHT, QR_OPTIONS } from '../../../main/payments/payment-request-handlers.ts';
import { CUSTOMERS, inProcessWallet, type InProcessWallet } from '../../support/in-process-wallet.ts';
import { pngOfDataUrl, readQrPng } from '../../support/qr.ts';

/** Issue 19: being paid with a link or a QR code, through main's handlers over the real core. */
let core: InProcessWallet;
afterEach(() => core.close());

async function annaWithAccount(): Promise<InProcessWallet> {
  core = await inProcessWallet();
  core.as('anna');
  await core.value('signIn');
  await core.value('saveAccount', { accountNumber: CUSTOMERS.anna.account, label: 'Main' });
  return core;
}

const codeOf = async (answer: Promise<{ ok: boolean; error?: { code: string } }>) => {
  const result = await answer;
  return result.ok ? 'ok' : result.error?.code;
};

describe('requesting money', () => {
  it('makes a link into the customer’s own account, with their kennitala and name, and a QR code of it', async () => {
    await annaWithAccount();
    const made = await core.value('createPaymentRequest', {
      account: '0133-26-012345',
      amount: 1500,
      message: ' Leiga nóv ',
    });
    const asked = { kennitala: CUSTOMERS.anna.kennitala, account: '013326012345', amount: 1500, message: 'Leiga nóv' };
    expect(made.request).toEqual({ ...asked, name: CUSTOMERS.anna.name });
    expect(made.link).toBe(paymentRequestLink(made.request));
    // Round trip: the QR code reads as the link, which reads as the request.
    const scanned = readQrPng(pngOfDataUrl(made.qr));
    expect(scanned).toBe(made.link);
    // Anna reading her own request: her name, her kennitala and account, none of them among her saved payees.
    expect(await core.value('readPaymentRequest', { link: scanned ?? '' })).toEqual({
      request: made.request,
      name: { claimedBy: 'requester', payees: { kind: 'unknown' }, companyLike: false },
    });
  });

  it('refuses an account that is not one of the customer’s own (a window asking to be paid into someone else’s)', async () => {
    await annaWithAccount();
    expect(await codeOf(core.call('createPaymentRequest', { account: CUSTOMERS.bjorn.account }))).toBe(
      'REQUEST_NOT_OWN_ACCOUNT',
    );
    expect(await codeOf(core.call('createPaymentRequest', { account: 'x' }))).toBe('REQUEST_NOT_OWN_ACCOUNT');
    expect(await codeOf(core.call('createPaymentRequest', { account: CUSTOMERS.anna.account, amount: 0 }))).toBe(
      'INVALID_REQUEST',
    );
    expect(
      await codeOf(core.call('createPaymentRequest', { account: CUSTOMERS.anna.account, message: 'bell\u0007' })),
    ).toBe('REQUEST_MESSAGE');
    await core.value('signOut');
    expect(await codeOf(core.call('createPaymentRequest', { account: CUSTOMERS.anna.account }))).toBe('NOT_SIGNED_IN');
  });

  it('saves the QR code of a valid link only, as a PNG that reads as the link', async () => {
    await annaWithAccount();
    const { link } = await core.value('createPaymentRequest', { account: CUSTOMERS.anna.account, amount: 1500 });
    const saved = await core.value('savePaymentRequestQr', { link });
    expect(saved.fileName).toMatch(/^payment-request-1500-2345\.png$/);
    expect(readQrPng(readFileSync(join(saved.folder ?? '', saved.fileName ?? '')))).toBe(link);
    const forged = link.replace('amount=1500', 'amount=9500');
    expect(await codeOf(core.call('savePaymentRequestQr', { link: forged }))).toBe('REQUEST_CHECK_FAILED');
  });
});

describe('the saved QR code’s caption (issue 27)', () => {
  /** A caption as the window sends one: a PNG data URL, here of grey with a see-through first pixel. */
  const caption = (width: number, height: number): string => {
    const png = new PNG({ width, height });
    png.data.fill(128);
    for (let alpha = 3; alpha < png.data.length; alpha += 4) png.data[alpha] = 255;
    png.data[3] = 0;
    return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
  };
  /** Main's QR code of a link, as RGBA pixels. */
  const qrOf = async (link: string) => PNG.sync.read(await QRCode.toBuffer(link, { ...QR_OPTIONS, type: 'png' }));
  const savedFiles = () => (existsSync(core.platform.savedDir) ? readdirSync(core.platform.savedDir) : []);

  it('goes under main’s own QR code of the link, which stays pixel for pixel as main draws it', async () => {
    await annaWithAccount();
    const { link } = await core.value('createPaymentRequest', { account: CUSTOMERS.anna.account, amount: 12_500 });
    const qr = await qrOf(link);
    const saved = await core.value('savePaymentRequestQr', { link, caption: caption(qr.width, 150) });
    const png = PNG.sync.read(readFileSync(join(saved.folder ?? '', saved.fileName ?? '')));
    expect([png.width, png.height]).toEqual([qr.width, qr.height + 150]);
    expect(Buffer.compare(png.data.subarray(0, qr.data.length), qr.data)).toBe(0);
    // The caption's pixels below it, flattened onto white (its see-through pixel is white, not black).
    expect([...png.data.subarray(qr.data.length, qr.data.length + 8)]).toEqual([
      255, 255, 255, 255, 128, 128, 128, 255,
    ]);
    expect(readQrPng(readFileSync(join(saved.folder ?? '', saved.fileName ?? '')))).toBe(link);
  });

  it('is refused when it is not a PNG, too big or of the wrong size; nothing is written then', async () => {
    await annaWithAccount();
    const { link } = await core.value('createPaymentRequest', { account: CUSTOMERS.anna.account, amount: 1500 });
    const { width } = await qrOf(link);
    const good = caption(width, 100);
    const refused = {
      notPng: `data:image/png;base64,${Buffer.from('GIF89a not a PNG at all, just words').toString('base64')}`,
      otherType: good.replace('data:image/png', 'data:image/jpeg'),
      cutShort: good.slice(0, 120),
      narrower: caption(width - 8, 100),
      wider: caption(width + 8, 100),
      tooTall: caption(width, QR_CAPTION_MAX_HEIGHT + 1),
      // A small file whose header claims a huge image: refused from its header, never inflated.
      claimsHuge:
        good.slice(0, 22) +
        (() => {
          const bytes = Buffer.from(good.slice(22), 'base64');
          bytes.writeUInt32BE(1_000_000, 20);
          return bytes.toString('base64');
        })(),
    };
    for (const [what, bad] of Object.entries(refused)) {
      expect(await codeOf(core.call('savePaymentRequestQr', { link, caption: bad })), what).toBe('REQUEST_CAPTION');
    }
    // Past the contract's bound (QR_CAPTION_MAX_BYTES) it is not even read.
    const huge = `data:image/png;base64,${'A'.repeat(100_000)}`;
    expect(await codeOf(core.call('savePaymentRequestQr', { link, caption: huge }))).toBe('INVALID_REQUEST');
    expect(savedFiles()).toEqual([]);
    // The same request with a good caption is saved.
    expect((await core.value('savePaymentRequestQr', { link, caption: good })).saved).toBe(true);
    expect(savedFiles()).toHaveLength(1);
  });
});

describe('a link the system opened the app with', () => {
  const annas = paymentRequestLink({ kennitala: CUSTOMERS.anna.kennitala, account: '013326012345', amount: 1500 });

  it('is read, kept for the window, and taken once; the window is told', async () => {
    core = await inProcessWallet();
    const told: string[] = [];
    core.onEvent((event) => told.push(event.channel));
    core.wallet.openLink(annas);
    expect(told).toContain('paymentRequestOpened');
    const read = readPaymentRequestLink(annas);
    expect(await core.value('takePaymentRequest')).toEqual({ request: read.ok ? read.request : undefined });
    expect(await core.value('takePaymentRequest')).toEqual({});
  });

  it('that is not a request this app can use is kept as its refusal, never as fields', async () => {
    core = await inProcessWallet();
    core.wallet.openLink(`${annas}&callback=https://evil.example`);
    expect(await core.value('takePaymentRequest')).toEqual({ error: 'REQUEST_UNKNOWN_FIELD' });
    core.wallet.openLink('a2a-wallet://pay?' + 'x'.repeat(100_000));
    expect(await core.value('takePaymentRequest')).toEqual({ error: 'REQUEST_TOO_LONG' });
  });

  it('while the app is locked waits, untold, until it is unlocked', async () => {
    await annaWithAccount();
    await core.value('setPasscode', { next: '482916' });
    await core.value('lockNow');
    const told: string[] = [];
    core.onEvent((event) => told.push(event.channel));
    core.wallet.openLink(annas);
    expect(told).not.toContain('paymentRequestOpened');
    expect(await codeOf(core.call('takePaymentRequest'))).toBe('LOCKED');
    await core.value('unlock', { passcode: '482916' });
    expect((await core.value('takePaymentRequest')).request?.amount).toBe(1500);
  });
});
