import { z } from 'zod';

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

export interface CreditTransferRequest {
  endToEndId: string;
  debtor: { ownerId: string; accountId: string };
  deposit: { ownerId: string; accountId: string };
  /** Whole krónur. */
  amount: number;
  extendedReference?: string | undefined;
}

/** The create request body as the bank names its fields (PascalCase). */
export function creditTransferBody(request: CreditTransferRequest): Record<string, unknown> {
  return {
    EndToEndIdentification: request.endToEndId,
    DebtorAccount: { OwnerId: request.debtor.ownerId, Id: request.debtor.accountId },
    DepositAccount: { OwnerId: request.deposit.ownerId, Id: request.deposit.accountId },
    Amount: { Currency: 'ISK', Amount: request.amount },
    ...(request.extendedReference ? { ExtendedReference: request.extendedReference } : {}),
  };
}

/** The initiation id is the last segment of the Location URL, absolute or relative. */
export function initiationIdFromLocation(location: string, baseUrl: string): string | undefined {
  let path: string;
  try {
    path = new URL(location, baseUrl).pathname;
  } catch {
    return undefined;
  }
  const last = path
    .split('/')
    .filter((segment) => segment !== '')
    .at(-1);
  if (!last) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return undefined;
  }
}
