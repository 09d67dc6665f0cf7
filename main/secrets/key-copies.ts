import { z } from 'zod';
import type { KeyValueStore } from '../storage/key-value-store.ts';
import { DATA_KEY, DATA_KEY_CHECK, DATA_KEY_SET_ASIDE, keepAside } from './key-protector.ts';
import { aesGcmBox, type SecretBox } from './secret-box.ts';

/**
 * The data key's copies in the key file (the format an earlier version reads too): the passcode's copies and their
 * marks, where the keychain protects nothing, and the move of every copy from the settings into the key file.
 * WalletSecrets decides which copy holds the key; this module only reads and writes them.
 */

/**
 * Where the keychain protects nothing, the data key is stored sealed under the passcode's key instead: one copy, or
 * two (the new passcode's first) while a change is being stored.
 */
export const PASSCODE_WRAPS = 'vault.dataKey.passcode';
const WRAP_CONTEXT = 'a2a-wallet/data-key/passcode/v1';
const WrapsSchema = z.array(z.string()).max(2);

/**
 * A passcode set where the passphrase rule applied (see `staged`) leaves a mark sealed under its own key: only that
 * passcode's key opens it, so it speaks for that passcode alone, and nobody can make one without the passcode. A
 * passcode without one (set by an earlier version, when 6 digits were enough; or first wrapping the data key at an
 * unlock, having been set while a keychain or the fixed key held it) is too weak to keep sign-in tokens on disk: a copy
 * of the data folder gives it up offline in hours. Kept beside the copies of the data key, not in them, so that an
 * earlier version of the app still opens those. One per copy of the data key, at most two.
 */
export const PASSPHRASE_MARKS = 'vault.dataKey.passcode.passphrase';
const MARK_CONTEXT = 'a2a-wallet/passcode/passphrase/v1';
const MARK = 'passphrase';

/** Everything that is the data key or a copy of it: kept in the key file, never in the settings (issue 39). */
const KEY_ENTRIES = [DATA_KEY, DATA_KEY_CHECK, DATA_KEY_SET_ASIDE, PASSCODE_WRAPS, PASSPHRASE_MARKS];

/** The passcode's copies of the data key as stored (none, one, or two while a change is stored). */
export function wrapsIn(store: KeyValueStore): string[] {
  const parsed = WrapsSchema.safeParse(store.get(PASSCODE_WRAPS));
  return parsed.success ? parsed.data : [];
}

/** The passphrase marks as stored (see PASSPHRASE_MARKS). */
export function marksIn(store: KeyValueStore): string[] {
  const parsed = WrapsSchema.safeParse(store.get(PASSPHRASE_MARKS));
  return parsed.success ? parsed.data : [];
}

/** The passcode's copies and marks as one passcode's key reads them: which it opens, and the key it finds. */
export interface CopiesRead {
  wrapper: SecretBox;
  stored: string[];
  opened: (Buffer | undefined)[];
  found: Buffer | undefined;
  marks: string[];
  marked: boolean[];
}

export function readCopies(store: KeyValueStore, passcodeKey: Buffer): CopiesRead {
  const wrapper = aesGcmBox(passcodeKey);
  const stored = wrapsIn(store);
  const opened = stored.map((wrap) => unwrap(wrapper, wrap));
  const found = opened.find((key) => key !== undefined);
  const marks = marksIn(store);
  const marked = marks.map((mark) => opensMark(wrapper, mark));
  return { wrapper, stored, opened, found, marks, marked };
}

/**
 * Writes the passcode's copy of `key` (and its mark where `passphrase`). While a change is stored (`staged`), the old
 * passcode's copy and mark stay beside the new one; once it is, only the new.
 */
export function writeCopies(
  store: KeyValueStore,
  read: CopiesRead,
  key: Buffer,
  staged: boolean,
  passphrase: boolean,
): void {
  const { wrapper, stored, opened, marks, marked } = read;
  const others = staged ? stored.filter((_, index) => opened[index] === undefined) : [];
  store.set(PASSCODE_WRAPS, [wrapper.seal(key.toString('base64'), WRAP_CONTEXT), ...others].slice(0, 2));
  const otherMarks = staged ? marks.filter((_, index) => !marked[index]) : [];
  const nextMarks = [...(passphrase ? [wrapper.seal(MARK, MARK_CONTEXT)] : []), ...otherMarks].slice(0, 2);
  if (nextMarks.length > 0) store.set(PASSPHRASE_MARKS, nextMarks);
  else store.delete(PASSPHRASE_MARKS);
}

/** The passcode no longer holds the data key: its copies and marks go. */
export function dropCopies(store: KeyValueStore): void {
  store.delete(PASSCODE_WRAPS);
  store.delete(PASSPHRASE_MARKS);
}

function opensMark(wrapper: SecretBox, mark: string): boolean {
  try {
    return wrapper.open(mark, MARK_CONTEXT) === MARK;
  } catch {
    return false;
  }
}

function unwrap(wrapper: SecretBox, wrap: string): Buffer | undefined {
  try {
    const key = Buffer.from(wrapper.open(wrap, WRAP_CONTEXT), 'base64');
    return key.length === 32 ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Moves the key's copies from the settings, where earlier versions kept them, into the key file: written there (the
 * file is synced) before they leave the settings, so a stop in between leaves them in one place or both, never none.
 * Answers where the key lives now.
 */
export function moveKeys(options: { keys?: KeyValueStore | undefined; store: KeyValueStore }): KeyValueStore {
  const { keys, store } = options;
  if (!keys || keys === store) return store;
  for (const entry of KEY_ENTRIES) {
    const old = store.get(entry);
    if (old === undefined) continue;
    if (keys.get(entry) === undefined) keys.set(entry, old);
    store.delete(entry);
  }
  return keys;
}

/** Copies of the data key under the passcode that the right passcode does not open: kept aside with the time. */
export function setAsideWraps(store: KeyValueStore, wraps: readonly string[]): void {
  keepAside(store, { passcodeWraps: wraps }, Date.now());
}
