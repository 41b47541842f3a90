// Makes the order-sheet files the XLSX reader's tests read (tests/fixtures/order-sheets/); run it again to
// remake them:   node scripts/make-order-sheet-fixtures.ts
// Needs LibreOffice (Debian: apt-get install -y --no-install-recommends libreoffice-calc-nogui) for the
// files "saved by LibreOffice Calc": it is only for making fixtures, never a test dependency.
//   lo-de-csv.xlsx / lo-en-csv.xlsx  a CSV opened by Calc in the German / English locale and saved as .xlsx:
//                                    Calc turns 00100 into 100, 1.5.2024 / 5/1/2024 into a date, 1E+05 into
//                                    100000 shown in scientific notation and a 16-digit EAN into a rounded number
//   lo-structure.xlsx                from a flat ODS: a text sku with leading zeros, merged quantity cells,
//                                    a hidden row, a formula, a first sheet without headers
//   lo-macros.xlsm, lo.xls, lo.ods   the same saved as a workbook with macros, as Excel 97 and as OpenDocument
//   gnumeric-de.xlsx / gnumeric-en.xlsx  the same list as text (tab-separated in German, a CSV in English)
//                                    converted by Gnumeric's ssconvert in that locale (Debian: apt-get install -y
//                                    --no-install-recommends gnumeric locales, and the de_DE and en_US locales made
//                                    with localedef): inline strings instead of shared ones, and 1E+05 kept as the
//                                    plain number 100000
//   exceljs-*.xlsx                   written by exceljs: leading zeros, merged cells, hidden rows, formulas,
//                                    a hidden sheet, pre-order season columns
//   encrypted.xlsx                   exceljs-order.xlsx protected with the password "geheim" (ECMA-376 agile
//                                    encryption, as Excel writes it). Calc 7.4 refused to write one from the
//                                    command line and through UNO ("EncryptionData"), and Debian's
//                                    msoffcrypto-tool 5.0.0 only decrypts; so the npm package officecrypto-tool
//                                    encrypts it (installed into the scratch folder, never a project dependency)
//                                    and msoffcrypto-tool (Debian: apt-get install -y python3-msoffcrypto-tool)
//                                    checks it by decrypting it back to the same bytes. Both are only for
//                                    making fixtures, like LibreOffice.
//   hostile ones: csv-renamed.xlsx, truncated.xlsx, billion-laughs.xlsx, strict.xlsx (Strict OOXML
//   namespaces), zip-bomb.xlsx (60 MB of zeros in 60 KB); the 11 MB file is made by the test itself.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { zip, type ZipPart } from '../tests/support/zip-writer.ts';

const out = path.resolve(import.meta.dirname, '../tests/fixtures/order-sheets');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'order-sheets-'));
fs.mkdirSync(out, { recursive: true });

function soffice(locale: string, args: string[]): void {
  // A profile of its own, so the locale set here is the one Calc reads with.
  const profile = path.join(work, `profile-${locale}`);
  execFileSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', ...args], {
    cwd: work,
    env: { ...process.env, LANG: `${locale}.UTF-8`, LC_ALL: `${locale}.UTF-8` },
    stdio: 'inherit',
  });
}

function convert(locale: string, source: string, filter: string, target: string, infilter?: string): void {
  const before = new Set(fs.readdirSync(work));
  soffice(locale, [...(infilter ? [`--infilter=${infilter}`] : []), '--convert-to', filter, '--outdir', path.join(work, 'out'), path.join(work, source)]);
  const made = fs.readdirSync(path.join(work, 'out')).find((name) => name.startsWith(path.parse(source).name) && !before.has(name));
  if (!made) throw new Error(`soffice made nothing from ${source} (${filter})`);
  fs.renameSync(path.join(work, 'out', made), path.join(out, target));
}

// CSV opened in the German (1031) and English (1033) locales: columns in the standard format, as a buyer's
// double-click opens them.
const csvRows = (separator: string, date: string, decimal: string) =>
  [
    ['Artikelnummer', 'Bezeichnung', 'Menge'],
    ['00100', 'Schraube', '12'],
    ['A-200', 'Mutter', '5'],
    [date, 'Datum', '3'],
    ['1E+05', 'Exponent', '2'],
    ['4006381333931234', 'EAN', '1'],
    ['B-300', 'Halb', `2${decimal}5`],
    ['C-400', 'Text', 'fünf'],
    ['', '', ''],
    ['D-500', 'Ohne Menge', ''],
  ]
    .map((row) => row.join(separator))
    .join('\n');
fs.writeFileSync(path.join(work, 'lo-de-csv.csv'), csvRows(';', '1.5.2024', ','));
fs.writeFileSync(path.join(work, 'lo-en-csv.csv'), csvRows(',', '5/1/2024', '.'));
convert('de_DE', 'lo-de-csv.csv', 'xlsx:Calc MS Excel 2007 XML', 'lo-de-csv.xlsx', 'CSV:59,34,76,1,,1031');
convert('en_US', 'lo-en-csv.csv', 'xlsx:Calc MS Excel 2007 XML', 'lo-en-csv.xlsx', 'CSV:44,34,76,1,,1033');

// The same lists opened by Gnumeric in each locale (its CSV importer splits on commas and tabs only).
function ssconvert(locale: string, source: string, target: string): void {
  execFileSync('ssconvert', ['--import-type=Gnumeric_stf:stf_csvtab', path.join(work, source), path.join(out, target)], {
    env: { ...process.env, LANG: `${locale}.UTF-8`, LC_ALL: `${locale}.UTF-8` },
    stdio: 'inherit',
  });
}
fs.writeFileSync(path.join(work, 'gnumeric-de.txt'), csvRows('\t', '1.5.2024', ','));
ssconvert('de_DE', 'gnumeric-de.txt', 'gnumeric-de.xlsx');
ssconvert('en_US', 'lo-en-csv.csv', 'gnumeric-en.xlsx');

// A flat ODS: a notes sheet without headers, then the order sheet. (Calc 7.4 does not keep a flat ODS's
// hidden sheet hidden when it saves .xlsx; the hidden sheet is in the exceljs file.)
const cell = (value: string | number, extra = '') =>
  typeof value === 'number'
    ? `<table:table-cell office:value-type="float" office:value="${value}"${extra}><text:p>${value}</text:p></table:table-cell>`
    : `<table:table-cell office:value-type="string"${extra}><text:p>${value}</text:p></table:table-cell>`;
const row = (cells: string[], extra = '') => `<table:table-row${extra}>${cells.join('')}</table:table-row>`;
const fods = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles>
  <style:style style:name="shown" style:family="table"><style:table-properties table:display="true"/></style:style>
</office:automatic-styles>
<office:body><office:spreadsheet>
<table:table table:name="Hinweise" table:style-name="shown">
  ${row([cell('Bitte Mengen eintragen')])}
</table:table>
<table:table table:name="Bestellung" table:style-name="shown">
  ${row([cell('Bestellformular Frühjahr')])}
  ${row([cell('Art.-Nr.'), cell('Artikel'), cell('Variante'), cell('Anzahl')])}
  ${row([cell('00100'), cell('Schraube'), cell(''), cell(4)])}
  ${row([cell(100), cell('Schraube als Zahl'), cell(''), cell(2)])}
  ${row([cell('M-1'), cell('Verbunden'), cell(''), cell(6, ' table:number-rows-spanned="3" table:number-columns-spanned="1"')])}
  ${row([cell('M-2'), cell('Verbunden'), cell(''), '<table:covered-table-cell/>'])}
  ${row([cell('M-3'), cell('Verbunden'), cell(''), '<table:covered-table-cell/>'])}
  ${row([cell('H-1'), cell('Versteckt'), cell(''), cell(7)], ' table:visibility="collapse"')}
  ${row([cell('F-1'), cell('Formel'), cell('F-1-RED'), '<table:table-cell table:formula="of:=[.D3]*2" office:value-type="float" office:value="8"><text:p>8</text:p></table:table-cell>'])}
</table:table>
</office:spreadsheet></office:body></office:document>`;
fs.writeFileSync(path.join(work, 'lo-structure.fods'), fods);
convert('de_DE', 'lo-structure.fods', 'xlsx:Calc MS Excel 2007 XML', 'lo-structure.xlsx');
convert('de_DE', 'lo-structure.fods', 'xlsm:Calc MS Excel 2007 VBA XML', 'lo-macros.xlsm');
convert('de_DE', 'lo-structure.fods', 'xls:MS Excel 97', 'lo.xls');
convert('de_DE', 'lo-structure.fods', 'ods:calc8', 'lo.ods');

// exceljs: an order sheet as another program writes it, and a pre-order sheet with season columns.
async function writeExceljs(): Promise<void> {
  const book = new ExcelJS.Workbook();
  const hidden = book.addWorksheet('Keys');
  hidden.state = 'hidden';
  hidden.addRow(['SKU', 'Qty']);
  hidden.addRow(['HIDDEN', 1]);
  const sheet = book.addWorksheet('Order');
  sheet.addRow(['Item number', 'Name', 'Variant', 'Quantity']);
  sheet.addRow(['00100', 'text with zeros', null, 3]);
  sheet.addRow([100, 'number', null, 1]);
  sheet.addRow(['V-1', 'variant', 'V-1-BLUE', 10]);
  sheet.addRow(['M-1', 'merged', null, 5]);
  sheet.addRow(['M-2', 'merged', null, null]);
  sheet.mergeCells('D5:D6');
  const hiddenRow = sheet.addRow(['H-1', 'hidden row', null, 4]);
  hiddenRow.hidden = true;
  sheet.addRow(['F-1', 'formula', null, { formula: 'D2*3', result: 9 }]);
  sheet.addRow([4006381333931234, 'ean as number', null, 1]);
  const dated = sheet.addRow([new Date(Date.UTC(2024, 4, 1)), 'date', null, 1]);
  dated.getCell(1).numFmt = 'dd.mm.yyyy';
  sheet.addRow(['Q-1', 'decimal', null, 2.5]);
  sheet.addRow(['Q-2', 'negative', null, -1]);
  sheet.addRow(['Q-3', 'zero', null, 0]);
  await book.xlsx.writeFile(path.join(out, 'exceljs-order.xlsx'));

  const preOrder = new ExcelJS.Workbook();
  const seasons = preOrder.addWorksheet('Vororder');
  seasons.addRow(['Materialnummer', 'Bezeichnung', 'Frühjahr 2027 (01.02.2027)', 'Sommer 2027']);
  seasons.addRow(['P-1', 'both', 2, 4]);
  seasons.addRow(['P-2', 'summer only', null, 6]);
  seasons.addRow(['P-3', 'none', null, null]);
  await preOrder.xlsx.writeFile(path.join(out, 'exceljs-pre-order.xlsx'));
}
await writeExceljs();

/** `source` protected with `password` as Excel does it, checked by a second, independent implementation. */
function encrypt(source: string, target: string, password: string): void {
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', work, 'officecrypto-tool@0.0.19'], { stdio: 'inherit' });
  const officeCrypto = createRequire(path.join(work, 'package.json'))('officecrypto-tool') as { encrypt(input: Buffer, options: { password: string }): Buffer };
  fs.writeFileSync(target, officeCrypto.encrypt(fs.readFileSync(source), { password }));
  const decrypted = path.join(work, 'decrypted.xlsx');
  execFileSync('msoffcrypto-tool', ['-p', password, target, decrypted], { stdio: 'inherit' });
  if (!fs.readFileSync(decrypted).equals(fs.readFileSync(source))) throw new Error(`msoffcrypto-tool did not get ${source} back from ${target}`);
}
encrypt(path.join(out, 'exceljs-order.xlsx'), path.join(out, 'encrypted.xlsx'), 'geheim');

// Hostile files.
fs.copyFileSync(path.join(work, 'lo-de-csv.csv'), path.join(out, 'csv-renamed.xlsx'));
const whole = fs.readFileSync(path.join(out, 'exceljs-order.xlsx'));
fs.writeFileSync(path.join(out, 'truncated.xlsx'), whole.subarray(0, Math.floor(whole.length * 0.6)));

/** The parts of `file` by name (read with LibreOffice's own unzip-free route: exceljs's JSZip). */
async function partsOf(file: string): Promise<ZipPart[]> {
  const JSZip = (await import('jszip')).default;
  const archive = await JSZip.loadAsync(fs.readFileSync(file));
  return Promise.all(Object.values(archive.files).filter((each) => !each.dir).map(async (each) => ({ name: each.name, data: await each.async('nodebuffer') })));
}

const orderParts = await partsOf(path.join(out, 'exceljs-order.xlsx'));
const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"><!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;"><!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;"><!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;"><!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;"><!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>&lol9;</t></si></sst>`;
fs.writeFileSync(
  path.join(out, 'billion-laughs.xlsx'),
  zip(orderParts.map((part) => (part.name === 'xl/sharedStrings.xml' ? { name: part.name, data: Buffer.from(laughs) } : part))),
);
const strictNamespaces: [string, string][] = [
  ['http://schemas.openxmlformats.org/spreadsheetml/2006/main', 'http://purl.oclc.org/ooxml/spreadsheetml/main'],
  ['http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'http://purl.oclc.org/ooxml/officeDocument/relationships'],
];
fs.writeFileSync(
  path.join(out, 'strict.xlsx'),
  zip(orderParts.map((part) => ({ name: part.name, data: Buffer.from(strictNamespaces.reduce((text, [from, to]) => text.replaceAll(from, to), part.data.toString('utf8'))) }))),
);
fs.writeFileSync(
  path.join(out, 'zip-bomb.xlsx'),
  zip([...orderParts.filter((part) => part.name !== 'xl/worksheets/sheet2.xml'), { name: 'xl/worksheets/sheet2.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20) }]),
);

fs.rmSync(work, { recursive: true, force: true });
console.log(`fixtures written to ${out}`);
