/** The profiles screen. */
export const en = {
  'profiles.title': 'Profiles',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'profiles.title': 'Snið',
};
