/** The pay screen: form, review, result. */
export const en = {
  'pay.title': 'Pay',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'pay.title': 'Greiða',
};
