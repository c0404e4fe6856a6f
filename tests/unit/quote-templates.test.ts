import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CABINET_TABLE_TEMPLATES, type CabinetTableTemplate } from '../../protocol/quote';
import { buildTemplate } from '../../scripts/quote-templates';
import { TEMPLATE_DIR } from './cabinet-table-support';

// The committed templates are what scripts/quote-templates.ts makes: an edit of the script without
// `npm run quote:templates` (or a hand edit of the .xlsx) fails here. Compared cell by cell (the
// zip's bytes carry timestamps).

async function describeSheet(bytes: Uint8Array): Promise<unknown> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.slice().buffer);
  const ws = wb.worksheets[0]!;
  const cells: unknown[] = [];
  ws.eachRow((row, r) => row.eachCell({ includeEmpty: false }, (cell, c) => cells.push({ r, c, value: cell.value, numFmt: cell.numFmt, font: cell.font, border: cell.border, fill: cell.fill })));
  return { name: ws.name, merges: [...ws.model.merges].sort(), widths: ws.columns.map((col) => col.width), cells };
}

describe('cabinet-table templates', () => {
  for (const kind of Object.keys(CABINET_TABLE_TEMPLATES) as CabinetTableTemplate[]) {
    it(`public/templates/${CABINET_TABLE_TEMPLATES[kind]} is current (npm run quote:templates)`, async () => {
      const committed = new Uint8Array(fs.readFileSync(path.join(TEMPLATE_DIR, CABINET_TABLE_TEMPLATES[kind])));
      expect(await describeSheet(committed)).toEqual(await describeSheet(new Uint8Array(await buildTemplate(kind))));
    });
  }
});
