import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';

/**
 * An AppImage as the handler of the app's links (issue 27). electron-builder's .desktop file, with its
 * `MimeType=x-scheme-handler/a2a-wallet`, stays inside the image, and Electron's setAsDefaultProtocolClient on Linux
 * only names the desktop file of `desktopName`, which nothing installs for an AppImage: links did nothing. So a
 * packaged AppImage writes its own, hidden, per-user desktop entry for the link type at start, naming the image by
 * its path, and makes it the default handler. The entry is written again when the image has moved (its path is in
 * it), and is left as it is otherwise, so an ordinary start runs no command at all.
 *
 * Plain Node, with every input given, so the tests run it in a scratch home: app-lifecycle.electron.ts passes the
 * real ones.
 */

/** Runs a command, resolving when it ends; rejects when it cannot be started or fails. */
export type CommandRunner = (command: string, args: readonly string[]) => Promise<unknown>;

export interface AppImageLinkInput {
  /** The process's environment: APPIMAGE (set by the AppImage's runtime: the image's path) and XDG_DATA_HOME. */
  env: NodeJS.ProcessEnv;
  /** The user's home folder. */
  home: string;
  platform: NodeJS.Platform;
  /** The build's appId (the vendor's): names the desktop entry, so a vendor's app and ours never share one. */
  appId: string;
  productName: string;
  /** The link scheme, without `:`. */
  scheme: string;
  run: CommandRunner;
}

export type AppImageLinkResult =
  | { action: 'none'; reason: string }
  | { action: 'unchanged'; file: string }
  | {
      action: 'written';
      file: string;
      /** Commands that could not run (xdg-mime or update-desktop-database missing, or failing): never fatal. */
      failed: string[];
    };

/** `<appId>-url-handler.desktop`: the desktop file id that xdg-mime is given. */
export function urlHandlerDesktopId(appId: string): string {
  return `${appId}-url-handler.desktop`;
}

/**
 * One argument of an Exec key, quoted as the Desktop Entry Specification asks: `"`, `` ` ``, `$` and `\` escaped
 * with a backslash inside double quotes, then every backslash doubled again by the string escaping that is undone
 * first, and `%` written `%%` (a field code otherwise). A path with spaces stays one argument.
 */
export function quoteExecArgument(value: string): string {
  const quoted = value.replaceAll(/["`$\\]/g, (character) => `\\${character}`);
  return `"${quoted.replaceAll('\\', '\\\\').replaceAll('%', '%%')}"`;
}

/** The entry's text: hidden from menus, for the link type only, starting the image with the link (`%u`). */
export function urlHandlerEntry(input: { appImage: string; productName: string; scheme: string }): string {
  // A name can hold no line break (a desktop file is one key per line); the preset allows none, but a desktop
  // file must never get a second, injected key from it.
  const name = input.productName.replaceAll(/[\r\n\t]/g, ' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${name}`,
    `Exec=${quoteExecArgument(input.appImage)} %u`,
    'Terminal=false',
    'NoDisplay=true',
    `MimeType=x-scheme-handler/${input.scheme};`,
    '',
  ].join('\n');
}

/** $XDG_DATA_HOME/applications, or ~/.local/share/applications (a relative XDG_DATA_HOME is invalid: ignored). */
export function applicationsDir(env: NodeJS.ProcessEnv, home: string): string {
  const dataHome = env['XDG_DATA_HOME'];
  return join(dataHome && isAbsolute(dataHome) ? dataHome : join(home, '.local', 'share'), 'applications');
}

export async function registerAppImageLinks(input: AppImageLinkInput): Promise<AppImageLinkResult> {
  const appImage = input.env['APPIMAGE'];
  if (input.platform !== 'linux') return { action: 'none', reason: 'not Linux' };
  if (!appImage) return { action: 'none', reason: 'not started as an AppImage' };
  if (!isAbsolute(appImage) || /[\r\n]/.test(appImage)) {
    return { action: 'none', reason: `APPIMAGE is not a usable path: ${JSON.stringify(appImage)}` };
  }
  const dir = applicationsDir(input.env, input.home);
  const id = urlHandlerDesktopId(input.appId);
  const file = join(dir, id);
  const content = urlHandlerEntry({ appImage, productName: input.productName, scheme: input.scheme });
  if (readOrUndefined(file) === content) return { action: 'unchanged', file };

  mkdirSync(dir, { recursive: true });
  // Written whole, then renamed into place: the desktop never reads half an entry.
  const partial = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(partial, content);
    // Readable by the desktop, writable by the user only, whatever the umask.
    chmodSync(partial, 0o644);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }

  // Both tools come with xdg-utils and desktop-file-utils, which a desktop usually has; without them the entry is
  // still there, and most desktops find it by its MimeType when they next scan the folder.
  const failed: string[] = [];
  const attempt = async (command: string, args: string[]): Promise<void> => {
    try {
      await input.run(command, args);
    } catch (error) {
      failed.push(`${command}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  await attempt('xdg-mime', ['default', basename(file), `x-scheme-handler/${input.scheme}`]);
  await attempt('update-desktop-database', [dir]);
  return { action: 'written', file, failed };
}

function readOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
