import type { AppLocale } from './locale.ts';
import type { PaymentState } from './payment-rules.ts';

/**
 * One word for one thing, in each language: what the screens, the payment's details and the CSV export call a
 * payment's fields and states (a settled payment is "Paid" / "Greidd" everywhere, its extended reference the
 * "Text for the payee" / "Skýring til viðtakanda"). Zod-free: the renderer's messages and main's export both read it.
 */
export const PAYMENT_STATE_NAMES: Record<AppLocale, Record<PaymentState, string>> = {
  en: {
    draft: 'Draft',
    confirmed: 'Confirmed',
    sending: 'Sending',
    accepted: 'Accepted',
    settled: 'Paid',
    rejected: 'Rejected',
    unknown: 'Outcome unknown',
    declaredPaid: 'Went through (your word)',
    declaredNotPaid: 'Did not go through (your word)',
    dropped: 'Not sent (dropped)',
    damaged: 'Record damaged',
  },
  is: {
    draft: 'Uppkast',
    confirmed: 'Staðfest',
    sending: 'Í sendingu',
    accepted: 'Móttekin',
    settled: 'Greidd',
    rejected: 'Hafnað',
    unknown: 'Niðurstaða óviss',
    declaredPaid: 'Fór í gegn (að þinni sögn)',
    declaredNotPaid: 'Fór ekki í gegn (að þinni sögn)',
    dropped: 'Ekki send (hætt við)',
    damaged: 'Færsla skemmd',
  },
};

export type PaymentTerm =
  | 'localId'
  | 'created'
  | 'state'
  | 'amount'
  | 'currency'
  | 'from'
  | 'payeeKennitala'
  | 'to'
  | 'payee'
  | 'reference'
  | 'extendedReference'
  | 'requestId'
  | 'initiationId'
  | 'bankStatus'
  | 'paymentDate'
  | 'errorCode'
  | 'error'
  | 'note';

export const PAYMENT_TERMS: Record<AppLocale, Record<PaymentTerm, string>> = {
  en: {
    localId: 'Payment id in this app',
    created: 'Confirmed',
    state: 'Status',
    amount: 'Amount',
    currency: 'Currency',
    from: 'From account',
    payeeKennitala: 'Payee’s kennitala',
    to: 'To account',
    payee: 'Payee',
    reference: 'Reference',
    extendedReference: 'Text for the payee',
    requestId: 'X-Request-ID',
    initiationId: 'Initiation id (from the bank)',
    bankStatus: 'Bank status',
    paymentDate: 'Payment date',
    errorCode: 'Error code',
    error: 'What went wrong',
    note: 'Your note',
  },
  is: {
    localId: 'Auðkenni greiðslu í forritinu',
    created: 'Staðfest',
    state: 'Staða',
    amount: 'Upphæð',
    currency: 'Gjaldmiðill',
    from: 'Af reikningi',
    payeeKennitala: 'Kennitala viðtakanda',
    to: 'Á reikning',
    payee: 'Viðtakandi',
    reference: 'Tilvísun',
    extendedReference: 'Skýring til viðtakanda',
    requestId: 'X-Request-ID',
    initiationId: 'Auðkenni greiðslubeiðni (frá bankanum)',
    bankStatus: 'Staða hjá bankanum',
    paymentDate: 'Greiðsludagur',
    errorCode: 'Villukóði',
    error: 'Hvað fór úrskeiðis',
    note: 'Athugasemd þín',
  },
};
