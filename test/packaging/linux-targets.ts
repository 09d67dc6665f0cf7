import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Arch, build, Platform, type Configuration } from 'electron-builder';

/**
 * What electron-builder's `deb` and `AppImage` targets would put in their packages, without the tools they download
 * (fpm, the AppImage runtime): its own `effectiveOptionComputed` hook, which app-builder-lib calls with everything
 * computed just before it runs them (FpmTarget.build, AppImageTarget.build), answers "stop here". The app folder is
 * a finished `--dir` build (`prepackaged`), copied first, since the deb target writes into its resources.
 */
export interface DebPackage {
  /** fpm's arguments: the control fields and every `source=destination` mapping. */
  args: string[];
  /** Where the app folder goes: `/opt/<productName>`. */
  installDir: string;
  /** The .desktop file's path in the package and its content. */
  desktopFile: { path: string; content: string };
  afterInstall: string;
  afterRemove: string;
  /** The AppArmor profile that the after-install script copies into /etc/apparmor.d (resources/apparmor-profile). */
  appArmorProfile: string;
}

export interface AppImagePackage {
  desktopFileName: string;
  desktop: string;
}

export interface LinuxPackages {
  deb: DebPackage;
  appImage: AppImagePackage;
  /** The copy of the app folder the targets were built from. */
  appDir: string;
}

function argAfter(args: string[], flag: string): string {
  const index = args.indexOf(flag);
  if (index < 0) throw new Error(`fpm was given no ${flag}`);
  return args[index + 1] as string;
}

export async function linuxPackages(options: {
  projectDir: string;
  /** The `--dir` build's `linux-unpacked`. */
  unpacked: string;
  /** The configuration npm run dist gives electron-builder (scripts/dist-config.ts). */
  config: Record<string, unknown>;
  scratch: string;
}): Promise<LinuxPackages> {
  const appDir = join(options.scratch, 'app');
  cpSync(options.unpacked, appDir, { recursive: true });
  let deb: DebPackage | undefined;
  let appImage: AppImagePackage | undefined;
  await build({
    projectDir: options.projectDir,
    targets: Platform.LINUX.createTarget(['deb', 'AppImage'], Arch.x64),
    prepackaged: appDir,
    config: { ...options.config, directories: { output: join(options.scratch, 'dist') } } as Configuration,
    publish: 'never',
    effectiveOptionComputed: (computed: unknown) => {
      if (Array.isArray(computed)) {
        // The deb: [fpm's arguments, the .desktop file]. The scripts live in electron-builder's temporary folder,
        // which is gone after the build.
        const [args, desktopPath] = computed as [string[], string];
        const mapping = args.find((arg) => arg.startsWith(`${desktopPath}=`)) ?? '';
        const install = args.find((arg) => arg.startsWith(`${appDir}/=`)) ?? '';
        deb = {
          args,
          installDir: install.slice(`${appDir}/=`.length),
          desktopFile: { path: mapping.slice(desktopPath.length + 1), content: readFileSync(desktopPath, 'utf8') },
          afterInstall: readFileSync(argAfter(args, '--after-install'), 'utf8'),
          afterRemove: readFileSync(argAfter(args, '--after-remove'), 'utf8'),
          appArmorProfile: readFileSync(join(appDir, 'resources', 'apparmor-profile'), 'utf8'),
        };
      } else {
        appImage = computed as AppImagePackage;
      }
      return Promise.resolve(true);
    },
  });
  if (!deb || !appImage) throw new Error('electron-builder did not reach the deb and AppImage packaging');
  return { deb, appImage, appDir };
}

/** A .desktop file's keys and values (its [Desktop Entry] group). */
export function desktopEntry(content: string): Record<string, string> {
  const entry: Record<string, string> = {};
  for (const line of content.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) entry[line.slice(0, at)] = line.slice(at + 1);
  }
  return entry;
}
