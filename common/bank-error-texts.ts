import { bankErrorTable, type BankErrorName } from './bank-errors.ts';
import type { AppLocale } from './locale.ts';

/**
 * What each of the bank's errors means for the customer and what they can do, in Icelandic and English.
 * The bank's own messages are for developers; these are for people.
 */
export interface ErrorText {
  title: string;
  action: string;
}
export type ErrorTexts = Record<AppLocale, ErrorText>;

const VENDOR_EN = "If it keeps happening, contact the app's vendor.";
const VENDOR_IS = 'Ef þetta endurtekur sig skaltu hafa samband við þjónustuaðila forritsins.';

export const bankErrorTexts: Record<BankErrorName, ErrorTexts> = {
  BadRequest: {
    en: {
      title: 'The bank could not process the payment request.',
      action: `Check the details and try again. ${VENDOR_EN}`,
    },
    is: {
      title: 'Bankinn gat ekki unnið úr greiðslubeiðninni.',
      action: `Athugaðu upplýsingarnar og reyndu aftur. ${VENDOR_IS}`,
    },
  },
  InvalidAccountProduct: {
    en: {
      title: 'Payments from this app cannot be made from this account.',
      action: 'Choose one of your payment accounts (a current account) to pay from.',
    },
    is: {
      title: 'Ekki er hægt að greiða af þessum reikningi með forritinu.',
      action: 'Veldu einn af greiðslureikningum þínum (veltureikning) til að greiða af.',
    },
  },
  NonISKAmount: {
    en: { title: 'Only payments in Icelandic krónur (ISK) are possible.', action: 'Enter the amount in krónur.' },
    is: { title: 'Aðeins er hægt að greiða í íslenskum krónum (ISK).', action: 'Sláðu inn upphæðina í krónum.' },
  },
  InvalidInitationId: {
    en: {
      title: 'The app asked the bank about a payment without saying which one.',
      action: `Check the payment again. ${VENDOR_EN}`,
    },
    is: {
      title: 'Forritið spurði bankann um greiðslu án þess að tilgreina hvaða greiðslu.',
      action: `Athugaðu greiðsluna aftur. ${VENDOR_IS}`,
    },
  },
  ZeroOrNegativeAmount: {
    en: { title: 'The amount must be more than 0 kr.', action: 'Enter a positive amount in whole krónur.' },
    is: { title: 'Upphæðin verður að vera hærri en 0 kr.', action: 'Sláðu inn jákvæða upphæð í heilum krónum.' },
  },
  OverDailyAmount: {
    en: {
      title: 'This payment would go over the daily limit of 200,000 kr. for payments through apps.',
      action:
        'The limit is shared by every app that uses this service and resets at midnight GMT. Pay a smaller amount, or try again after midnight GMT.',
    },
    is: {
      title: 'Þessi greiðsla færi yfir daglegt hámark, 200.000 kr., fyrir greiðslur í gegnum forrit.',
      action:
        'Hámarkið er sameiginlegt öllum forritum sem nota þjónustuna og endurnýjast á miðnætti (GMT). Greiddu lægri upphæð eða reyndu aftur eftir miðnætti (GMT).',
    },
  },
  AmountUnavailable: {
    en: {
      title: 'There is not enough money available in the account you are paying from.',
      action: 'Pay from another account, or add money to this one and try again.',
    },
    is: {
      title: 'Ekki er næg innstæða á reikningnum sem greitt er af.',
      action: 'Greiddu af öðrum reikningi eða leggðu inn á þennan og reyndu aftur.',
    },
  },
  RequestIdHeaderMissing: {
    en: {
      title: 'The bank refused the payment request because its unique reference was missing.',
      action: `Nothing was paid. Try again. ${VENDOR_EN}`,
    },
    is: {
      title: 'Bankinn hafnaði greiðslubeiðninni því einkvæmt auðkenni hennar vantaði.',
      action: `Ekkert var greitt. Reyndu aftur. ${VENDOR_IS}`,
    },
  },
  InvalidRequestHeader: {
    en: {
      title: "The bank refused the payment request's unique reference.",
      action: `Nothing was paid. Try again. ${VENDOR_EN}`,
    },
    is: {
      title: 'Bankinn hafnaði einkvæmu auðkenni greiðslubeiðninnar.',
      action: `Ekkert var greitt. Reyndu aftur. ${VENDOR_IS}`,
    },
  },
  Unauthorized: {
    en: { title: "The bank did not accept the app's access.", action: 'Sign in with your bank again.' },
    is: { title: 'Bankinn samþykkti ekki aðgang forritsins.', action: 'Skráðu þig aftur inn hjá bankanum.' },
  },
  AccountAccessDenied: {
    en: {
      title: 'The account you are paying from is not in the name of the signed-in customer.',
      action: 'Choose an account in your own name, or sign in as its owner.',
    },
    is: {
      title: 'Reikningurinn sem greitt er af er ekki á nafni þess sem er innskráður.',
      action: 'Veldu reikning á þinni kennitölu eða skráðu þig inn sem eigandi hans.',
    },
  },
  NotAuthorizedToPost: {
    en: {
      title: 'Your bank does not let you make payments through apps like this one.',
      action: 'Contact your bank to find out why.',
    },
    is: {
      title: 'Bankinn þinn leyfir þér ekki að greiða í gegnum forrit eins og þetta.',
      action: 'Hafðu samband við bankann þinn til að fá skýringu.',
    },
  },
  NotAuthorizedToGet: {
    en: {
      title: 'This payment was made by another customer, so its status cannot be shown to you.',
      action: 'Sign in as the customer who made the payment.',
    },
    is: {
      title: 'Annar viðskiptavinur gerði þessa greiðslu og því er ekki hægt að sýna þér stöðu hennar.',
      action: 'Skráðu þig inn sem viðskiptavinurinn sem greiddi.',
    },
  },
  NotFound: {
    en: { title: 'The bank could not find what the app asked for.', action: `Try again later. ${VENDOR_EN}` },
    is: { title: 'Bankinn fann ekki það sem forritið bað um.', action: `Reyndu aftur síðar. ${VENDOR_IS}` },
  },
  InitiationNotFound: {
    en: {
      title: 'The bank has no record of this payment.',
      action: 'Check your online banking to see whether it was paid before you pay again.',
    },
    is: {
      title: 'Bankinn finnur ekki þessa greiðslu.',
      action: 'Athugaðu í netbankanum hvort hún hafi verið greidd áður en þú greiðir aftur.',
    },
  },
  DebtorAccountNotFound: {
    en: {
      title: 'The bank could not find the account you are paying from.',
      action: 'Check the account number, or choose another of your accounts.',
    },
    is: {
      title: 'Bankinn fann ekki reikninginn sem greitt er af.',
      action: 'Athugaðu reikningsnúmerið eða veldu annan af reikningunum þínum.',
    },
  },
  InternalServerError: {
    en: {
      title: 'Something went wrong at the bank.',
      action: 'Try again in a little while. If a payment was on its way, check it again before paying anew.',
    },
    is: {
      title: 'Villa kom upp hjá bankanum.',
      action:
        'Reyndu aftur eftir smástund. Ef greiðsla var á leiðinni skaltu athuga stöðu hennar áður en þú greiðir aftur.',
    },
  },
};

const GENERIC_BY_STATUS: Record<number, BankErrorName> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  404: 'NotFound',
  500: 'InternalServerError',
};

/**
 * Which catalogue row an answer is: by its code first (the specific codes are unique), then, for the generic
 * ERR_80102_000 or no code at all, by HTTP status. Undefined for a status the catalogue has no row for.
 */
export function classifyBankError(code: string | undefined, httpStatus: number): BankErrorName | undefined {
  if (code && code !== 'ERR_80102_000') {
    const byCode = (Object.keys(bankErrorTable) as BankErrorName[]).find((name) => bankErrorTable[name].code === code);
    if (byCode) return byCode;
  }
  const generic = GENERIC_BY_STATUS[httpStatus];
  if (generic) return generic;
  if (httpStatus >= 500) return 'InternalServerError';
  return undefined;
}
