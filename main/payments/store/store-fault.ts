/** A payment store's fault, as main is told it: a code it knows, a message safe for a log (no payment in it). */
export class StoreFault extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'StoreFault';
    this.code = code;
  }
}
