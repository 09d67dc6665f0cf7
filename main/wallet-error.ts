/** An error raised by a service on purpose: its code reaches the renderer, its message is safe to show in logs. */
export class WalletError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'WalletError';
    this.code = code;
  }
}
