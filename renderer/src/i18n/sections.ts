import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { AppLocale } from '../../../common/locale.ts';
import * as backup from './messages/backup.ts';
import * as bankCalls from './messages/bank-calls.ts';
import * as common from './messages/common.ts';
import * as due from './messages/due.ts';
import * as failure from './messages/failure.ts';
import * as grant from './messages/grant.ts';
import * as help from './messages/help.ts';
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
import { isPlainText, PARSE_OPTIONS } from './syntax.ts';

/**
 * Every text on screen, in English and Icelandic. Each section file has an `en` object and an `is` object typed
 * with en's keys, so a missing translation does not compile; test/renderer/i18n.test.ts checks the rest
 * (no empty text, the same {placeholders}), and test/renderer/messages.test.ts reads every message filled in as the
 * customer sees it (no `kr..`, no English in Icelandic, counted words that agree, `kl.` before a time only).
 *
 * The window never imports this module's values: it loads one language's catalogue (catalogue-en.ts,
 * catalogue-is.ts) when it is first shown, see index.ts. Tests and the build read the sections here.
 */
export const sections = {
  common,
  failure,
  signIn,
  pay,
  status,
  grant,
  help,
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
  ...help.en,
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
  ...help.is,
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
/** One language's messages, every key, as written (ICU MessageFormat, docs/TRANSLATING.md). */
export type Messages = Record<MessageKey, string>;
/** One language's messages as the window loads them: as written, or already parsed (the build's). */
export type Catalogue = Record<MessageKey, string | MessageFormatElement[]>;
export const messages: Record<AppLocale, Messages> = { en, is };

/** One language's catalogue: what catalogue-en.ts and catalogue-is.ts hold in `npm run dev` and the tests. */
export const catalogueOf = (locale: AppLocale): Catalogue => messages[locale];

/**
 * One language's catalogue parsed: what the build writes as its chunk's data, so that the window needs no parser. A
 * plain text stays as it is (syntax.ts).
 */
export const parsedCatalogueOf = (locale: AppLocale): Catalogue =>
  Object.fromEntries(
    Object.entries(messages[locale]).map(([key, text]) => [key, isPlainText(text) ? text : parse(text, PARSE_OPTIONS)]),
  ) as Catalogue;
