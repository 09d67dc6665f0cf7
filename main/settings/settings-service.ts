import { localeFromLanguageTags, type AppLocale } from '../../common/locale.ts';
import {
  LanguageChoiceSchema,
  type LanguageChoice,
  type Protection,
  type Settings,
  type SettingsUpdate,
} from '../../common/settings.ts';
import type { ProtectionStatus } from '../secrets/key-protector.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';

const LANGUAGE_KEY = 'settings.language';
const ALLOW_WEAK_KEY = 'settings.allowWeakTokenStorage';
const NOTIFICATION_DETAILS_KEY = 'settings.notificationDetails';

export function protectionOf(status: ProtectionStatus): Protection {
  return status.secure ? 'secure' : status.reason;
}

export interface SettingsServiceOptions {
  store: KeyValueStore;
  preferredLanguages(): readonly string[];
  protection(): ProtectionStatus;
  /** Where the keychain is weak, the passcode protects the data key (see WalletSecrets). */
  passcodeGuards?(): boolean;
  /** That passcode is too weak to keep sign-ins on disk (see WalletSecrets.passcodeTooWeak). */
  passcodeTooWeak?(): boolean;
}

/** The customer's language and token-storage choices, kept in the settings store. */
export class SettingsService {
  readonly #options: SettingsServiceOptions;

  constructor(options: SettingsServiceOptions) {
    this.#options = options;
  }

  language(): LanguageChoice {
    const stored = LanguageChoiceSchema.safeParse(this.#options.store.get(LANGUAGE_KEY));
    return stored.success ? stored.data : 'system';
  }

  locale(): AppLocale {
    const language = this.language();
    return language === 'system' ? localeFromLanguageTags(this.#options.preferredLanguages()) : language;
  }

  allowWeakTokenStorage(): boolean {
    return this.#options.store.get(ALLOW_WEAK_KEY) === true;
  }

  /** Whether notifications may name the payee and the amount (the customer's choice; off by default). */
  notificationDetails(): boolean {
    return this.#options.store.get(NOTIFICATION_DETAILS_KEY) === true;
  }

  get(): Settings {
    const protection = protectionOf(this.#options.protection());
    const allowWeak = this.allowWeakTokenStorage();
    const passcodeProtects = protection !== 'secure' && (this.#options.passcodeGuards?.() ?? false);
    const passcodeTooWeak = passcodeProtects && (this.#options.passcodeTooWeak?.() ?? false);
    return {
      language: this.language(),
      locale: this.locale(),
      protection,
      allowWeakTokenStorage: allowWeak,
      passcodeProtects,
      passcodeTooWeak,
      tokensPersist:
        protection === 'secure' || (passcodeProtects ? !passcodeTooWeak : protection === 'basic_text' && allowWeak),
      notificationDetails: this.notificationDetails(),
      // The settings file did not parse at this start and was set aside (main/storage): the customer is told.
      ...(this.#options.store.setAside ? { settingsReset: true } : {}),
    };
  }

  update(change: SettingsUpdate): Settings {
    if (change.language !== undefined) this.#options.store.set(LANGUAGE_KEY, change.language);
    if (change.allowWeakTokenStorage !== undefined)
      this.#options.store.set(ALLOW_WEAK_KEY, change.allowWeakTokenStorage);
    if (change.notificationDetails !== undefined) {
      this.#options.store.set(NOTIFICATION_DETAILS_KEY, change.notificationDetails);
    }
    return this.get();
  }
}
