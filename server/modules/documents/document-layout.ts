import type PDFKitDocument from 'pdfkit';
import { intlLocaleOf, type Locale } from '../../../core/locale.ts';
import { translatorFor } from '../../i18n.ts';
import type { SellerSnapshot } from './document-snapshots.ts';

// The page every document of the shop is printed on (ADR 0013): A4, pdfkit's built-in Helvetica (no font
// file to load or embed), the seller's logo and address at the top, its contact line and the page count
// at the foot of each page. The renderers (order confirmation, invoice or credit note, statement) only
// say what goes on it. The same input gives the same bytes: the dates the PDF carries are the document's.

// pdfkit takes 150 ms and more to load: it is loaded with the first document, not with the shop. (Its
// types describe a CommonJS export; the ES module Node loads has it as the default export.)
type PDFKitModule = { default: typeof PDFKitDocument };
let pdfkit: Promise<PDFKitModule> | null = null;

const pageSize = { width: 595.28, height: 841.89 };
const margin = { top: 50, left: 50, right: 50, bottom: 70 };
const contentWidth = pageSize.width - margin.left - margin.right;
const contentRight = margin.left + contentWidth;
const fontSize = { body: 9, small: 7.5, heading: 11, title: 16 };
const grey = '#666666';
const ruleColour = '#cccccc';

// The 27 characters Windows-1252 (WinAnsi, the standard fonts' encoding) has between 0x80 and 0x9F.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const lookalikes: Record<string, string> = { '\u2212': '-', '\u2009': ' ', '\u202f': '\u00a0', '\u2007': '\u00a0', '\u2010': '-', '\u2011': '-' };

/**
 * The text as the standard fonts can print it: German umlauts, ß and € are there; a sign from another
 * script becomes '?' rather than a wrong glyph (pdfkit would write its code point's low byte).
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char)) out += char;
    else if (char in lookalikes) out += lookalikes[char];
    else out += code < 0x20 || code === 0x7f ? ' ' : '?';
  }
  return out;
}

export interface Column {
  label: string;
  /** Share of the content width. */
  share: number;
  align?: 'left' | 'right';
}

export interface DocumentPage {
  /** The recipient's address at the left, the document's facts (number, dates …) at the right. */
  addressAndFacts(address: readonly string[], facts: readonly (readonly [string, string])[]): void;
  title(text: string): void;
  /** A table with its header repeated on every page it runs onto. */
  table(columns: readonly Column[], rows: readonly (readonly string[])[]): void;
  /** Label and amount pairs at the right; the last one in bold (the total). */
  totals(rows: readonly (readonly [string, string])[]): void;
  /** A small heading and its lines. */
  section(heading: string, lines: readonly string[]): void;
  paragraph(text: string): void;
  /** The finished PDF. */
  finish(): Promise<Buffer>;
}

export interface DocumentSetup {
  /** The document's number: the PDF's title, so a reader (and a test) finds it. */
  number: string;
  /** The document's own date: the PDF's creation date, which keeps its bytes the same on every render. */
  issuedAt: Date;
  locale: Locale;
  seller: SellerSnapshot;
  /** PNG or JPEG bytes, already checked (seller-logo.ts); null prints no logo. */
  logo: Buffer | null;
}

function sellerLines(seller: SellerSnapshot): string[] {
  return [seller.address, [seller.postCode, seller.city].filter(Boolean).join(' '), seller.countryName].filter((line): line is string => !!line && line.trim() !== '');
}

export async function startDocument(setup: DocumentSetup): Promise<DocumentPage> {
  const { default: PDFDocument } = await (pdfkit ??= import('pdfkit') as Promise<PDFKitModule>);
  const t = translatorFor(setup.locale);
  const { seller } = setup;
  const doc = new PDFDocument({
    size: [pageSize.width, pageSize.height],
    margins: margin,
    bufferPages: true,
    lang: intlLocaleOf(setup.locale),
    info: {
      // Info strings are written as UTF-16 where needed: no need to keep them to WinAnsi.
      Title: setup.number,
      Author: seller.name ?? '',
      Creator: seller.name ?? '',
      Producer: 'pdfkit',
      CreationDate: setup.issuedAt,
      ModDate: setup.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => doc.text(printable(value), x, y, options);

  // The letterhead of the first page: logo at the left, the seller's address at the right.
  if (setup.logo) {
    try {
      doc.image(setup.logo, margin.left, margin.top, { fit: [160, 50] });
    } catch {
      // A file that only looks like a PNG or JPEG: the document goes out without the logo.
    }
  }
  const headWidth = 200;
  doc.font('Helvetica-Bold').fontSize(fontSize.body);
  text(seller.name ?? '', contentRight - headWidth, margin.top, { width: headWidth, align: 'right' });
  doc.font('Helvetica').fontSize(fontSize.small).fillColor(grey);
  for (const line of [...sellerLines(seller), seller.phone, seller.email]) if (line) text(line, contentRight - headWidth, doc.y, { width: headWidth, align: 'right' });
  doc.fillColor('black').fontSize(fontSize.body);
  doc.y = Math.max(doc.y, margin.top + 60) + 30;

  function ensureRoom(height: number): boolean {
    if (doc.y + height <= pageSize.height - margin.bottom) return false;
    doc.addPage();
    return true;
  }

  function tableHeader(columns: readonly Column[]): void {
    doc.font('Helvetica-Bold').fontSize(fontSize.body);
    let x = margin.left;
    const y = doc.y;
    let height = 0;
    for (const column of columns) {
      const width = column.share * contentWidth;
      height = Math.max(height, doc.heightOfString(printable(column.label), { width: width - 4 }));
      text(column.label, x, y, { width: width - 4, align: column.align ?? 'left' });
      x += width;
    }
    doc.y = y + height + 3;
    doc.moveTo(margin.left, doc.y).lineTo(contentRight, doc.y).lineWidth(0.8).strokeColor('black').stroke();
    doc.y += 4;
    doc.font('Helvetica');
  }

  return {
    addressAndFacts(address, facts) {
      const top = doc.y;
      doc.font('Helvetica').fontSize(fontSize.body);
      const senderLine = [seller.name, seller.address, [seller.postCode, seller.city].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
      doc.fontSize(fontSize.small).fillColor(grey);
      text(senderLine, margin.left, top, { width: 250 });
      doc.fontSize(fontSize.body).fillColor('black');
      let y = doc.y + 4;
      for (const line of address) {
        text(line, margin.left, y, { width: 250 });
        y = doc.y;
      }
      const addressBottom = y;
      const labelX = contentRight - 210;
      y = top;
      for (const [label, value] of facts) {
        doc.font('Helvetica');
        text(label, labelX, y, { width: 100 });
        const labelBottom = doc.y;
        doc.font('Helvetica-Bold');
        text(value, labelX + 100, y, { width: 110, align: 'right' });
        y = Math.max(labelBottom, doc.y) + 1;
      }
      doc.font('Helvetica');
      doc.y = Math.max(addressBottom, y) + 24;
    },

    title(value) {
      ensureRoom(40);
      doc.font('Helvetica-Bold').fontSize(fontSize.title);
      text(value, margin.left, doc.y, { width: contentWidth });
      doc.font('Helvetica').fontSize(fontSize.body);
      doc.y += 10;
    },

    table(columns, rows) {
      ensureRoom(40);
      tableHeader(columns);
      for (const row of rows) {
        const cells = columns.map((column, index) => ({ column, width: column.share * contentWidth - 4, value: printable(row[index] ?? '') }));
        // Most cells fit on one line; measuring the wrap only where they do not is most of a table's time.
        const lineHeight = doc.currentLineHeight(true);
        const height = Math.max(...cells.map((cell) => (doc.widthOfString(cell.value) <= cell.width ? lineHeight : doc.heightOfString(cell.value, { width: cell.width }))));
        if (ensureRoom(height + 4)) tableHeader(columns);
        const y = doc.y;
        let x = margin.left;
        for (const cell of cells) {
          doc.text(cell.value, x, y, { width: cell.width, align: cell.column.align ?? 'left' });
          x += cell.column.share * contentWidth;
        }
        doc.y = y + height + 2;
        doc.moveTo(margin.left, doc.y).lineTo(contentRight, doc.y).lineWidth(0.3).strokeColor(ruleColour).stroke();
        doc.y += 3;
      }
      doc.y += 6;
    },

    totals(rows) {
      ensureRoom(rows.length * 14 + 10);
      const labelX = contentRight - 290;
      for (const [index, [label, value]] of rows.entries()) {
        doc.font(index === rows.length - 1 ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize.body);
        const y = doc.y;
        text(label, labelX, y, { width: 195, align: 'right' });
        const labelBottom = doc.y;
        text(value, labelX + 200, y, { width: 90, align: 'right' });
        doc.y = Math.max(labelBottom, doc.y) + 2;
      }
      doc.font('Helvetica');
      doc.y += 12;
    },

    section(heading, lines) {
      // An address stays on one page with its heading; a long list of notes may run on.
      ensureRoom(18 + 11 * Math.min(lines.length, 8));
      doc.font('Helvetica-Bold').fontSize(fontSize.heading);
      text(heading, margin.left, doc.y, { width: contentWidth });
      doc.font('Helvetica').fontSize(fontSize.body);
      doc.y += 2;
      for (const line of lines) {
        ensureRoom(12);
        text(line, margin.left, doc.y, { width: contentWidth });
      }
      doc.y += 12;
    },

    paragraph(value) {
      ensureRoom(24);
      doc.font('Helvetica').fontSize(fontSize.body);
      text(value, margin.left, doc.y, { width: contentWidth });
      doc.y += 8;
    },

    finish() {
      // The foot of every page: the seller's contact line and "page n of m". Written below the bottom
      // margin, so the margin is lifted meanwhile (pdfkit would start a new page otherwise).
      const footLines = [[seller.name, ...sellerLines(seller)], [seller.phone, seller.email]].map((parts) => parts.filter(Boolean).join(' · '));
      const { start, count } = doc.bufferedPageRange();
      for (let index = start; index < start + count; index++) {
        doc.switchToPage(index);
        doc.page.margins.bottom = 0;
        const y = pageSize.height - margin.bottom + 24;
        doc.moveTo(margin.left, y - 6).lineTo(contentRight, y - 6).lineWidth(0.3).strokeColor(ruleColour).stroke();
        doc.font('Helvetica').fontSize(fontSize.small).fillColor(grey);
        for (const [line, foot] of footLines.entries()) text(foot, margin.left, y + line * 9, { width: contentWidth - 80, lineBreak: false });
        text(t('document.page', { page: index - start + 1, pages: count }), contentRight - 80, y, { width: 80, align: 'right', lineBreak: false });
        doc.fillColor('black');
      }
      doc.end();
      return ended;
    },
  };
}
