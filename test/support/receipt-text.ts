import type { PaymentView } from '../../common/bridge-contract.ts';
import type { AppLocale } from '../../common/locale.ts';

/**
 * What every receipt of Anna's test payment to Björn (1 500 kr., reference "Leiga nóv", text "Takk fyrir", at noon
 * GMT on 22 November 2026, in the local sandbox) says, in each language: the screen's and the PDF's alike. The
 * payer's name is there, as the bank's sign-in gave it; the payer's kennitala shows masked, never whole (`hidden`).
 */
export function receiptText(
  payment: Pick<PaymentView, 'requestId' | 'initiationId'>,
  locale: AppLocale,
): { shown: (string | RegExp)[]; hidden: string[] } {
  const common = [
    // The payer's name from the sign-in (the sandbox's Anna), not from anything typed.
    'Anna Jónsdóttir',
    '120385-****',
    'Björn',
    '050792-2189',
    '0133-26-012345',
    '0133-26-020001',
    'Leiga nóv',
    'Takk fyrir',
    '2026-11-22 12:00 GMT',
    'X-Request-ID',
    payment.requestId,
    payment.initiationId ?? 'an initiation id',
  ];
  const language =
    locale === 'en'
      ? [
          'Payment receipt',
          'Payer’s kennitala',
          'From account',
          'Payee’s kennitala',
          'Initiation id',
          /ISK\s1,500/,
          'one thousand five hundred krónur',
          'TEST: no real money moved (LOCAL SANDBOX)',
          '(your clock)',
          'Paid (',
        ]
      : [
          'Kvittun fyrir greiðslu',
          'Kennitala greiðanda',
          'Af reikningi',
          'Kennitala viðtakanda',
          'Auðkenni greiðslubeiðni',
          /1\.500\skr\./,
          'eitt þúsund og fimm hundruð krónur',
          'PRÓFUN: engir raunverulegir peningar voru millifærðir (STAÐBUNDIÐ PRÓFUNARUMHVERFI)',
          '(þín klukka)',
          'Greidd (',
        ];
  return { shown: [...common, ...language], hidden: ['120385-2089'] };
}
