import { useCallback } from 'react';
import type { AppLocale } from '../../../common/locale.ts';
import { pluralCategory } from './format.ts';
import { useApp } from '../lib/wallet-context.tsx';
import * as backup from './messages/backup.ts';
import * as bankCalls from './messages/bank-calls.ts';
import * as common from './messages/common.ts';
import * as due from './messages/due.ts';
import * as failure from './messages/failure.ts';
import * as grant from './messages/grant.ts';
import * as history from './messages/history.ts';
import * as historyTrust from './messages/history-trust.ts';
import * as lock from './messages/lock.ts';
import * as passcode from './messages/passcode.ts';
import * as pay from './messages/pay.ts';
import * as profiles from './messages/profiles.ts';
import * as receipt from './messages/receipt.ts';
import * as request from './messages/request.ts';
import * as settings from './messages/settings.ts';
import * as signIn from './messages/sign-in.ts';
import * as spending from './messages/spending.ts';
import * as status from './messages/status.ts';

/**
 * Every text on screen, in English and Icelandic. Each section file has an `en` object and an `is` object typed
 * with en's keys, so a missing translation does not compile; test/renderer/i18n.test.ts checks the rest
 * (no empty text, the same {placeholders}), and test/renderer/messages.test.ts reads every message filled in as the
 * customer sees it (no `kr..`, no English in Icelandic, counted words that agree, `kl.` before a time only).
 */
export const sections = {
  common,
  failure,
  signIn,
  pay,
  status,
  grant,
  history,
  historyTrust,
  spending,
  due,
  receipt,
  request,
  profiles,
  settings,
  lock,
  passcode,
  backup,
  bankCalls,
};

const en = {
  ...common.en,
  ...failure.en,
  ...signIn.en,
  ...pay.en,
  ...status.en,
  ...grant.en,
  ...history.en,
  ...historyTrust.en,
  ...spending.en,
  ...due.en,
  ...receipt.en,
  ...request.en,
  ...profiles.en,
  ...settings.en,
  ...lock.en,
  ...passcode.en,
  ...backup.en,
  ...bankCalls.en,
};
const is = {
  ...common.is,
  ...failure.is,
  ...signIn.is,
  ...pay.is,
  ...status.is,
  ...grant.is,
  ...history.is,
  ...historyTrust.is,
  ...spending.is,
  ...due.is,
  ...receipt.is,
  ...request.is,
  ...profiles.is,
  ...settings.is,
  ...lock.is,
  ...passcode.is,
  ...backup.is,
  ...bankCalls.is,
};

export type MessageKey = keyof typeof en;
export type Params = Record<string, string | number>;
export const messages: Record<AppLocale, Record<MessageKey, string>> = { en, is };

/**
 * A counted word in the message itself, in ICU's shape: `{minutes, plural, one {# mínútu} other {# mínútur}}`, `#`
 * being the count as given (a whole number, perhaps grouped: `1.234`). The language's rule picks the form (Icelandic:
 * 1, 21 and 31 take the singular, 11 does not), so no caller has to know which counts are singular, and a count can
 * sit anywhere in a sentence.
 */
const PLURAL = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g;

/**
 * A filled-in value that ends in a full stop (an amount, `12.500 kr.`; a duration, `3 mín.`) ends the sentence too
 * where it is last: the message's own full stop after it is dropped, so that no text reads `kr..`.
 */
const VALUE = /\{(\w+)\}(\.?)/g;

export function translate(locale: AppLocale, key: MessageKey, params: Params = {}): string {
  return messages[locale][key]
    .replace(PLURAL, (whole, name: string, one: string, other: string) => {
      if (!(name in params)) return whole;
      const given = String(params[name]);
      const form = pluralCategory(Number(given.replace(/[^\d-]/g, '')), locale) === 'one' ? one : other;
      return form.replaceAll('#', given);
    })
    .replace(VALUE, (whole, name: string, stop: string) => {
      if (!(name in params)) return whole;
      const value = String(params[name]);
      return value.endsWith('.') ? value : value + stop;
    });
}

export type Translate = (key: MessageKey, params?: Params) => string;

/** The translate function for the language in use. */
export function useT(): Translate {
  const locale = useApp((state) => state.locale);
  return useCallback((key, params) => translate(locale, key, params), [locale]);
}

/** Some texts are chosen from data (an error code, a state): the key if it exists, else the fallback. */
export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}
