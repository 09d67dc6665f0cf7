import { expect } from 'vitest';
import { bankErrorBody, bankErrorTable } from '../../common/bank-errors.ts';
import type { BankErrorName } from '../../common/bank-errors.ts';
import { localApp } from './oauth-dance.ts';

export const TRANSFERS = '/Payments/Initiations/v1/CreditTransfers';

export const anna = { kennitala: '1203852089', primary: '013326012345', secondary: '013315012346' };
export const bjorn = { kennitala: '0507922189', primary: '013326020001', secondary: '013315020002' };
export const einar = { kennitala: '3006012000', primary: '013305030001', secondary: '013315030002' };
export const sigga = { kennitala: '1712782019', primary: '013326040001', secondary: '013315040002' };
export const olafur = { kennitala: '0909552099', primary: '013326050001' };
export const gudrun = { kennitala: '2311642009' };

/** A create request body that anna's token may send; override any part. */
export function transferBody(
  options: { amount?: number; currency?: string; debtor?: string; owner?: string; payee?: string } = {},
) {
  return {
    EndToEndIdentification: 'E2E1',
    DebtorAccount: { OwnerId: options.owner ?? anna.kennitala, Id: options.debtor ?? anna.primary },
    DepositAccount: { OwnerId: bjorn.kennitala, Id: options.payee ?? bjorn.primary },
    Amount: { Currency: options.currency ?? 'ISK', Amount: options.amount ?? 1000 },
    ExtendedReference: 'Rent',
  };
}

let counter = 0;
export function newRequestId(): string {
  counter += 1;
  return `req${Date.now().toString(36)}${counter}`;
}

export interface CallOptions {
  token?: string | null;
  apiKey?: string | null;
  /** null sends no X-Request-ID; undefined sends a fresh one. */
  requestId?: string | null;
  /** An object is sent as JSON; a string is sent as it is. */
  body?: unknown;
  contentType?: string | null;
}

function headersOf(options: CallOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const apiKey = options.apiKey === undefined ? localApp.apiKey : options.apiKey;
  if (apiKey !== null) headers.apikey = apiKey;
  if (options.token !== undefined && options.token !== null) headers.authorization = `Bearer ${options.token}`;
  return headers;
}

export function postTransfer(baseUrl: string, options: CallOptions = {}): Promise<Response> {
  const headers = headersOf(options);
  const requestId = options.requestId === undefined ? newRequestId() : options.requestId;
  if (requestId !== null) headers['x-request-id'] = requestId;
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  const body = options.body === undefined ? transferBody() : options.body;
  return fetch(`${baseUrl}${TRANSFERS}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  });
}

export function getTransfer(baseUrl: string, pathOrId: string, options: CallOptions = {}): Promise<Response> {
  const path = pathOrId.startsWith('/') ? pathOrId : `${TRANSFERS}/${pathOrId}`;
  return fetch(`${baseUrl}${path}`, {
    headers: { ...headersOf(options), accept: 'application/json', 'x-request-id': newRequestId() },
  });
}

/** The response is the bank's error `name`: its HTTP status and its JSON body, word for word. */
export async function expectBankError(response: Response, name: BankErrorName): Promise<void> {
  const body: unknown = await response.json();
  expect({ status: response.status, body }).toEqual({
    status: bankErrorTable[name].httpStatus,
    body: bankErrorBody(name),
  });
}
