/**
 * A service the one being built needs, built after it: each is a cycle between two services (the lock tells the
 * secrets of the passcode's key, and the secrets ask whether a passcode is set), made visible where it is wired.
 * Read only once the core is built (from a callback, never in a constructor).
 */
export interface Late<T> {
  readonly value: T;
  set(value: T): T;
}

export function late<T>(name: string): Late<T> {
  let held: { value: T } | undefined;
  return {
    get value(): T {
      if (!held) throw new Error(`The core's ${name} is not built yet`);
      return held.value;
    },
    set(value: T): T {
      held = { value };
      return value;
    },
  };
}
