/**
 * The development switches, read in one place. A packaged app (what a customer installs) honours none of them:
 * `ELECTRON_RENDERER_URL` would make any origin the trusted app page, with DevTools and the whole bridge, and
 * `A2A_WALLET_USER_DATA` would move the settings, the token vault and the payment journal to a folder of someone
 * else's choosing. Pure (no Electron), so the packaged path is tested under plain Node.
 */
export interface DevelopmentSwitches {
  /** The dev server to load instead of the built page (`npm run dev`). */
  devServerUrl?: string;
  /** A fresh data folder per end-to-end test run. */
  userDataDir?: string;
  /** DevTools and the developer menu. */
  isDev: boolean;
}

/** Only a plain http(s) URL, as electron-vite sets it; anything else is ignored rather than loaded. */
function devServer(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function developmentSwitches(options: {
  isPackaged: boolean;
  env: Readonly<Record<string, string | undefined>>;
}): DevelopmentSwitches {
  if (options.isPackaged) return { isDev: false };
  const devServerUrl = devServer(options.env['ELECTRON_RENDERER_URL']);
  const userDataDir = options.env['A2A_WALLET_USER_DATA'] || undefined;
  return {
    isDev: true,
    ...(devServerUrl ? { devServerUrl } : {}),
    ...(userDataDir ? { userDataDir } : {}),
  };
}
