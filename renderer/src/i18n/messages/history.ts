/** The history screen. */
export const en = {
  'history.title': 'History',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'history.title': 'Greiðslusaga',
};
