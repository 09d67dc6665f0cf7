import { invokeChannels, type HandlerTable, type InvokeChannel } from '../../common/bridge-contract.ts';
import { fail, ok, type Result } from '../../common/result.ts';
import { z } from 'zod';
import { WalletError } from '../wallet-error.ts';

export { WalletError };
export type { HandlerTable };

const isInvokeChannel = (channel: string): channel is InvokeChannel => Object.hasOwn(invokeChannels, channel);

/**
 * Validate the payload, run the handler and turn every outcome into a serializable Result. The response is
 * parsed too: whatever a service returns, only the fields of the contract reach the renderer.
 */
export async function dispatch(table: HandlerTable, channel: string, payload: unknown): Promise<Result<unknown>> {
  if (!isInvokeChannel(channel)) return fail('UNKNOWN_CHANNEL', `No such channel: ${channel.slice(0, 64)}`);
  const spec = invokeChannels[channel];
  const request = spec.request.safeParse(payload);
  if (!request.success) return fail('INVALID_REQUEST', z.prettifyError(request.error));
  try {
    const handler = table[channel] as (request: unknown) => unknown;
    const response = spec.response.safeParse(await handler(request.data));
    if (!response.success) return fail('INTERNAL', `The ${channel} response broke the contract`);
    return ok(response.data);
  } catch (error) {
    if (error instanceof WalletError) return fail(error.code, error.message);
    // An unexpected error may carry anything in its message; the renderer gets only the fact.
    return fail('INTERNAL', 'Something went wrong in the app');
  }
}
