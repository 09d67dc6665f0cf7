import { useCallback } from 'react';
import type { AppLocale } from '../../../common/locale.ts';
import { useApp } from '../lib/wallet-context.tsx';
import * as common from './messages/common.ts';
import * as failure from './messages/failure.ts';
import * as grant from './messages/grant.ts';
import * as history from './messages/history.ts';
import * as lock from './messages/lock.ts';
import * as passcode from './messages/passcode.ts';
import * as pay from './messages/pay.ts';
import * as profiles from './messages/profiles.ts';
import * as receipt from './messages/receipt.ts';
import * as request from './messages/request.ts';
import * as settings from './messages/settings.ts';
import * as signIn from './messages/sign-in.ts';
import * as status from './messages/status.ts';

/**
 * Every text on screen, in English and Icelandic. Each section file has an `en` object and an `is` object typed
 * with en's keys, so a missing translation does not compile; test/renderer/i18n.test.ts checks the rest
 * (no empty text, the same {placeholders}).
 */
export const sections = {
  common,
  failure,
  signIn,
  pay,
  status,
  grant,
  history,
  receipt,
  request,
  profiles,
  settings,
  lock,
  passcode,
};

const en = {
  ...common.en,
  ...failure.en,
  ...signIn.en,
  ...pay.en,
  ...status.en,
  ...grant.en,
  ...history.en,
  ...receipt.en,
  ...request.en,
  ...profiles.en,
  ...settings.en,
  ...lock.en,
  ...passcode.en,
};
const is = {
  ...common.is,
  ...failure.is,
  ...signIn.is,
  ...pay.is,
  ...status.is,
  ...grant.is,
  ...history.is,
  ...receipt.is,
  ...request.is,
  ...profiles.is,
  ...settings.is,
  ...lock.is,
  ...passcode.is,
};

export type MessageKey = keyof typeof en;
export type Params = Record<string, string | number>;
export const messages: Record<AppLocale, Record<MessageKey, string>> = { en, is };

export function translate(locale: AppLocale, key: MessageKey, params: Params = {}): string {
  return messages[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
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
