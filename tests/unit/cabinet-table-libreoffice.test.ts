// The exported cabinet table read back by a different reader than the one that wrote it:
// LibreOffice headless converts the .xlsx to CSV and its figures are compared with the quote's
// (issue 14). .ci/run installs libreoffice-calc; without soffice this is skipped loudly, except in
// CI where it must run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { quoteListRows } from '../../protocol/quote';
import { exportCabinetTable, type CabinetTableInput } from '../../ui/quote/export-cabinet-table';
import { generatedPriceData } from '../fixtures/quote-price-data';
import { i18nFor, loadTemplate, sampleInput } from './cabinet-table-support';

function findSoffice(): string | null {
  const candidates = [process.env.SOFFICE, 'soffice', 'libreoffice'].filter((c): c is string => !!c);
  for (const c of candidates) if (spawnSync(c, ['--version'], { stdio: 'ignore', timeout: 60_000 }).status === 0) return c;
  return null;
}

const soffice = findSoffice();
if (!soffice) {
  const why = 'soffice (LibreOffice) not found; install libreoffice-calc or set SOFFICE';
  if (process.env.CI === 'true') throw new Error(`The cabinet-table read-back test needs LibreOffice in CI: ${why}.`);
  const bar = '!'.repeat(100);
  console.warn(`\n${bar}\n!! SKIPPING the LibreOffice read-back of the cabinet-table export: ${why}.\n${bar}\n`);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cabinet-table-lo-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** RFC 4180 fields of LibreOffice's CSV. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const RECALC_ALWAYS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/** Converts the files in one soffice run (its start is most of the cost) and reads each CSV. */
function convert(files: Record<string, Uint8Array>): Record<string, string[][]> {
  const paths = Object.entries(files).map(([name, bytes]) => {
    const p = path.join(work, `${name}.xlsx`);
    fs.writeFileSync(p, bytes);
    return p;
  });
  // Separator 44 (,), quote 34 ("), UTF-8 (76), from line 1; token 9 false: raw cell values, not
  // as formatted ("2419.2", not "2,419.20"). Its own profile, so a running LibreOffice is no bother.
  const filter = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false';
  const profileDir = path.join(work, 'profile');
  // Recalculate every formula on load (OOXMLRecalcMode 0 = always): LibreOffice otherwise shows the
  // cached results exceljs wrote, and the SUM itself would go unchecked.
  fs.mkdirSync(path.join(profileDir, 'user'), { recursive: true });
  fs.writeFileSync(path.join(profileDir, 'user', 'registrymodifications.xcu'), RECALC_ALWAYS);
  const profile = pathToFileURL(profileDir).href;
  const run = spawnSync(soffice!, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', filter, '--outdir', work, ...paths], { encoding: 'utf8', timeout: 180_000 });
  if (run.status !== 0) throw new Error(`soffice failed (${run.status}): ${run.stderr}`);
  return Object.fromEntries(Object.keys(files).map((name) => [name, parseCsv(fs.readFileSync(path.join(work, `${name}.csv`), 'utf8'))]));
}

function checkAgainstQuote(csv: string[][], input: CabinetTableInput): void {
  const list = quoteListRows(input.priceData);
  const header = csv.findIndex((r) => r[0] === '序号');
  expect(header).toBeGreaterThan(0);
  list.rows.forEach((r, i) => {
    const cells = csv[header + 1 + i]!;
    expect(Number(cells[0]), `row ${i + 1} number`).toBe(i + 1);
    expect([cells[1], cells[2], cells[3], cells[4], cells[5], cells[9]], `row ${i + 1} text`).toEqual([r.SpaceInfo, r.CombinationInfo, r.CellInfo, r.Code, r.Name, r.Color]);
    const numbers = [6, 7, 8, 10, 11, 12, 13].map((c) => Number(cells[c]));
    expect(numbers, `row ${i + 1} figures`).toEqual([r.Length, r.Width, r.Height, r.Quantity, r.QuoteQty, r.UnitPrice, r.TotalAmount]);
  });
  const total = csv[header + 1 + list.rows.length]!;
  expect(total[12]).toBe('合计(元)');
  expect(Number(total[13])).toBe(list.total);
  // The total LibreOffice shows is also the sum of the amounts it read, to the fen.
  const fen = list.rows.reduce((s, _r, i) => s + Math.round(Number(csv[header + 1 + i]![13]) * 100), 0);
  expect(fen / 100).toBe(list.total);
  expect(csv[header + 2 + list.rows.length]![2]).toBe(list.totalCapital);
}

describe.skipIf(!soffice)('cabinet table read back by LibreOffice', () => {
  it('LibreOffice reads the same rows, figures, total and capitals as the quote (standard and engineering)', async () => {
    const zh = i18nFor('zh');
    const standard = sampleInput();
    const engineering = sampleInput({ customerUid: 503, planNo: '', priceData: generatedPriceData(120, 14) });
    const [a, b] = await Promise.all([exportCabinetTable(standard, { loadTemplate, i18n: zh }), exportCabinetTable(engineering, { loadTemplate, i18n: zh })]);
    const csv = convert({ standard: a.bytes, engineering: b.bytes });
    checkAgainstQuote(csv.standard!, standard);
    expect(csv.standard!.flat()).toContain('JH-0042');
    expect(csv.standard![csv.standard!.findIndex((r) => r[0] === '序号') + 1 + 8 + 1]![2]).toBe('捌仟壹佰壹拾捌元贰角玖分');
    checkAgainstQuote(csv.engineering!, engineering);
    expect(csv.engineering![0]![0]).toBe('云方家居 工程项目报价单');
  }, 200_000);
});
