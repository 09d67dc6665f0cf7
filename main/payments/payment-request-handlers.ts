import { basename, dirname } from 'node:path';
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
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4, scale: 8 } as const;

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
      savePaymentRequestQr: async ({ link }) => {
        const request = requestOf(link);
        const word = options.locale() === 'is' ? 'greidslubeidni' : 'payment-request';
        const path = await options.saveFile({
          suggestedName: `${[word, request.amount, request.account.slice(-4)].filter((part) => part !== undefined).join('-')}.png`,
          content: await QRCode.toBuffer(paymentRequestLink(request), { ...QR_OPTIONS, type: 'png' }),
          kind: 'png',
          locale: options.locale(),
        });
        return path ? { saved: true, fileName: basename(path), folder: dirname(path) } : { saved: false };
      },
    };
  }
}
