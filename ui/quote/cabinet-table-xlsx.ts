import type { Workbook, Worksheet } from 'exceljs';
import { quoteListRows, type ClientData, type PriceData, type QuoteList, type QuoteListRow, type TileQuote } from '../../protocol/quote';

// Filling a cabinet-table template (scripts/quote-templates.ts) with a quote: no translated text
// here, so that Node (the export benchmark) can run it as it is. exceljs is about 1 MB of
// JavaScript, so it is imported only when a file is made, never by the page's start.

export interface CabinetTableInput {
  readonly priceData: PriceData;
  /** the laid tiles, listed under 瓷砖 in their rooms; absent: none */
  readonly tiles?: readonly TileQuote[];
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

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The local calendar date, as a designer's client reads it. */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
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

interface CellRange {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + ch.charCodeAt(0) - 64;
  return n;
}

/** 'C12:N12' as row and column numbers. */
function parseRange(range: string): CellRange {
  const m = /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/.exec(range);
  if (!m) throw new Error(`unexpected merged range ${range}`);
  return { top: Number(m[2]), left: columnNumber(m[1]!), bottom: Number(m[4]), right: columnNumber(m[3]!) };
}

/** Sizes a line does not have (hardware, fees) are left blank rather than printed as 0. */
const DIMENSIONS = new Set(['Length', 'Width', 'Height']);

export function lineValue(row: QuoteListRow, index: number, key: string): string | number {
  if (key === 'No') return index + 1;
  const v = (row as unknown as Record<string, unknown>)[key];
  if (DIMENSIONS.has(key) && v === 0) return '';
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
  // exceljs moves cells but not merged ranges when rows are inserted or removed: the merges below
  // the lines row are taken apart first and made again where their cells went.
  const shift = n - 1;
  const below = ws.model.merges.map(parseRange).filter((m) => m.top > lines.row);
  for (const m of below) ws.unMergeCells(m.top, m.left, m.bottom, m.right);
  // Copies of the template row keep its fonts, borders and number formats.
  if (n > 1) ws.duplicateRow(lines.row, n - 1, true);
  else if (n === 0) ws.spliceRows(lines.row, 1);
  for (const m of below) ws.mergeCells(m.top + shift, m.left, m.bottom + shift, m.right);
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
export async function fillCabinetTable(template: ArrayBuffer | Uint8Array, input: CabinetTableInput, list: QuoteList = quoteListRows(input.priceData, input.tiles)): Promise<Uint8Array> {
  const { Workbook } = await loadExcel();
  const wb = new Workbook();
  const data = template instanceof Uint8Array ? template.slice().buffer : template;
  await wb.xlsx.load(data);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('the cabinet-table template has no worksheet');
  fillSheet(ws, input, list);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

