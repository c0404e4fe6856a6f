import { i18n as globalI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Workbook, Worksheet } from 'exceljs';
import {
  cabinetTableTemplateFor,
  CABINET_TABLE_TEMPLATES,
  ENGINEERING_CUSTOMER_UID,
  quoteListRows,
  REMARK_NAMED_PROJECT,
  type ClientData,
  type PriceData,
  type QuoteList,
  type QuoteListRow,
} from '../../protocol/quote';
import { notify } from '../notice';

// The cabinet-table export (catalogues.md §7): the quote list of a priceData written into the
// xlsx template of the customer (engineering for uid 503, standard otherwise), or as CSV.
// exceljs is about 1 MB of JavaScript, so it is imported here only when a file is made, never by
// the page's start (architecture rule: heavy libraries load lazily).

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_MIME = 'text/csv;charset=utf-8';

export interface CabinetTableInput {
  readonly priceData: PriceData;
  readonly client: ClientData;
  /** the factory's plan number (计划号); '' when the order has none */
  readonly planNo: string;
  /** the customer (brand) the quote is for; null when unknown */
  readonly customerUid: number | null;
  /** the project code of the tenant (MLS names files by the client's Remark) */
  readonly project: string;
  /** the brand or dealer printed in the title */
  readonly brand: string;
  readonly date: Date;
}

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

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The local calendar date, as a designer's client reads it. */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Characters Windows, macOS or a browser's download refuse in a file name. */
function safeName(s: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  return s.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120);
}

/**
 * §6: the MLS project names the file by the client's Remark; otherwise plan number, client, title
 * and date, whichever are known.
 */
export function cabinetTableFileName(input: CabinetTableInput, extension: 'xlsx' | 'csv', i18n: I18n = globalI18n): string {
  const remark = safeName(input.client.Remark);
  if (input.project === REMARK_NAMED_PROJECT && remark !== '') return `${remark}.${extension}`;
  const date = isoDate(input.date).replaceAll('-', '');
  const parts = [safeName(input.planNo), safeName(input.client.ClientName), i18n._(FILE_TITLE), date].filter((p) => p !== '');
  return `${parts.join('_')}.${extension}`;
}

/** The text placeholders of the templates ({{Name}}), by name. */
function placeholderValues(input: CabinetTableInput, list: QuoteList): Record<string, string> {
  const c = input.client;
  return {
    Brand: input.brand,
    ClientName: c.ClientName,
    ClientTel: c.ClientTel,
    ClientAddress: c.ClientAddress,
    OrderNo: c.OrderNo,
    Remark: c.Remark,
    PlanNo: input.planNo,
    Date: isoDate(input.date),
    TotalCapital: list.totalCapital,
  };
}

const LINE_PLACEHOLDER = /^\{\{line\.(\w+)\}\}$/;
const TOTAL_PLACEHOLDER = '{{Total}}';

function lineValue(row: QuoteListRow, index: number, key: string): string | number {
  if (key === 'No') return index + 1;
  const v = (row as unknown as Record<string, unknown>)[key];
  return typeof v === 'number' || typeof v === 'string' ? v : '';
}

/** The row of the lines placeholders and each of its columns' field. */
function findLinesRow(ws: Worksheet): { row: number; columns: Map<number, string> } | null {
  let found: { row: number; columns: Map<number, string> } | null = null;
  ws.eachRow((row, rowNumber) => {
    if (found) return;
    const columns = new Map<number, string>();
    row.eachCell((cell, col) => {
      const m = typeof cell.value === 'string' ? LINE_PLACEHOLDER.exec(cell.value) : null;
      if (m) columns.set(col, m[1]!);
    });
    if (columns.size > 0) found = { row: rowNumber, columns };
  });
  return found;
}

function fillSheet(ws: Worksheet, input: CabinetTableInput, list: QuoteList): void {
  const values = placeholderValues(input, list);
  const lines = findLinesRow(ws);
  if (!lines) throw new Error('the cabinet-table template has no {{line.…}} row');
  const n = list.rows.length;
  // Copies of the template row keep its fonts, borders and number formats.
  if (n > 1) ws.duplicateRow(lines.row, n - 1, true);
  else if (n === 0) ws.spliceRows(lines.row, 1);
  list.rows.forEach((r, i) => {
    const row = ws.getRow(lines.row + i);
    for (const [col, key] of lines.columns) row.getCell(col).value = lineValue(r, i, key);
  });
  const amountCol = [...lines.columns].find(([, key]) => key === 'TotalAmount')?.[0];

  ws.eachRow((row) => {
    row.eachCell((cell) => {
      // A merged range's other cells report the first cell's value: fill that one only.
      if (cell.isMerged && cell.master !== cell) return;
      if (typeof cell.value !== 'string' || !cell.value.includes('{{')) return;
      if (cell.value === TOTAL_PLACEHOLDER) {
        // A formula, so that an edited line in Excel updates the total; the cached result is the
        // quote's own total for readers that do not recalculate.
        if (amountCol !== undefined && n > 0) {
          const letter = ws.getColumn(amountCol).letter;
          cell.value = { formula: `SUM(${letter}${lines.row}:${letter}${lines.row + n - 1})`, result: list.total };
        } else cell.value = list.total;
        return;
      }
      cell.value = cell.value.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
    });
  });
}

type ExcelModule = { Workbook: new () => Workbook };

async function loadExcel(): Promise<ExcelModule> {
  const mod = (await import('exceljs')) as unknown as ExcelModule & { default?: ExcelModule };
  return mod.default ?? mod;
}

/** The template filled with the input's quote: the bytes of the .xlsx. */
export async function fillCabinetTable(template: ArrayBuffer | Uint8Array, input: CabinetTableInput, list: QuoteList = quoteListRows(input.priceData)): Promise<Uint8Array> {
  const { Workbook } = await loadExcel();
  const wb = new Workbook();
  const data = template instanceof Uint8Array ? template.slice().buffer : template;
  await wb.xlsx.load(data);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('the cabinet-table template has no worksheet');
  fillSheet(ws, input, list);
  return new Uint8Array(await wb.xlsx.writeBuffer());
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
  const list = quoteListRows(input.priceData);
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
  ['CombinationInfo', msg`类别`],
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
  const list = quoteListRows(input.priceData);
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

/** Hands a made file to the browser as a download. */
export function downloadFile(file: Pick<CabinetTableFile, 'bytes' | 'fileName' | 'mimeType'>): void {
  const url = URL.createObjectURL(new Blob([file.bytes as BlobPart], { type: file.mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken the blob by the next task; revoking at once can cancel it in Chromium.
  setTimeout(() => URL.revokeObjectURL(url), 0);
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
