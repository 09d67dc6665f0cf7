/** Moved to main/ipc/dispatch.ts; this path stays until the tests that import it have moved too. */
export * from './ipc/dispatch.ts';
