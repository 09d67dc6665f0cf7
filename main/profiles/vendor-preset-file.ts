import { readFileSync } from 'node:fs';
import { checkVendorPreset, type VendorPreset } from '../../common/vendor-preset.ts';

/** Reads and validates a vendor preset; the error names the file and every bad field. */
export function loadVendorPreset(path: string): VendorPreset {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Vendor preset ${path} is not readable JSON: ${(error as Error).message}`, { cause: error });
  }
  const checked = checkVendorPreset(json);
  if (!checked.ok)
    throw new Error(`Vendor preset ${path} is invalid:\n${checked.errors.map((e) => `  - ${e}`).join('\n')}`);
  return checked.preset;
}
