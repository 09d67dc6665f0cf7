import { beforeEach, describe, expect, it, vi } from 'vitest';

// The adapter's wiring only: what it tells electron-updater. The schedule itself is tested in update-scheduler.test.ts.
const updater = vi.hoisted(() => ({
  setFeedURL: vi.fn(),
  checkForUpdates: vi.fn(() => Promise.resolve(null)),
  quitAndInstall: vi.fn(),
  autoDownload: false,
  autoInstallOnAppQuit: false,
}));
const electron = vi.hoisted(() => ({
  app: {
    isPackaged: true,
    getName: () => 'A2A Wallet',
    whenReady: () => Promise.resolve(),
    once: vi.fn(),
  },
  dialog: { showMessageBox: vi.fn() },
  BrowserWindow: { getFocusedWindow: () => null, getAllWindows: () => [] },
}));
vi.mock('electron-updater', () => ({ default: { autoUpdater: updater } }));
vi.mock('electron', () => electron);

const { startAutoUpdates } = await import('../../../main/updates/updater.electron.ts');

describe('startAutoUpdates', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    electron.app.isPackaged = true;
  });

  it('does nothing without a feed', async () => {
    startAutoUpdates({ feedUrl: undefined, locale: () => 'is' });
    await Promise.resolve();
    expect(updater.setFeedURL).not.toHaveBeenCalled();
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
  });

  it('does nothing in an unpackaged app', () => {
    electron.app.isPackaged = false;
    startAutoUpdates({ feedUrl: 'https://updates.example.is/wallet', locale: () => 'is' });
    expect(updater.setFeedURL).not.toHaveBeenCalled();
  });

  it("points electron-updater's generic provider at the feed, downloads in the background and checks at start", async () => {
    startAutoUpdates({ feedUrl: 'https://updates.example.is/wallet', locale: () => 'en' });
    expect(updater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'https://updates.example.is/wallet' });
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    await vi.waitFor(() => expect(updater.checkForUpdates).toHaveBeenCalledTimes(1));
    expect(electron.app.once).toHaveBeenCalledWith('will-quit', expect.any(Function));
    // Stop the hourly timer this test started.
    for (const [, listener] of electron.app.once.mock.calls as [string, () => void][]) listener();
  });
});
