import { basename, dirname } from 'node:path';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import type { HandlerTable, OpenedPaymentRequest, ReadPaymentRequest } from '../../common/bridge-contract.ts';
import { normalizeAccountNumber } from '../../common/account-number.ts';
import type { AppLocale } from '../../common/locale.ts';
import {
  checkRequestFields,
  paymentRequestLink,
  readPaymentRequestLink,
  requestNameClaim,
  type PaymentRequest,
} from '../../common/payment-request.ts';
import type { Payee } from '../../common/address-book.ts';
import type { AddressBook } from '../address-book/address-book.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { Platform } from '../platform/platform.ts';
import { WalletError } from '../wallet-error.ts';

export type PaymentRequestHandlers = Pick<
  HandlerTable,
  'createPaymentRequest' | 'readPaymentRequest' | 'takePaymentRequest' | 'savePaymentRequestQr'
>;

/** A QR code a phone reads across a room: error correction M, a quiet zone of 4 modules, 8 pixels a module. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4, scale: 8 } as const;

/**
 * The tallest caption: a request's lines (who asks, the amount, the account and a text of up to a few lines) in large
 * type are a few hundred pixels; anything far taller is not a caption.
 */
export const QR_CAPTION_MAX_HEIGHT = 1200;
const PNG_DATA_URL = 'data:image/png;base64,';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The caption the window drew, as RGBA pixels, or REQUEST_CAPTION: it must be a PNG exactly as wide as the QR code and
 * not taller than QR_CAPTION_MAX_HEIGHT. Its size is read from its header before anything is inflated, so a small
 * file that claims a huge image is refused unread.
 */
function captionPixels(dataUrl: string, width: number): PNG {
  const refuse = (why: string) => new WalletError('REQUEST_CAPTION', why);
  if (!dataUrl.startsWith(PNG_DATA_URL)) throw refuse('The caption is not a PNG');
  const bytes = Buffer.from(dataUrl.slice(PNG_DATA_URL.length), 'base64');
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw refuse('The caption is not a PNG');
  }
  const [w, h] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  if (w !== width || h < 1 || h > QR_CAPTION_MAX_HEIGHT) {
    throw refuse(
      `The caption is ${String(w)}x${String(h)}: it must be ${String(width)} wide, at most ${String(QR_CAPTION_MAX_HEIGHT)} high`,
    );
  }
  try {
    return PNG.sync.read(bytes);
  } catch {
    throw refuse('The caption is not a PNG that can be read');
  }
}

/**
 * The PNG to save: main's own QR code of the link, and under it the window's caption, flattened onto white. The code
 * is always drawn here from the link main read, so no caption (nor anything else the window sends) changes it.
 */
async function qrPng(link: string, caption: string | undefined): Promise<Buffer> {
  const code = await QRCode.toBuffer(link, { ...QR_OPTIONS, type: 'png' });
  if (caption === undefined) return code;
  const qr = PNG.sync.read(code);
  const below = captionPixels(caption, qr.width);
  const out = new PNG({ width: qr.width, height: qr.height + below.height });
  qr.data.copy(out.data, 0);
  const at = qr.data.length;
  for (let i = 0; i < below.data.length; i += 4) {
    const alpha = (below.data[i + 3] ?? 0) / 255;
    for (let c = 0; c < 3; c += 1) {
      out.data[at + i + c] = Math.round((below.data[i + c] ?? 0) * alpha + 255 * (1 - alpha));
    }
    out.data[at + i + 3] = 255;
  }
  return PNG.sync.write(out);
}

/** The request a link holds, or the WalletError (REQUEST_*) that says why it is refused. */
function requestOf(link: string): PaymentRequest {
  const read = readPaymentRequestLink(link);
  if (!read.ok) throw new WalletError(read.error, 'Not a payment request this app can use');
  return read.request;
}

/**
 * The request with what its name is: the requester's claim, compared with the saved payees of whoever is signed in
 * now. A link the system opened is compared when the window takes it, not when it came: the customer may sign in,
 * or another one may, in between.
 */
function withName(
  request: PaymentRequest,
  options: { sessions: SessionService; book: AddressBook; activeProfile(): string },
): ReadPaymentRequest {
  const profileId = options.activeProfile();
  let payees: Payee[] | undefined;
  try {
    payees = options.book.payees(profileId, options.sessions.customer(profileId).kennitala);
  } catch (error) {
    // Nobody signed in (or their grant ended): no address book to compare with; anything else is a fault.
    if (!(error instanceof WalletError)) throw error;
  }
  const name = requestNameClaim(request, payees);
  return { request, ...(name ? { name } : {}) };
}

/**
 * Payment requests (issue 19). Making one: into one of the signed-in customer's own accounts, with their kennitala
 * and name as the bank gave them; the link and its QR code are made here, so the window never composes a request
 * for anyone else. Paying one: the link is only read here, into fields the pay form checks again as if typed.
 */
export class PaymentRequests {
  /** What the system last opened the app with, read; until the window takes it. */
  #opened: OpenedPaymentRequest | undefined;
  readonly #onOpened: () => void;

  constructor(onOpened: () => void) {
    this.#onOpened = onOpened;
  }

  /** A link the system opened the app with (its protocol handler): kept, read, for the window to take. */
  open(link: string): void {
    const read = readPaymentRequestLink(link);
    this.#opened = read.ok ? { request: read.request } : { error: read.error };
    this.#onOpened();
  }

  take(): OpenedPaymentRequest {
    const opened = this.#opened ?? {};
    this.#opened = undefined;
    return opened;
  }

  handlers(options: {
    sessions: SessionService;
    book: AddressBook;
    activeProfile(): string;
    saveFile: Platform['saveFile'];
    locale(): AppLocale;
  }): PaymentRequestHandlers {
    const { sessions, book } = options;
    return {
      createPaymentRequest: async ({ account, amount, message }) => {
        const profileId = options.activeProfile();
        const { kennitala } = sessions.customer(profileId);
        const digits = normalizeAccountNumber(account);
        const own = book.accounts(profileId, kennitala).some((each) => each.accountNumber === digits);
        if (!digits || !own) throw new WalletError('REQUEST_NOT_OWN_ACCOUNT', 'Not one of your own accounts');
        const name = sessions.knownCustomer(profileId)?.name.normalize('NFC');
        const request: PaymentRequest = {
          kennitala,
          account: digits,
          ...(amount !== undefined ? { amount } : {}),
          ...(message?.trim() ? { message: message.trim() } : {}),
        };
        const broken = checkRequestFields(request);
        if (broken) throw new WalletError(broken, 'The request breaks a rule');
        // The bank's spelling of the name, where it keeps to a request's rule for names; else the payer types it.
        const asked = name && !checkRequestFields({ ...request, name }) ? { ...request, name } : request;
        const link = paymentRequestLink(asked);
        return { request: asked, link, qr: await QRCode.toDataURL(link, QR_OPTIONS) };
      },
      readPaymentRequest: ({ link }) => withName(requestOf(link), options),
      takePaymentRequest: () => {
        const opened = this.take();
        return opened.request ? withName(opened.request, options) : opened;
      },
      savePaymentRequestQr: async ({ link, caption }) => {
        const request = requestOf(link);
        // Composed (and a bad caption refused) before the customer is asked where: nothing is written then.
        const content = await qrPng(paymentRequestLink(request), caption);
        const word = options.locale() === 'is' ? 'greidslubeidni' : 'payment-request';
        const path = await options.saveFile({
          suggestedName: `${[word, request.amount, request.account.slice(-4)].filter((part) => part !== undefined).join('-')}.png`,
          content,
          kind: 'png',
          locale: options.locale(),
        });
        return path ? { saved: true, fileName: basename(path), folder: dirname(path) } : { saved: false };
      },
    };
  }
}
