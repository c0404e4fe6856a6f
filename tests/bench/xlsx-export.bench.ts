// The cabinet-table export of issue 14: a 500-line quote written into the standard template
// (ui/quote/cabinet-table-xlsx.ts: exceljs loads the template, the line row is copied 500 times
// with its style, placeholders and the SUM total filled, the workbook zipped), in Node. The first
// export of the run also pays for loading exceljs, as a designer's first export does in the browser.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CABINET_TABLE_TEMPLATES, quoteListRows } from '../../protocol/quote';
import { fillCabinetTable, type CabinetTableInput } from '../../ui/quote/cabinet-table-xlsx';
import { generatedPriceData } from '../fixtures/quote-price-data';
import { median, round } from './stats';
import type { Benchmark } from './types';

const LINES = 500;
const TARGET_MS = 2000;
const RUNS = Number(process.env.BENCH_XLSX_RUNS ?? 10);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const xlsxExport: Benchmark = {
  id: 'xlsx-export',
  title: `cabinet-table .xlsx of a ${LINES}-line quote from the standard template (exceljs in Node, ${RUNS} runs)`,
  async run({ smoke }) {
    const lines = smoke ? 20 : LINES;
    const runs = smoke ? 1 : RUNS;
    const template = new Uint8Array(fs.readFileSync(path.join(root, 'public', 'templates', CABINET_TABLE_TEMPLATES.standard)));
    const input: CabinetTableInput = {
      priceData: generatedPriceData(lines, 500),
      client: { ClientName: '张三', ClientTel: '13800001234', OrderNo: 'DD1', ClientAddress: '杭州', Remark: '' },
      planNo: 'JH-1',
      customerUid: 1,
      project: 'YF',
      brand: '云方家居',
      date: new Date(2026, 10, 26),
    };
    const rows = quoteListRows(input.priceData).rows.length;
    if (rows !== lines) throw new Error(`the generated quote has ${rows} rows, not ${lines}`);

    const t0 = performance.now();
    const first = await fillCabinetTable(template, input);
    const firstMs = performance.now() - t0;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const a = performance.now();
      await fillCabinetTable(template, input);
      times.push(performance.now() - a);
    }
    const worst = Math.max(firstMs, ...times);
    return [
      { name: `xlsx ${lines} lines, median`, value: round(median(times), 1), unit: 'ms', target: `< ${TARGET_MS} ms`, met: median(times) < TARGET_MS },
      { name: `xlsx ${lines} lines, worst (first export included)`, value: round(worst, 1), unit: 'ms', target: `< ${TARGET_MS} ms`, met: worst < TARGET_MS },
      { name: `xlsx ${lines} lines, file size`, value: round(first.length / 1024, 1), unit: 'KiB', target: '', met: null },
    ];
  },
};

export default xlsxExport;
