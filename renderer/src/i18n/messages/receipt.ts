import { PAYMENT_TERMS } from '../../../../common/glossary.ts';

/**
 * A payment's receipt (issue 19): the same texts on screen, in print and in the saved PDF. A test profile's receipt
 * says so across the page.
 */
export const en = {
  'receipt.title': 'Payment receipt',
  'receipt.customerWord':
    'Not confirmed by the bank: the bank’s answer never reached the app, and you said your online banking shows this payment.',
  'receipt.fromBackup':
    'Not confirmed by the bank: this payment came from a backup file, and its status here is what the file says, not the bank’s word.',
  'receipt.open': 'Receipt',
  'receipt.test': 'TEST: no real money moved ({environment})',
  'receipt.payer': 'Payer',
  'receipt.payerKennitala': 'Payer’s kennitala',
  'receipt.fromAccount': 'From account',
  'receipt.payee': PAYMENT_TERMS.en.payee,
  'receipt.payeeKennitala': PAYMENT_TERMS.en.payeeKennitala,
  'receipt.toAccount': 'To account',
  'receipt.amount': PAYMENT_TERMS.en.amount,
  'receipt.amountInWords': 'Amount in words',
  // The reference as the pay form calls it, and what it is for the customer: not the standard's "end-to-end id".
  'receipt.reference': `${PAYMENT_TERMS.en.reference} (shown to the payee)`,
  'receipt.message': PAYMENT_TERMS.en.extendedReference,
  'receipt.none': 'None',
  'receipt.when': 'Date and time',
  // A date and a time: {time} is only ever a time of day, which "kl." may stand before.
  'receipt.local': '{dateTime} (your clock)',
  'receipt.gmt': '{date} {time}',
  'receipt.bankStatus': 'The bank’s status',
  'receipt.initiationId': PAYMENT_TERMS.en.initiationId,
  'receipt.requestId': PAYMENT_TERMS.en.requestId,
  'receipt.production': 'Production',
  'receipt.environment': 'Environment',
  'receipt.save': 'Save as PDF',
  'receipt.saving': 'Saving…',
  'receipt.saved': 'Saved as {fileName} in {folder}.',
  'receipt.print': 'Print',
  'receipt.notSaved': 'The receipt was not saved.',
};

export const is: Record<keyof typeof en, string> = {
  'receipt.title': 'Kvittun fyrir greiðslu',
  'receipt.customerWord':
    'Ekki staðfest af bankanum: svar bankans barst forritinu aldrei og þú sagðir að netbankinn þinn sýndi þessa greiðslu.',
  'receipt.fromBackup':
    'Ekki staðfest af bankanum: þessi greiðsla kom úr afritsskrá og staða hennar hér er það sem skráin segir, ekki orð bankans.',
  'receipt.open': 'Kvittun',
  'receipt.test': 'PRÓFUN: engir raunverulegir peningar voru millifærðir ({environment})',
  'receipt.payer': 'Greiðandi',
  'receipt.payerKennitala': 'Kennitala greiðanda',
  'receipt.fromAccount': 'Af reikningi',
  'receipt.payee': PAYMENT_TERMS.is.payee,
  'receipt.payeeKennitala': PAYMENT_TERMS.is.payeeKennitala,
  'receipt.toAccount': 'Á reikning',
  'receipt.amount': PAYMENT_TERMS.is.amount,
  'receipt.amountInWords': 'Upphæð í orðum',
  'receipt.reference': `${PAYMENT_TERMS.is.reference} (sést hjá viðtakanda)`,
  'receipt.message': PAYMENT_TERMS.is.extendedReference,
  'receipt.none': 'Engin',
  'receipt.when': 'Dagsetning og tími',
  'receipt.local': '{dateTime} (þín klukka)',
  'receipt.gmt': '{date} {time}',
  'receipt.bankStatus': 'Staða hjá bankanum',
  'receipt.initiationId': PAYMENT_TERMS.is.initiationId,
  'receipt.requestId': PAYMENT_TERMS.is.requestId,
  'receipt.production': 'Raunumhverfi',
  'receipt.environment': 'Umhverfi',
  'receipt.save': 'Vista sem PDF',
  'receipt.saving': 'Vista…',
  'receipt.saved': 'Vistað sem {fileName} í {folder}.',
  'receipt.print': 'Prenta',
  'receipt.notSaved': 'Kvittunin var ekki vistuð.',
};
