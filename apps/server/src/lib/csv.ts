/** A CSV file that cannot be read as records; `line` is where the problem starts (1-based). */
export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (line ${line})`);
  }
}

const QUOTE = 34; // "
const CR = 13;
const LF = 10;

/** Line breaks in `text` between `from` and `to`, counting CRLF once. */
function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) lines += 1;
  }
  return lines;
}

/** The field separators spreadsheets write: comma, semicolon (Excel in much of Europe), tab. */
export type CsvSeparator = ',' | ';' | '\t';

/**
 * The separator of a file as spreadsheets save it, from its first line (the header row): the
 * one of comma, semicolon and tab used most often outside quotes; a comma when none is.
 */
export function sniffSeparator(text: string): CsvSeparator {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c as CsvSeparator] += 1;
  }
  const best = (Object.keys(counts) as CsvSeparator[]).reduce((a, b) =>
    counts[b] > counts[a] ? b : a,
  );
  return counts[best] > 0 ? best : ',';
}

/**
 * Parses CSV as RFC 4180 writes it and as spreadsheets export it: fields separated by commas
 * (or `separator`), records by CRLF, LF or CR; a field in double quotes may hold separators,
 * line breaks and quotes written twice (""); a byte-order mark at the start is dropped. Records are returned as
 * written, one array of strings each (a blank line is a record with one empty field).
 */
export function parseCsv(text: string, separator: CsvSeparator = ','): string[][] {
  const SEPARATOR = separator.charCodeAt(0);
  const records: string[][] = [];
  const end = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let record: string[] = [];

  while (i < end) {
    let field: string;
    if (text.charCodeAt(i) === QUOTE) {
      // A quoted field runs to the next quote that is not doubled.
      const start = line;
      const parts: string[] = [];
      let from = i + 1;
      for (;;) {
        const close = text.indexOf('"', from);
        if (close === -1) throw new CsvError('A quoted field is never closed', start);
        parts.push(text.slice(from, close));
        if (text.charCodeAt(close + 1) === QUOTE) {
          parts.push('"');
          from = close + 2;
          continue;
        }
        line += countLines(text, i, close);
        i = close + 1;
        break;
      }
      field = parts.join('');
      const next = text.charCodeAt(i);
      if (i < end && next !== SEPARATOR && next !== CR && next !== LF) {
        throw new CsvError('Text after a closing quote; write a quote inside a field as ""', line);
      }
    } else {
      let j = i;
      while (j < end) {
        const c = text.charCodeAt(j);
        if (c === SEPARATOR || c === CR || c === LF) break;
        j += 1;
      }
      field = text.slice(i, j);
      i = j;
    }
    record.push(field);

    const c = text.charCodeAt(i);
    if (c === SEPARATOR) {
      i += 1;
      // A separator at the very end still ends a field: an empty last one.
      if (i === end) record.push('');
    } else if (c === CR || c === LF) {
      records.push(record);
      record = [];
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line += 1;
    }
  }
  if (record.length > 0) records.push(record);
  return records;
}

/**
 * A cell a spreadsheet would run as a formula (=, +, - or @ first) is written after an
 * apostrophe, which spreadsheets show as text; the roster import drops it again.
 */
export function escapeFormula(value: string): string {
  return /^[=+\-@]/.test(value) ? `'${value}` : value;
}

/**
 * A cell that is a name made of digits, not a number or a date: an invoice number
 * (2026-0001, which spreadsheets read as 1 January 2026), a ZIP with its leading zero, a phone
 * number, a check number. See writeCsv.
 */
export class TextCell {
  constructor(readonly value: string) {}
}
export const asText = (value: string | null | undefined) => new TextCell(value ?? '');

/** What a spreadsheet would turn into a number or a date: digits and separators only. */
const looksNumeric = (value: string) => /\d/.test(value) && /^[\d\s()+\-.,/:eE]+$/.test(value);

/**
 * Records as CSV the way spreadsheets open it: CRLF line ends, a cell quoted when it holds a
 * comma, quote or line break, and a byte-order mark so Excel reads it as UTF-8. Every cell is
 * escaped against formulas. A TextCell that a spreadsheet would read as a number or date is
 * written as the text formula ="2026-0001", which Excel, LibreOffice, Google Sheets and SheetJS
 * show as the text itself; the roster import reads it back as written.
 */
export function writeCsv(records: (string | TextCell)[][]): string {
  const cell = (raw: string | TextCell) => {
    const value =
      raw instanceof TextCell
        ? looksNumeric(raw.value)
          ? `="${raw.value.replace(/"/g, '""')}"`
          : escapeFormula(raw.value)
        : escapeFormula(raw);
    return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  };
  return '\uFEFF' + records.map((r) => r.map(cell).join(',') + '\r\n').join('');
}
