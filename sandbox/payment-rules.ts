import { z } from 'zod';
import type { BankErrorName } from '../common/bank-errors.ts';
import { normalizeAccountNumber } from '../common/account-number.ts';
import type { Ledger } from './ledger.ts';
import { DAILY_LIMIT_ISK } from './users.ts';
import type { SandboxAccount, SandboxUser } from './users.ts';

const accountReference = z.object({ OwnerId: z.string(), Id: z.string() });

/**
 * The create request. bank-service.md does not show which fields are required: the accounts and the amount are (a
 * payment cannot be made without them); the two references are optional strings.
 */
export const creditTransferSchema = z.object({
  EndToEndIdentification: z.string().optional(),
  DebtorAccount: accountReference,
  DepositAccount: accountReference,
  Amount: z.object({ Currency: z.string(), Amount: z.int() }),
  ExtendedReference: z.string().optional(),
});

export type CreditTransfer = z.infer<typeof creditTransferSchema>;

export interface AcceptedTransfer {
  request: CreditTransfer;
  debtorAccount: SandboxAccount;
  /** 12 digits. */
  depositAccountId: string;
  amount: number;
}

export type TransferVerdict = { ok: true; transfer: AcceptedTransfer } | { ok: false; error: BankErrorName };

function reject(error: BankErrorName): TransferVerdict {
  return { ok: false, error };
}

/**
 * Steps 4 to 12 of the issue, in its order: the first rule that fails names the error. `body` is the raw text, so
 * "not JSON" is judged here, after authentication and the request id.
 */
export function judgeTransfer(
  body: string,
  user: SandboxUser,
  tokenKennitala: string,
  ledger: Ledger,
  nowMs: number,
): TransferVerdict {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return reject('BadRequest');
  }
  const parsed = creditTransferSchema.safeParse(json);
  if (!parsed.success) return reject('BadRequest');
  const request = parsed.data;
  // A payee's account that is not an account number at all is a malformed request, not a missing debtor account.
  const depositAccountId = normalizeAccountNumber(request.DepositAccount.Id);
  if (depositAccountId === undefined) return reject('BadRequest');

  const amount = request.Amount.Amount;
  if (request.Amount.Currency !== 'ISK') return reject('NonISKAmount');
  if (amount <= 0) return reject('ZeroOrNegativeAmount');
  if (request.DebtorAccount.OwnerId !== tokenKennitala) return reject('AccountAccessDenied');
  if (!user.mayInitiate) return reject('NotAuthorizedToPost');

  const debtorId = normalizeAccountNumber(request.DebtorAccount.Id);
  const debtorAccount = user.accounts.find((account) => account.id === debtorId);
  if (!debtorAccount) return reject('DebtorAccountNotFound');
  if (debtorAccount.product !== 'payment') return reject('InvalidAccountProduct');
  if (amount > (ledger.balance(debtorAccount.id) ?? 0)) return reject('AmountUnavailable');
  if (ledger.paidOn(user, nowMs) + amount > DAILY_LIMIT_ISK) return reject('OverDailyAmount');

  return { ok: true, transfer: { request, debtorAccount, depositAccountId, amount } };
}
