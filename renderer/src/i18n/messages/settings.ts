/** The settings screen. */
export const en = {
  'settings.title': 'Settings',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'settings.title': 'Stillingar',
};
