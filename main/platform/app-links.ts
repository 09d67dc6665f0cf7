import { PAYMENT_REQUEST_SCHEME } from '../../common/payment-request.ts';

/**
 * The app's own link among a launch's arguments (Windows and Linux pass the link the system opened as an argument,
 * to the first instance or, through the single-instance lock, to the running one): the last one that is an
 * `a2a-wallet:` link, or undefined. What it says is read later, as any link is (common/payment-request.ts).
 */
export function appLinkIn(argv: readonly string[]): string | undefined {
  return argv.findLast((argument) => argument.toLowerCase().startsWith(`${PAYMENT_REQUEST_SCHEME}:`));
}
