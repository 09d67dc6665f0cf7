/**
 * The IPC channel names on the wire. Kept free of imports: the sandboxed preload bundles it and may require
 * nothing but `electron`.
 */
export const ipcChannel = (name: string): string => `wallet:${name}`;
export const ipcEventChannel = (name: string): string => `wallet-event:${name}`;
