import { useEffect, useId, useState } from 'react';
import { APP_LOCALES, LANGUAGE_CHOICES, type LanguageChoice } from '../../../common/locale.ts';
import type { Settings, SettingsUpdate } from '../../../common/settings.ts';
import { Dialog } from '../components/Dialog.tsx';
import { lazyPart } from '../components/LazyPart.tsx';
import { SupportBundle } from '../components/SupportBundle.tsx';
import { useErrorText } from '../components/ErrorText.tsx';
import { loadMessages, useT } from '../i18n/index.ts';
import { errorCode } from '../lib/api.ts';
import { useApp } from '../state/wallet-context.tsx';
import { BankAccess } from './settings/BankAccess.tsx';
import { PasscodeSettings } from './settings/PasscodeSettings.tsx';
import './settings/settings.css';

/** Backup and restore: loaded the first time Settings shows it. */
const Backup = lazyPart(() => import('./settings/Backup.tsx').then((m) => m.Backup));

/**
 * The language, the bank access and when it ends, a backup to move to a new computer, a support bundle for the app's
 * vendor, a word on light and dark, how sign-ins are kept on this computer, and the app's version.
 */
export function SettingsScreen() {
  const t = useT();
  const errorText = useErrorText();
  const settings = useApp((state) => state.settings);
  const appInfo = useApp((state) => state.appInfo);
  const actions = useApp((state) => state.actions);
  const [error, setError] = useState<{ code: string; message: string }>();

  /**
   * Every change shows at once (the store has it before the main process answers) and goes to the main process; if
   * it refuses, the store takes the change back and this says so.
   */
  const update = async (change: SettingsUpdate) => {
    setError(undefined);
    try {
      await actions.updateSettings(change);
    } catch (caught) {
      setError({ code: errorCode(caught), message: caught instanceof Error ? caught.message : '' });
    }
  };

  return (
    <section aria-labelledby="settings-title" className="settings-screen">
      <h2 id="settings-title">{t('settings.title')}</h2>
      {error && (
        <p role="alert" className="error">
          {t('settings.notSaved')} {errorText(error.code, error.message)}
        </p>
      )}
      {settings && (
        <LanguageChoiceGroup language={settings.language} onChoose={(language) => void update({ language })} />
      )}

      <BankAccess />

      <Backup />

      <SupportBundle className="settings-section" />

      <section aria-labelledby="settings-appearance" className="settings-section">
        <h3 id="settings-appearance">{t('settings.appearance')}</h3>
        <p>{t('settings.appearanceText')}</p>
      </section>

      {settings && (
        <TokenStorage settings={settings} onAllowWeak={(allowWeakTokenStorage) => update({ allowWeakTokenStorage })} />
      )}

      {settings && (
        <Notifications
          details={settings.notificationDetails}
          onChange={(notificationDetails) => void update({ notificationDetails })}
        />
      )}

      <PasscodeSettings />

      <section aria-labelledby="settings-about" className="settings-section">
        <h3 id="settings-about">{t('settings.about')}</h3>
        <p data-testid="app-version">
          {appInfo?.name} · {t('app.version', { version: appInfo?.version ?? '' })}
        </p>
      </section>
    </section>
  );
}

function LanguageChoiceGroup({
  language,
  onChoose,
}: {
  language: LanguageChoice;
  onChoose: (language: LanguageChoice) => void;
}) {
  const t = useT();
  const name = useId();
  // Where the other language can be chosen, its messages are fetched, so choosing it changes the words at once.
  useEffect(() => {
    for (const locale of APP_LOCALES) loadMessages(locale).catch(() => undefined);
  }, []);
  return (
    <fieldset className="settings-section settings-language">
      <legend>
        <h3>{t('settings.language')}</h3>
      </legend>
      {LANGUAGE_CHOICES.map((choice) => (
        <label key={choice}>
          <input
            type="radio"
            name={name}
            value={choice}
            checked={language === choice}
            onChange={() => onChoose(choice)}
          />{' '}
          {/* Each language named in itself, so it can be found whichever is in use. */}
          <span lang={choice === 'system' ? undefined : choice}>{t(`settings.language.${choice}`)}</span>
        </label>
      ))}
      <p className="hint">{t('settings.languageHint')}</p>
    </fieldset>
  );
}

/**
 * How sign-ins are kept: encrypted with the system's keychain; or, where there is no keyring, under the customer's
 * passcode once one is set, else in memory unless the customer knowingly accepts a fixed key; or in memory only. Payment records, own accounts and payees are encrypted
 * under the same key, so the same choice decides whether they outlive a restart and how well they are protected.
 */
function TokenStorage({
  settings,
  onAllowWeak,
}: {
  settings: Settings;
  onAllowWeak: (allow: boolean) => Promise<void>;
}) {
  const t = useT();
  const checkboxId = useId();
  const [confirming, setConfirming] = useState(false);
  // What is true now (the main process's answer), not the choice on its way.
  const data =
    settings.protection === 'secure'
      ? t('settings.data.secure')
      : settings.passcodeProtects
        ? t('settings.data.passcode')
        : settings.tokensPersist
          ? t('settings.data.weak')
          : t('settings.data.memory');

  return (
    <section aria-labelledby="settings-tokens" className="settings-section" data-testid="token-storage">
      <h3 id="settings-tokens">{t('settings.tokens')}</h3>
      {settings.protection === 'secure' && <p>{t('settings.tokens.secure')}</p>}
      {settings.passcodeProtects && (
        <p className={settings.passcodeTooWeak ? 'warning' : undefined}>
          {t(settings.passcodeTooWeak ? 'settings.tokens.passcodeTooWeak' : 'settings.tokens.passcode')}
        </p>
      )}
      {settings.protection === 'unavailable' && !settings.passcodeProtects && (
        <p className="notice">{t('settings.tokens.unavailable')}</p>
      )}
      {(settings.protection !== 'basic_text' || settings.passcodeProtects) && <p data-testid="data-at-rest">{data}</p>}
      {settings.protection !== 'secure' && !settings.passcodeProtects && (
        <p className="hint">{t('settings.tokens.setPasscode')}</p>
      )}
      {settings.protection === 'basic_text' && (
        <>
          {!settings.passcodeProtects && <p className="warning">{t('settings.tokens.basicText')}</p>}
          <div className="checkbox settings-checkbox">
            <input
              id={checkboxId}
              type="checkbox"
              checked={settings.allowWeakTokenStorage}
              aria-describedby={`${checkboxId}-state`}
              onChange={(event) => {
                // Turning it on asks first; turning it off is always safe.
                if (event.target.checked) setConfirming(true);
                else void onAllowWeak(false);
              }}
            />
            <label htmlFor={checkboxId}>{t('settings.tokens.allowWeak')}</label>
          </div>
          <p id={`${checkboxId}-state`} className="hint">
            {settings.tokensPersist ? t('settings.tokens.persist') : t('settings.tokens.memory')}
          </p>
          {!settings.passcodeProtects && <p data-testid="data-at-rest">{data}</p>}
          {confirming && (
            <Dialog title={t('settings.tokens.confirmTitle')} onClose={() => setConfirming(false)}>
              <p>{t('settings.tokens.confirmText')}</p>
              <p>{t('settings.tokens.confirmData')}</p>
              <div className="actions">
                {/* Cancel first: the dialog focuses it, so Enter at once changes nothing. */}
                <button type="button" data-autofocus onClick={() => setConfirming(false)}>
                  {t('action.cancel')}
                </button>
                <button
                  type="button"
                  className="primary"
                  onClick={() => {
                    setConfirming(false);
                    void onAllowWeak(true);
                  }}
                >
                  {t('settings.tokens.confirm')}
                </button>
              </div>
            </Dialog>
          )}
        </>
      )}
    </section>
  );
}

/** Whether desktop notifications name the payee and the amount: off unless the customer turns it on. */
function Notifications({ details, onChange }: { details: boolean; onChange: (details: boolean) => void }) {
  const t = useT();
  const checkboxId = useId();
  return (
    <section aria-labelledby="settings-notifications" className="settings-section">
      <h3 id="settings-notifications">{t('settings.notifications')}</h3>
      <p>{t('settings.notificationsText')}</p>
      <div className="checkbox settings-checkbox">
        <input
          id={checkboxId}
          type="checkbox"
          checked={details}
          onChange={(event) => onChange(event.target.checked)}
          data-testid="notification-details"
        />
        <label htmlFor={checkboxId}>{t('settings.notificationDetails')}</label>
      </div>
    </section>
  );
}
