import { i18n as globalI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  cabinetTableTemplateFor,
  CABINET_TABLE_TEMPLATES,
  ENGINEERING_CUSTOMER_UID,
  quoteListRows,
  type QuoteList,
  type QuoteListRow,
} from '../../protocol/quote';
import { exportNamedByRemark } from '../../protocol/access';
import { notify } from '../notice';
import { downloadFile, safeFileName } from './download';

export { downloadFile } from './download';
import { fillCabinetTable, isoDate, lineValue, type CabinetTableInput } from './cabinet-table-xlsx';

export { fillCabinetTable, isoDate, type CabinetTableInput } from './cabinet-table-xlsx';

// The cabinet-table export (catalogues.md §7): the quote list of a priceData written into the
// xlsx template of the customer (engineering for uid 503, standard otherwise), or as CSV.

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_MIME = 'text/csv;charset=utf-8';

export interface CabinetTableFile {
  readonly bytes: Uint8Array;
  readonly fileName: string;
  readonly mimeType: string;
  /** translated warnings to show (the export went ahead regardless) */
  readonly warnings: readonly string[];
  readonly list: QuoteList;
}

/** catalogues.md §8: a missing plan number is reported, and the export continues. */
export const NO_PLAN_NUMBER = msg`无计划号`;
const FILE_TITLE = msg`柜体报价单`;

/** The warnings an export of this input raises (§4: plan number required unless uid 503). */
export function cabinetTableWarnings(input: CabinetTableInput): MessageDescriptor[] {
  const needsPlanNo = input.customerUid !== ENGINEERING_CUSTOMER_UID;
  return needsPlanNo && input.planNo.trim() === '' ? [NO_PLAN_NUMBER] : [];
}

/**
 * §6: the MLS project names the file by the client's Remark; otherwise plan number, client, title
 * and date, whichever are known.
 */
export function cabinetTableFileName(input: CabinetTableInput, extension: 'xlsx' | 'csv', i18n: I18n = globalI18n): string {
  const remark = safeFileName(input.client.Remark);
  if (exportNamedByRemark(input.project) && remark !== '') return `${remark}.${extension}`;
  const date = isoDate(input.date).replaceAll('-', '');
  const parts = [safeFileName(input.planNo), safeFileName(input.client.ClientName), i18n._(FILE_TITLE), date].filter((p) => p !== '');
  return `${parts.join('_')}.${extension}`;
}

export type TemplateLoader = (file: string) => Promise<ArrayBuffer | Uint8Array>;

/** Fetches a template the way the built UI serves it (public/templates/). */
export const fetchTemplate: TemplateLoader = async (file) => {
  const res = await fetch(`/templates/${file}`);
  if (!res.ok) throw new Error(`template ${file}: HTTP ${res.status}`);
  return res.arrayBuffer();
};

/** The cabinet table as an .xlsx file from the customer's template. */
export async function exportCabinetTable(input: CabinetTableInput, options: { loadTemplate?: TemplateLoader; i18n?: I18n } = {}): Promise<CabinetTableFile> {
  const i18n = options.i18n ?? globalI18n;
  const list = quoteListRows(input.priceData, input.tiles);
  const template = await (options.loadTemplate ?? fetchTemplate)(CABINET_TABLE_TEMPLATES[cabinetTableTemplateFor(input.customerUid)]);
  return {
    bytes: await fillCabinetTable(template, input, list),
    fileName: cabinetTableFileName(input, 'xlsx', i18n),
    mimeType: XLSX_MIME,
    warnings: cabinetTableWarnings(input).map((w) => i18n._(w)),
    list,
  };
}

const CSV_HEADERS: readonly (readonly [keyof QuoteListRow | 'No', MessageDescriptor])[] = [
  ['No', msg`序号`],
  ['SpaceInfo', msg`空间`],
  ['CombinationInfo', msg`组别`],
  ['CellInfo', msg`柜体`],
  ['Code', msg`编码`],
  ['Name', msg`名称`],
  ['Length', msg`长(mm)`],
  ['Width', msg`宽(mm)`],
  ['Height', msg`高(mm)`],
  ['Color', msg`颜色`],
  ['Quantity', msg`数量`],
  ['QuoteQty', msg`报价数量`],
  ['UnitPrice', msg`单价(元)`],
  ['TotalAmount', msg`金额(元)`],
];

function csvField(v: string | number): string {
  if (typeof v === 'number') return String(v);
  // A text starting with = + - @ would run as a formula in Excel (CSV injection).
  const text = /^[=+\-@]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The same rows as CSV: UTF-8 with a byte order mark (without it Excel reads Chinese as the
 * system's ANSI code page), CRLF line ends, a total row and the total in capitals.
 */
export function exportCabinetTableCsv(input: CabinetTableInput, i18n: I18n = globalI18n): CabinetTableFile {
  const list = quoteListRows(input.priceData, input.tiles);
  const lines = [CSV_HEADERS.map(([, h]) => csvField(i18n._(h))).join(',')];
  list.rows.forEach((r, i) => lines.push(CSV_HEADERS.map(([key]) => csvField(lineValue(r, i, key))).join(',')));
  const pad = CSV_HEADERS.length - 2;
  lines.push([...Array<string>(pad).fill(''), csvField(i18n._(msg`合计(元)`)), csvField(list.total)].join(','));
  lines.push([csvField(i18n._(msg`大写金额`)), csvField(list.totalCapital)].join(','));
  return {
    bytes: new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`),
    fileName: cabinetTableFileName(input, 'csv', i18n),
    mimeType: CSV_MIME,
    warnings: cabinetTableWarnings(input).map((w) => i18n._(w)),
    list,
  };
}

/**
 * What the quote screens' export button does: make the file, show each warning as an error toast
 * (§8: 无计划号; the file is still made), and download it.
 */
export async function downloadCabinetTable(input: CabinetTableInput, format: 'xlsx' | 'csv'): Promise<CabinetTableFile> {
  const file = format === 'xlsx' ? await exportCabinetTable(input) : exportCabinetTableCsv(input);
  for (const w of file.warnings) notify(w, { kind: 'error' });
  downloadFile(file);
  return file;
}
