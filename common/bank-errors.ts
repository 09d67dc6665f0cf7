/**
 * The bank's error table (bank-service.md, "Errors"), word for word. ERR_80102_000 stands for four different
 * generic errors, told apart by HTTP status and name, so a row is keyed by its name.
 */
export const bankErrorTable = {
  BadRequest: { httpStatus: 400, code: 'ERR_80102_000', message: 'Your request could not be processed' },
  InvalidAccountProduct: { httpStatus: 400, code: 'ERR_80102_100', message: 'Invalid account for 3rd party transfer' },
  NonISKAmount: { httpStatus: 400, code: 'ERR_80102_101', message: 'Only ISK payments are supported' },
  InvalidInitationId: { httpStatus: 400, code: 'ERR_80102_102', message: 'Initiation Id cannot be empty string' },
  ZeroOrNegativeAmount: {
    httpStatus: 400,
    code: 'ERR_80102_103',
    message: 'The payment amount cannot be zero or negative',
  },
  OverDailyAmount: { httpStatus: 400, code: 'ERR_80102_104', message: 'User exceeded daily amount limit' },
  AmountUnavailable: {
    httpStatus: 400,
    code: 'ERR_80102_105',
    message: 'The payment amount requested is not available in the debtor account',
  },
  RequestIdHeaderMissing: {
    httpStatus: 400,
    code: 'ERR_80102_106',
    message: 'x-request-id header is missing from request',
  },
  InvalidRequestHeader: { httpStatus: 400, code: 'ERR_80102_107', message: 'x-request-id header is invalid' },
  Unauthorized: { httpStatus: 401, code: 'ERR_80102_000', message: 'You are unauthorized to perform this action' },
  AccountAccessDenied: {
    httpStatus: 401,
    code: 'ERR_80102_110',
    message: "Debtor account kennitala does not match user's kennitala",
  },
  NotAuthorizedToPost: {
    httpStatus: 401,
    code: 'ERR_80102_111',
    message: 'User is not authorized to create initiation',
  },
  NotAuthorizedToGet: { httpStatus: 401, code: 'ERR_80102_112', message: 'User is unathorized to get initation' },
  NotFound: { httpStatus: 404, code: 'ERR_80102_000', message: 'Resource not found' },
  InitiationNotFound: { httpStatus: 404, code: 'ERR_80102_120', message: 'Initiation not found' },
  DebtorAccountNotFound: { httpStatus: 404, code: 'ERR_80102_121', message: 'Debtor account not found' },
  InternalServerError: { httpStatus: 500, code: 'ERR_80102_000', message: 'Internal Server Error' },
} as const satisfies Record<string, { httpStatus: number; code: string; message: string }>;

export type BankErrorName = keyof typeof bankErrorTable;
export const bankErrorNames = Object.keys(bankErrorTable) as BankErrorName[];

/** The body the bank's errors carry: name, code and message (the sandbox sends exactly this). */
export interface BankErrorBody {
  name: BankErrorName;
  code: string;
  message: string;
}

export function bankErrorBody(name: BankErrorName): BankErrorBody {
  const row = bankErrorTable[name];
  return { name, code: row.code, message: row.message };
}
