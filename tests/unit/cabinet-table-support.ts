// Shared by the cabinet-table export tests: the committed templates as the built UI serves them,
// the UI's catalogues, and an input around the hand-computed SAMPLE_PRICE_DATA.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { messages as enMessages } from '../../ui/locales/en/messages.po';
import { messages as zhMessages } from '../../ui/locales/zh/messages.po';
import type { CabinetTableInput, TemplateLoader } from '../../ui/quote/export-cabinet-table';
import { SAMPLE_PRICE_DATA } from '../fixtures/quote-price-data';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TEMPLATE_DIR = path.join(root, 'public', 'templates');

export const loadTemplate: TemplateLoader = (file) => Promise.resolve(new Uint8Array(fs.readFileSync(path.join(TEMPLATE_DIR, file))));

export function i18nFor(locale: 'zh' | 'en'): I18n {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: (locale === 'zh' ? zhMessages : enMessages) as Messages });
  return i18n;
}

export function sampleInput(over: Partial<CabinetTableInput> = {}): CabinetTableInput {
  return {
    priceData: SAMPLE_PRICE_DATA,
    client: { ClientName: '张三', ClientTel: '13800001234', OrderNo: 'DD20261126001', ClientAddress: '杭州市西湖区文三路 1 号', Remark: '西湖公馆 3-1201' },
    planNo: 'JH-0042',
    customerUid: 101,
    project: 'YF',
    brand: '云方家居',
    date: new Date(2026, 10, 26, 10, 30),
    ...over,
  };
}
