import { z } from 'zod';
import { ACCOUNT_DIGITS_PATTERN } from './account-number.ts';
import { KENNITALA_DIGITS_PATTERN } from './kennitala.ts';
import { PAYEE_NAME_MAX } from './payment-rules.ts';

/**
 * The customer's own accounts and saved payees, per profile and customer. The API shown has no account list, so
 * the customer adds their own accounts once; the owner of each is the signed-in kennitala and cannot be changed.
 */
export const OwnAccountSchema = z.object({
  id: z.string().min(1),
  /** 12 digits, as sent to the bank. */
  accountNumber: z.string().regex(ACCOUNT_DIGITS_PATTERN),
  label: z.string().max(60),
});
export type OwnAccount = z.infer<typeof OwnAccountSchema>;

export const PayeeSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(PAYEE_NAME_MAX),
  kennitala: z.string().regex(KENNITALA_DIGITS_PATTERN),
  accountNumber: z.string().regex(ACCOUNT_DIGITS_PATTERN),
  createdAt: z.number(),
});
export type Payee = z.infer<typeof PayeeSchema>;

/** What the form sends: any accepted spelling; main checks and normalises it. */
export const OwnAccountInputSchema = z.object({
  id: z.string().max(64).optional(),
  accountNumber: z.string().max(64),
  label: z.string().max(60).default(''),
});
export type OwnAccountInput = z.input<typeof OwnAccountInputSchema>;

export const PayeeInputSchema = z.object({
  id: z.string().max(64).optional(),
  name: z.string().max(PAYEE_NAME_MAX),
  kennitala: z.string().max(64),
  accountNumber: z.string().max(64),
});
export type PayeeInput = z.input<typeof PayeeInputSchema>;
