import { z } from 'zod';

/** What the renderer may know of a sign-in: never a token, and the kennitala only masked. */
// 'profile-changed': the profile's bank, client or sign-in settings changed, so its tokens were not used again.
// 'passcode': too many wrong passcodes ended every sign-in; the app stayed locked, so the customer stays known.
// 'passcode-forgotten': "Forgot your passcode?" ended every sign-in; whoever is at the keyboard may not be the
// customer, so nobody's history shows until the bank identifies its customer again (docs/SECURITY.md).
export const SIGNED_OUT_REASONS = [
  'never',
  'signed-out',
  'revoked',
  'grant-ended',
  'expired',
  'unreadable',
  'profile-changed',
  'passcode',
  'passcode-forgotten',
] as const;
export const SessionSchema = z.object({
  profileId: z.string(),
  signedIn: z.boolean(),
  signingIn: z.boolean(),
  name: z.string().optional(),
  maskedKennitala: z.string().optional(),
  grantStart: z.number().optional(),
  grantEnd: z.number().optional(),
  daysLeft: z.number().int().optional(),
  /** 14, 7 or 1 once the grant's end is that close. */
  reminder: z.union([z.literal(14), z.literal(7), z.literal(1)]).optional(),
  signedOutReason: z.enum(SIGNED_OUT_REASONS).optional(),
  /** False where tokens are kept in memory only: the customer signs in again after a restart. */
  persistent: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
export type SignedOutReason = (typeof SIGNED_OUT_REASONS)[number];
