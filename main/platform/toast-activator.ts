import { createHash } from 'node:crypto';

/**
 * The COM class id of the app's Windows toast activator (issue 39, item 6). Electron 45 registers one at
 * HKCU\Software\Classes\CLSID\{id} (its LocalServer32 the app's exe) and writes it into the Start-menu shortcut, so that
 * a click on a toast in the Action Center reaches the app; left to itself it picks a random one, which no uninstaller
 * can find. It is fixed here per appId (a vendor's build has its own), as the installer's APP_GUID: electron-builder
 * derives that as a name-based UUID (version 5) of the appId in its own namespace, and defines it for the NSIS
 * include, whose uninstaller removes the key (build/installer.nsh).
 */
const ELECTRON_BUILDER_NAMESPACE = '50e065bc-3134-11e6-9bab-38c9862bdaf3';

export function toastActivatorClsid(appId: string): string {
  const namespace = Buffer.from(ELECTRON_BUILDER_NAMESPACE.replaceAll('-', ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(appId, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  // RFC 4122 (section 4.3): version 5, variant 10.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `{${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}}`;
}
