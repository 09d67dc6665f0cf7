import type { VendorPreset } from '../common/vendor-preset.ts';
import type { IconSet } from './icons.ts';

/**
 * What `npm run dist` hands electron-builder on top of electron-builder.yml: the vendor's brand, icons and update
 * feed, and what to leave out. A config that `extends` the yml, so electron-builder merges the two itself (file
 * patterns are appended to the yml's, in order).
 */

/**
 * The local sandbox's chunk (named in electron.vite.config.ts). The main process bundles its dependencies, so this
 * file holds the sandbox and the code of every package only it uses: leaving it out leaves all of that out.
 */
export const SANDBOX_CHUNK = 'out/main/local-sandbox.js';

export interface DistOptions {
  /** `--vendor path/to/vendor.json` */
  vendor?: string;
  /** `--source-maps`: build with source maps and ship the app's own (never the dependencies'). */
  sourceMaps: boolean;
  /** Everything else goes to electron-builder as it is: `--linux`, `--dir`, `-c.electronDist=...`. */
  builderArgs: string[];
}

export function parseDistArgs(args: readonly string[]): DistOptions {
  const options: DistOptions = { sourceMaps: false, builderArgs: [] };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '--vendor') {
      const value = args[index + 1];
      if (value === undefined || value.startsWith('-')) throw new Error('--vendor needs the path of a vendor preset');
      options.vendor = value;
      index += 1;
    } else if (arg.startsWith('--vendor=')) {
      options.vendor = arg.slice('--vendor='.length);
    } else if (arg === '--source-maps') {
      options.sourceMaps = true;
    } else if (arg === '--publish' || arg === '-p' || arg.startsWith('--publish=')) {
      throw new Error('npm run dist never publishes: upload the files in dist/ to your update server yourself');
    } else {
      options.builderArgs.push(arg);
    }
  }
  return options;
}

/** `Greiðsluappið Banka` -> `greidsluappid-banka`: file and executable names without spaces or accents. */
export function slugOf(productName: string, appId: string): string {
  const ascii = productName
    .replaceAll(/[Þþ]/g, 'th')
    .replaceAll(/[Ðð]/g, 'd')
    .replaceAll(/[Ææ]/g, 'ae')
    .replaceAll(/[Öö]/g, 'o')
    .normalize('NFKD')
    .replaceAll(/[\u0300-\u036f]/g, '');
  const slug = ascii
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-+|-+$/g, '');
  return slug || (appId.split('.').at(-1) ?? 'wallet').toLowerCase();
}

/**
 * package.json's `desktopName` for an app id: `is.a2awallet.app.desktop`. A reverse-DNS desktop file id, as the
 * freedesktop specification recommends, and unique to each build that has its own appId.
 */
export function desktopNameOf(appId: string): string {
  return `${appId}.desktop`;
}

/** The preset as the app reads it at run time (`out/vendor.json`): without the icon, a path on the build machine. */
export function runtimePreset(preset: VendorPreset): Omit<VendorPreset, 'icon'> {
  const { icon: _icon, ...rest } = preset;
  return rest;
}

export interface BuilderConfigInput {
  /** Absolute path of electron-builder.yml. */
  baseConfig: string;
  preset?: VendorPreset;
  /** Icons generated from the preset's icon. */
  icons?: IconSet;
  sourceMaps: boolean;
  year?: number;
}

export type BuilderConfig = Record<string, unknown> & { extends: string; files: string[] };

export function builderConfig(input: BuilderConfigInput): BuilderConfig {
  const { preset, icons } = input;
  const files = [
    // After the yml's `!**/*.map`, this puts back the app's own maps only.
    ...(input.sourceMaps ? ['out/**/*.map'] : []),
    // Last, so that the maps pattern cannot put the sandbox's map (its sources, credentials included) back.
    ...(preset && !preset.shipLocalSandbox ? [`!${SANDBOX_CHUNK}{,.map}`] : []),
  ];
  const config: BuilderConfig = { extends: input.baseConfig, files };
  if (!preset) return config;

  const slug = slugOf(preset.productName, preset.appId);
  Object.assign(config, {
    appId: preset.appId,
    productName: preset.productName,
    executableName: slug,
    artifactName: `${slug}-\${version}-\${arch}.\${ext}`,
    copyright: `Copyright © ${input.year ?? new Date().getFullYear()} ${preset.publisher}`,
    // The packaged package.json: Electron names the app (and its data folder) after productName; NSIS and the
    // .deb take the publisher from author, the .deb its Homepage from homepage (package.json's when the preset has
    // none). desktopName is the window's Wayland app_id and X11 WM_CLASS, and (linux.syncDesktopName in the yml) the
    // name of the .desktop file and its StartupWMClass: the vendor's own, so that its app and ours never share one.
    extraMetadata: {
      productName: preset.productName,
      author: preset.publisher,
      desktopName: desktopNameOf(preset.appId),
      ...(preset.homepage ? { homepage: preset.homepage } : {}),
    },
    linux: { maintainer: preset.publisher, ...(icons ? { icon: icons.pngDir } : {}) },
    ...(icons ? { win: { icon: icons.ico }, mac: { icon: icons.icns } } : {}),
    // Also writes latest*.yml beside the installers and app-update.yml into the app.
    ...(preset.updateFeed ? { publish: { provider: 'generic', url: preset.updateFeed } } : {}),
  });
  return config;
}
