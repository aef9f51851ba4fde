import PDFDocument from 'pdfkit';
import type { Letterhead } from './document-text.js';
import { fontRuns, registerFonts, type Weight } from './pdf-fonts.js';

/**
 * The fonts' glyph composition (ccmp) is off: it draws 'ị' as 'i' plus a combining dot,
 * and the dot then reads back as no letter when the PDF is searched or copied from. Noto
 * Sans has each accented letter whole. (fontkit takes an object of features on and off.)
 */
const KEEP_LETTERS_WHOLE = { ccmp: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];

export const GREY = '#4b5563';
export const LEFT = 50;
export const RIGHT = 545;

/** An A4 page being drawn: the document, its text writer and the bytes once it ends. */
export interface PdfPage {
  pdf: PDFKit.PDFDocument;
  /** Sets the weight the next text is written in. */
  font(weight: Weight): PDFKit.PDFDocument;
  /** Writes text in runs of the faces that have its glyphs (pdf-fonts.ts). */
  write(
    text: string,
    x?: number,
    y?: number,
    options?: PDFKit.Mixins.TextOptions,
  ): PDFKit.PDFDocument;
  /** Ends the document; its bytes. */
  finish(): Promise<Buffer>;
}

/**
 * An A4 document as PDF/A-2b (the archivable PDF: every font embedded, colours in sRGB,
 * metadata in XMP), with Noto Sans and its CJK fallback registered. The invoices, receipts
 * and credit notes are drawn on one, and so is any other document the chamber sends.
 */
export function openPdf(info: { title: string; author: string; createdAt: Date }): PdfPage {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    lang: 'en',
    info: { Title: info.title, Author: info.author, CreationDate: info.createdAt },
  });
  registerFonts(pdf);
  // The weight text is written in; write() draws it in runs of the faces that have its glyphs.
  let weight: Weight = 'regular';
  const font = (w: Weight) => {
    weight = w;
    return pdf;
  };
  function write(text: string, x?: number, y?: number, given: PDFKit.Mixins.TextOptions = {}) {
    const options = { ...given, features: KEEP_LETTERS_WHOLE };
    const runs = fontRuns(text, weight);
    if (runs.length === 0) runs.push({ font: fontRuns(' ', weight)[0]!.font, text: '' });
    runs.forEach((run, i) => {
      const continued = i < runs.length - 1 || options.continued === true;
      pdf.font(run.font);
      if (i > 0) pdf.text(run.text, { features: KEEP_LETTERS_WHOLE, continued });
      else if (x === undefined) pdf.text(run.text, { ...options, continued });
      else pdf.text(run.text, x, y, { ...options, continued });
    });
    return pdf;
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return {
    pdf,
    font,
    write,
    finish() {
      pdf.end();
      return done;
    },
  };
}

/** The letterhead: the logo on the left, the chamber's name and address beside it. */
export function drawLetterhead({ pdf, font, write }: PdfPage, letterhead: Letterhead): void {
  let textX = LEFT;
  if (letterhead.logo) {
    try {
      pdf.image(letterhead.logo, LEFT, 45, { fit: [90, 60] });
      textX = LEFT + 105;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the document.
    }
  }
  font('bold').fontSize(14).fillColor('black');
  write(letterhead.name, textX, 50);
  font('regular').fontSize(9).fillColor(GREY);
  for (const line of [...letterhead.addressLines, letterhead.phone, letterhead.email]) {
    if (line) write(line, textX);
  }
}
