import { z } from 'zod';
import type { PaymentOrder } from '../../common/payment.ts';
import { END_TO_END_NOT_PROVIDED } from '../../common/references.ts';

/**
 * A retrieved initiation (bank-service.md, camelCase). Only `id` and `status` are needed to go on; the rest is
 * kept when present. Extra fields are tolerated and unknown status codes are shown as they are.
 */
const Party = z.object({ id: z.string().optional(), ownerId: z.string().optional() }).loose();

export const InitiationSchema = z
  .object({
    id: z.string().min(1),
    status: z.string().min(1),
    paymentDate: z.string().optional(),
    endToEndIdentification: z.string().optional(),
    debtorAccount: Party.optional(),
    depositAccount: Party.optional(),
    amount: z.object({ amount: z.number().optional(), currency: z.string().optional() }).loose().optional(),
    extendedReference: z.string().optional(),
  })
  .loose();
export type Initiation = z.infer<typeof InitiationSchema>;

/** ACCC: accepted and settled on the creditor's account; the only status the bank documents. */
export const SETTLED_STATUS = 'ACCC';

/**
 * A checked payment order as the bank's create request names it (PascalCase, bank-service.md): the one place the
 * app's order meets the wire. A missing reference is sent as the bank's `NOTPROVIDED`.
 */
export function creditTransferBody(order: PaymentOrder): Record<string, unknown> {
  return {
    EndToEndIdentification: order.endToEndId || END_TO_END_NOT_PROVIDED,
    DebtorAccount: { OwnerId: order.debtorKennitala, Id: order.debtorAccount },
    DepositAccount: { OwnerId: order.depositKennitala, Id: order.depositAccount },
    Amount: { Currency: 'ISK', Amount: order.amount },
    ...(order.extendedReference ? { ExtendedReference: order.extendedReference } : {}),
  };
}

/**
 * What an initiation id may look like: URL-safe characters only, starting with a letter or digit (so never `.` or
 * `..`), at most 128 long. The id is used in a path and stored; anything else from a bank is refused, whatever it
 * decodes to (`../../admin?x=1`, `%2F`, spaces).
 */
export const INITIATION_ID = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/;

export const isValidInitiationId = (id: string): boolean => INITIATION_ID.test(id);

/**
 * The initiation id is the last segment of the Location URL, absolute or relative, after `/CreditTransfers/` as
 * bank-service.md shows it; undefined unless it is there and valid (`../../admin` resolves elsewhere and is refused).
 */
export function initiationIdFromLocation(location: string, baseUrl: string): string | undefined {
  let path: string;
  try {
    path = new URL(location, baseUrl).pathname;
  } catch {
    return undefined;
  }
  const match = /\/CreditTransfers\/([^/]+)\/?$/i.exec(path);
  if (!match?.[1]) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  return isValidInitiationId(id) ? id : undefined;
}

/** The order as the bank should echo it back: what a retrieved initiation is checked against. */
export interface ExpectedInitiation {
  initiationId: string;
  debtorKennitala: string;
  debtorAccount: string;
  amount: number;
}

const digits = (value: string | undefined) => value?.replace(/\D/g, '');

/**
 * Whether a retrieved initiation is the one the app created: its id, its debtor (account or owner, whichever the
 * bank gives, and every one it gives must match) and its amount in ISK. A status is believed only from a match: a
 * bank (or anyone between) answering with another initiation must not settle this payment.
 */
export function matchesInitiation(initiation: Initiation, expected: ExpectedInitiation): boolean {
  if (initiation.id !== expected.initiationId) return false;
  const debtor = initiation.debtorAccount;
  const debtorId = digits(debtor?.id);
  const debtorOwner = digits(debtor?.ownerId);
  if (debtorId === undefined && debtorOwner === undefined) return false;
  if (debtorId !== undefined && debtorId !== expected.debtorAccount) return false;
  if (debtorOwner !== undefined && debtorOwner !== expected.debtorKennitala) return false;
  const amount = initiation.amount;
  if (amount?.amount !== expected.amount) return false;
  return amount.currency === undefined || amount.currency.toUpperCase() === 'ISK';
}
