// Writes the cabinet-table templates (catalogues.md §7: the cabinet export loads an xlsx template,
// engineering or standard, and fills its placeholders) to public/templates/, where vite copies them
// into the build and the server serves them as static files. `npm run quote:templates` regenerates
// them; the export (ui/quote/export-cabinet-table.ts) fills them.
//
// Placeholders: {{Name}} anywhere in a cell's text is replaced (Brand, ClientName, ClientTel,
// ClientAddress, OrderNo, Remark, PlanNo, Date, TotalCapital); the one row whose cells hold
// {{line.Column}} (a quote list field, or No) is the lines row, copied once per quote list row with
// its style; a cell that is exactly {{Total}} becomes a SUM over the lines' amount column.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { CABINET_TABLE_TEMPLATES as TEMPLATE_FILES, type CabinetTableTemplate as TemplateKind } from '../protocol/quote';

interface Column {
  readonly header: string;
  /** the quote list field, or No for the running number */
  readonly key: string;
  readonly width: number;
  readonly numFmt?: string;
}

const COLUMNS: readonly Column[] = [
  { header: '序号', key: 'No', width: 6 },
  { header: '空间', key: 'SpaceInfo', width: 10 },
  { header: '组别', key: 'CombinationInfo', width: 11 },
  { header: '柜体', key: 'CellInfo', width: 14 },
  { header: '编码', key: 'Code', width: 12 },
  { header: '名称', key: 'Name', width: 16 },
  { header: '长(mm)', key: 'Length', width: 9, numFmt: '0' },
  { header: '宽(mm)', key: 'Width', width: 9, numFmt: '0' },
  { header: '高(mm)', key: 'Height', width: 9, numFmt: '0' },
  { header: '颜色', key: 'Color', width: 10 },
  { header: '数量', key: 'Quantity', width: 7, numFmt: '0' },
  { header: '报价数量', key: 'QuoteQty', width: 10, numFmt: '0.000' },
  { header: '单价(元)', key: 'UnitPrice', width: 11, numFmt: '#,##0.00' },
  { header: '金额(元)', key: 'TotalAmount', width: 13, numFmt: '#,##0.00' },
];

const THIN = { style: 'thin' as const, color: { argb: 'FF8C8C8C' } };
const BOX = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const HEADER_FILL = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFE8EEF5' } };
const FONT = 'Microsoft YaHei';

interface Layout {
  readonly title: string;
  /** label/placeholder pairs of the title block, two pairs a row */
  readonly block: readonly (readonly [string, string])[];
  readonly signatures: readonly string[];
}

const LAYOUTS: Readonly<Record<TemplateKind, Layout>> = {
  standard: {
    title: '{{Brand}} 定制家具报价单',
    block: [
      ['客户姓名', '{{ClientName}}'],
      ['联系电话', '{{ClientTel}}'],
      ['客户地址', '{{ClientAddress}}'],
      ['计划号', '{{PlanNo}}'],
      ['订单号', '{{OrderNo}}'],
      ['报价日期', '{{Date}}'],
    ],
    signatures: ['客户签字：', '经销商签字：', '日期：'],
  },
  // The engineering customer (uid 503) quotes projects, not households: the project (the client's
  // Remark) heads the sheet and the parties sign as 甲方 and 乙方.
  engineering: {
    title: '{{Brand}} 工程项目报价单',
    block: [
      ['工程项目', '{{Remark}}'],
      ['甲方单位', '{{ClientName}}'],
      ['联系电话', '{{ClientTel}}'],
      ['项目地址', '{{ClientAddress}}'],
      ['订单号', '{{OrderNo}}'],
      ['报价日期', '{{Date}}'],
    ],
    signatures: ['甲方（客户）签字：', '乙方（经销商）签字：', '日期：'],
  },
};

export async function buildTemplate(kind: TemplateKind): Promise<Buffer> {
  const layout = LAYOUTS[kind];
  const wb = new ExcelJS.Workbook();
  wb.creator = 'yfang-design';
  // Fixed dates so that regenerating an unchanged template gives the same workbook.
  wb.created = new Date('2026-01-01T00:00:00Z');
  wb.modified = wb.created;
  const ws = wb.addWorksheet('柜体报价', { pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 } });
  ws.columns = COLUMNS.map((c) => ({ width: c.width }));
  const last = COLUMNS.length;

  ws.mergeCells(1, 1, 1, last);
  const title = ws.getCell(1, 1);
  title.value = layout.title;
  title.font = { name: FONT, size: 16, bold: true };
  title.alignment = { horizontal: 'center', vertical: 'middle' };
  ws.getRow(1).height = 30;

  // Title block: label in one column, value merged over the next few, two pairs a row.
  const half = Math.floor(last / 2);
  layout.block.forEach(([label, value], i) => {
    const r = 2 + Math.floor(i / 2);
    const c = i % 2 === 0 ? 1 : half + 1;
    const labelCell = ws.getCell(r, c);
    labelCell.value = label;
    labelCell.font = { name: FONT, bold: true };
    ws.mergeCells(r, c + 1, r, c + half - 1);
    const valueCell = ws.getCell(r, c + 1);
    valueCell.value = value;
    valueCell.font = { name: FONT };
  });
  const headerRow = 2 + Math.ceil(layout.block.length / 2) + 1;

  COLUMNS.forEach((col, i) => {
    const h = ws.getCell(headerRow, i + 1);
    h.value = col.header;
    h.font = { name: FONT, bold: true };
    h.fill = HEADER_FILL;
    h.border = BOX;
    h.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    const cell = ws.getCell(headerRow + 1, i + 1);
    cell.value = `{{line.${col.key}}}`;
    cell.font = { name: FONT };
    cell.border = BOX;
    if (col.numFmt) {
      cell.numFmt = col.numFmt;
      cell.alignment = { horizontal: 'right' };
    }
  });
  ws.getRow(headerRow).height = 22;

  const totalRow = headerRow + 2;
  const totalLabel = ws.getCell(totalRow, last - 1);
  totalLabel.value = '合计(元)';
  totalLabel.font = { name: FONT, bold: true };
  totalLabel.border = BOX;
  const total = ws.getCell(totalRow, last);
  total.value = '{{Total}}';
  total.font = { name: FONT, bold: true };
  total.numFmt = '#,##0.00';
  total.border = BOX;
  const capitalLabel = ws.getCell(totalRow + 1, 1);
  capitalLabel.value = '大写金额：';
  capitalLabel.font = { name: FONT, bold: true };
  // Merged so that the capitals never wrap in a narrow column (the export moves merges below the
  // lines as it inserts rows).
  ws.mergeCells(totalRow + 1, 3, totalRow + 1, last);
  const capital = ws.getCell(totalRow + 1, 3);
  capital.value = '{{TotalCapital}}';
  capital.font = { name: FONT, bold: true };

  const signRow = totalRow + 3;
  layout.signatures.forEach((label, i) => {
    ws.mergeCells(signRow, 1 + i * 5, signRow, 4 + i * 5);
    const cell = ws.getCell(signRow, 1 + i * 5);
    cell.value = `${label}______________`;
    cell.font = { name: FONT };
  });
  ws.views = [{ state: 'frozen', ySplit: headerRow }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const TEMPLATE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'templates');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  for (const kind of Object.keys(TEMPLATE_FILES) as TemplateKind[]) {
    const file = path.join(TEMPLATE_DIR, TEMPLATE_FILES[kind]);
    fs.writeFileSync(file, await buildTemplate(kind));
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}
