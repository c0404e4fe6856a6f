import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { quoteListRows } from '../../protocol/quote';
import { cabinetTableFileName, exportCabinetTable, exportCabinetTableCsv, fillCabinetTable } from '../../ui/quote/export-cabinet-table';
import { i18nFor, loadTemplate, sampleInput } from './cabinet-table-support';

const zh = i18nFor('zh');
const en = i18nFor('en');

async function readBack(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.slice().buffer);
  return wb.worksheets[0]!;
}

/** Every cell's text (formulas by their cached result), row by row. */
function texts(ws: ExcelJS.Worksheet): string[][] {
  const out: string[][] = [];
  ws.eachRow((row, r) => {
    const cells: string[] = [];
    row.eachCell((cell, c) => {
      const v = cell.value;
      cells[c - 1] = v !== null && typeof v === 'object' && 'result' in v ? String(v.result) : String(v ?? '');
    });
    out[r - 1] = cells;
  });
  return out;
}

function findRow(ws: ExcelJS.Worksheet, first: string): number {
  let found = -1;
  ws.eachRow((row, r) => {
    if (found < 0 && row.getCell(1).value === first) found = r;
  });
  return found;
}

describe('cabinet table xlsx', () => {
  it('fills the standard template: title block, one styled row per quote line, SUM total, capitals', async () => {
    const input = sampleInput();
    const file = await exportCabinetTable(input, { loadTemplate, i18n: zh });
    const ws = await readBack(file.bytes);
    const all = texts(ws).flat().join('\n');
    expect(all).not.toContain('{{');
    expect(all).toContain('云方家居 定制家具报价单');
    for (const v of ['张三', '13800001234', 'DD20261126001', '杭州市西湖区文三路 1 号', 'JH-0042', '2026-11-26']) expect(all).toContain(v);

    const header = findRow(ws, '序号');
    const rows = quoteListRows(input.priceData).rows;
    expect(rows).toHaveLength(8);
    rows.forEach((r, i) => {
      const row = ws.getRow(header + 1 + i);
      expect(row.getCell(1).value).toBe(i + 1);
      expect([2, 3, 4, 5, 6, 10].map((c) => row.getCell(c).value)).toEqual([r.SpaceInfo, r.CombinationInfo, r.CellInfo, r.Code, r.Name, r.Color]);
      // A size a line does not have (hardware, fees) is blank, not 0.
      const size = (mm: number): number | string => (mm === 0 ? '' : mm);
      expect([7, 8, 9, 11, 12, 13, 14].map((c) => row.getCell(c).value)).toEqual([size(r.Length), size(r.Width), size(r.Height), r.Quantity, r.QuoteQty, r.UnitPrice, r.TotalAmount]);
      // The template row's style travels with every copy.
      expect(row.getCell(14).numFmt).toBe('#,##0.00');
      expect(row.getCell(12).numFmt).toBe('0.000');
      expect(row.getCell(1).border?.bottom?.style).toBe('thin');
    });
    expect(ws.getRow(header + 3).getCell(6).value).toBe('拉手');

    const totalRow = ws.getRow(header + 1 + rows.length);
    expect(totalRow.getCell(13).value).toBe('合计(元)');
    expect(totalRow.getCell(14).value).toEqual({ formula: `SUM(N${header + 1}:N${header + rows.length})`, result: 8118.29 });
    const capitalRow = header + 2 + rows.length;
    expect(ws.getRow(capitalRow).getCell(3).value).toBe('捌仟壹佰壹拾捌元贰角玖分');
    // The capitals' merged range moved down with its cells (exceljs alone would leave it behind).
    expect(ws.model.merges).toContain(`C${capitalRow}:N${capitalRow}`);
    expect(ws.model.merges.filter((m) => /^C\d+:N\d+$/.test(m))).toEqual([`C${capitalRow}:N${capitalRow}`]);
    // The signature lines moved down with the inserted rows instead of being overwritten.
    expect(String(ws.getRow(header + 4 + rows.length).getCell(1).value)).toMatch(/^客户签字：/);
    expect(file.warnings).toEqual([]);
    expect(file.fileName).toBe('JH-0042_张三_柜体报价单_20261126.xlsx');
  });

  it('uses the engineering template for uid 503 and needs no plan number there', async () => {
    const file = await exportCabinetTable(sampleInput({ customerUid: 503, planNo: '' }), { loadTemplate, i18n: zh });
    const all = texts(await readBack(file.bytes)).flat().join('\n');
    expect(all).toContain('云方家居 工程项目报价单');
    expect(all).toContain('西湖公馆 3-1201');
    expect(all).toContain('甲方（客户）签字：');
    expect(all).not.toContain('{{');
    expect(file.warnings).toEqual([]);
  });

  it('warns 无计划号 (No plan number in English) without a plan number and still makes the file', async () => {
    const input = sampleInput({ planNo: '  ' });
    const zhFile = await exportCabinetTable(input, { loadTemplate, i18n: zh });
    expect(zhFile.warnings).toEqual(['无计划号']);
    expect(texts(await readBack(zhFile.bytes)).flat()).toContain('捌仟壹佰壹拾捌元贰角玖分');
    expect(zhFile.fileName).toBe('张三_柜体报价单_20261126.xlsx');
    const enFile = await exportCabinetTable(input, { loadTemplate, i18n: en });
    expect(enFile.warnings).toEqual(['No plan number']);
    expect(enFile.fileName).toBe('张三_cabinet-quote_20261126.xlsx');
    expect(exportCabinetTableCsv(input, zh).warnings).toEqual(['无计划号']);
  });

  it('names the file by the client Remark in the MLS project, made safe for a file system', () => {
    expect(cabinetTableFileName(sampleInput({ project: 'MLS' }), 'xlsx', zh)).toBe('西湖公馆 3-1201.xlsx');
    const odd = sampleInput({ project: 'MLS', client: { ...sampleInput().client, Remark: 'A/B:C*?"<>|\n 楼' } });
    expect(cabinetTableFileName(odd, 'csv', zh)).toBe('A B C 楼.csv');
    // An empty Remark falls back to the usual name rather than a file called ".xlsx".
    const blank = sampleInput({ project: 'MLS', client: { ...sampleInput().client, Remark: ' ' } });
    expect(cabinetTableFileName(blank, 'xlsx', zh)).toBe('JH-0042_张三_柜体报价单_20261126.xlsx');
  });

  it('writes an empty table with a zero total when there are no lines', async () => {
    const bytes = await fillCabinetTable((await loadTemplate('cabinet-table-standard.xlsx')) as Uint8Array, sampleInput({ priceData: [] }));
    const ws = await readBack(bytes);
    const header = findRow(ws, '序号');
    expect(ws.getRow(header + 1).getCell(13).value).toBe('合计(元)');
    expect(ws.getRow(header + 1).getCell(14).value).toBe(0);
    expect(ws.model.merges).toContain(`C${header + 2}:N${header + 2}`);
    expect(texts(ws).flat().join('')).not.toContain('{{');
  });
});

describe('cabinet table csv', () => {
  it('writes UTF-8 with a BOM, the same rows, a total and the capitals', () => {
    const file = exportCabinetTableCsv(sampleInput(), zh);
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // TextDecoder drops the BOM checked above.
    const text = new TextDecoder().decode(file.bytes);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('序号,空间,组别,柜体,编码,名称,长(mm),宽(mm),高(mm),颜色,数量,报价数量,单价(元),金额(元)');
    expect(lines[1]).toBe('1,主卧,柜体,衣柜 2400,B18-WH,侧板,600,18,2400,暖白,2,2.88,185,532.8');
    expect(lines[7]).toBe('7,厨房,五金,,HG-1,铰链,,,,,1,0.333,3,1');
    expect(lines[9]).toBe(',,,,,,,,,,,,合计(元),8118.29');
    expect(lines[10]).toBe('大写金额,捌仟壹佰壹拾捌元贰角玖分');
    expect(lines[11]).toBe('');
    expect(file.fileName).toBe('JH-0042_张三_柜体报价单_20261126.csv');
    expect(exportCabinetTableCsv(sampleInput(), en).bytes.length).toBeGreaterThan(0);
    expect(new TextDecoder().decode(exportCabinetTableCsv(sampleInput(), en).bytes)).toContain('No.,Room,Group,Cabinet,Code');
  });

  it('quotes commas and quotes, and defuses cells Excel would run as formulas', async () => {
    const { quoteLine } = await import('../fixtures/quote-price-data');
    const input = sampleInput({ priceData: [{ roomName: '书房, 北', isYg: true, groups: { 五金: [quoteLine({ name: '=HYPERLINK("x")', color: 'say "hi"', qty: 1, price_hs: 2 })] } }] });
    const lines = new TextDecoder().decode(exportCabinetTableCsv(input, zh).bytes).split('\r\n');
    expect(lines[1]).toBe('1,"书房, 北",五金,,,"\'=HYPERLINK(""x"")",,,,"say ""hi""",1,1,2,2');
  });
});
