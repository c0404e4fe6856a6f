import { i18n, type Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The interface language: zh by default, en available (core.md §9). The choice persists in
// localStorage and drives <html lang>, the document title and the API's Accept-Language.

export const LOCALES = ['zh', 'en'] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'zh';
export const LOCALE_STORAGE_KEY = 'locale';

const HTML_LANG: Record<AppLocale, string> = { zh: 'zh-CN', en: 'en' };

/** The product name, also the document title. */
export const PRODUCT_NAME = msg`云方设计`;

export function isAppLocale(v: unknown): v is AppLocale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

export function storedLocale(): AppLocale {
  try {
    const v = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isAppLocale(v) ? v : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The active locale, for callers outside React (the API client's Accept-Language). */
export function activeLocale(): AppLocale {
  return isAppLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

async function loadCatalogue(locale: AppLocale): Promise<Messages> {
  // One chunk per catalogue: only the active language is downloaded.
  const mod = (await import(`../locales/${locale}/messages.po`)) as { messages: Messages };
  return mod.messages;
}

export async function activateLocale(locale: AppLocale): Promise<void> {
  const messages = await loadCatalogue(locale);
  i18n.loadAndActivate({ locale, messages });
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode or a full quota: the choice just does not survive a reload.
  }
  document.documentElement.lang = HTML_LANG[locale];
  document.title = i18n._(PRODUCT_NAME);
}
