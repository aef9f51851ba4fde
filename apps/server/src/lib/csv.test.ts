import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { asText, CsvError, parseCsv, sniffSeparator, writeCsv } from './csv.js';

describe('parseCsv', () => {
  it('splits plain records and fields', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('reads CRLF, LF and lone CR line ends, with or without a final one', () => {
    expect(parseCsv('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a,b\r1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('drops a byte-order mark', () => {
    expect(parseCsv('\uFEFFemail,name\nx@y.example,X')).toEqual([
      ['email', 'name'],
      ['x@y.example', 'X'],
    ]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields', () => {
    const text =
      'name,address\r\n"Marsh & Pike, LLC","12300 S 1700 W\r\nSuite 4"\r\n"The ""Best"" Bakery",x\r\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'address'],
      ['Marsh & Pike, LLC', '12300 S 1700 W\r\nSuite 4'],
      ['The "Best" Bakery', 'x'],
    ]);
  });

  it('keeps empty fields, trailing ones and quoted empty ones', () => {
    expect(parseCsv('a,,c,\n"",b,"",')).toEqual([
      ['a', '', 'c', ''],
      ['', 'b', '', ''],
    ]);
  });

  it('returns a blank line as a record with one empty field, and nothing for empty text', () => {
    expect(parseCsv('a\n\nb\n')).toEqual([['a'], [''], ['b']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('keeps a quote in the middle of an unquoted field as written', () => {
    expect(parseCsv('5" pipe,x')).toEqual([['5" pipe', 'x']]);
  });

  it('names the line of a quoted field that is never closed', () => {
    const text = 'a,b\n1,2\n"open,3\n4,5\n';
    expect(() => parseCsv(text)).toThrow(CsvError);
    expect(() => parseCsv(text)).toThrow('A quoted field is never closed (line 3)');
  });

  it('refuses text after a closing quote', () => {
    expect(() => parseCsv('a\n"x"y,z\n')).toThrow(/Text after a closing quote.*\(line 2\)/);
  });

  it('reads a large file', () => {
    const row = '"Riverton Print & Sign","13000 S Redwood Rd, Riverton",sarah@print.example\r\n';
    const records = parseCsv(row.repeat(50_000));
    expect(records).toHaveLength(50_000);
    expect(records[49_999]).toEqual([
      'Riverton Print & Sign',
      '13000 S Redwood Rd, Riverton',
      'sarah@print.example',
    ]);
  });

  it('counts lines inside quoted fields when naming where a problem is', () => {
    expect(() => parseCsv('a\n"two\r\nlines"\n"x"y\n')).toThrow('(line 4)');
  });
});

describe('sniffSeparator', () => {
  it('takes the separator the header row uses most, outside quotes', () => {
    expect(sniffSeparator('a;b;c\n1,5;2;3')).toBe(';');
    expect(sniffSeparator('a\tb\tc\r\n1;2\t3')).toBe('\t');
    expect(sniffSeparator('"a;b;c",d\n')).toBe(',');
    expect(sniffSeparator('email\n')).toBe(',');
  });

  it('parses with the separator given', () => {
    expect(parseCsv('a;"b;c";d\r\n1;2;', ';')).toEqual([
      ['a', 'b;c', 'd'],
      ['1', '2', ''],
    ]);
    expect(parseCsv('a\t"b\tc"\n', '\t')).toEqual([['a', 'b\tc']]);
  });
});

describe('writeCsv', () => {
  /** The cells of the first sheet as SheetJS reads the file, as a spreadsheet opens it. */
  const cellsOf = (csv: string) => {
    const book = XLSX.read(csv, { type: 'string' });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '' });
  };

  it('keeps invoice numbers, ZIPs, phones and references as written in a spreadsheet', () => {
    const csv = writeCsv([
      ['invoice', 'zip', 'phone', 'reference', 'amount', 'received on'],
      [
        asText('2026-0001'),
        asText('01234'),
        asText('(801) 555-0100'),
        asText('000123'),
        '300.00',
        '2026-03-10',
      ],
      [asText('2026-0012'), asText('84065-1234'), asText('+1 801 555 0100'), asText(''), '', ''],
    ]);
    const [, first, second] = cellsOf(csv);
    expect(first!.slice(0, 4)).toEqual(['2026-0001', '01234', '(801) 555-0100', '000123']);
    // Amounts stay numbers, for sums.
    expect(first![4]).toBe(300);
    expect(second!.slice(0, 4)).toEqual(['2026-0012', '84065-1234', '+1 801 555 0100', '']);
  });

  it('writes text that no spreadsheet would take for a number as it is, formula-escaped', () => {
    const csv = writeCsv([[asText('TRF-88'), asText('=HYPERLINK("x")'), asText('Łódź "Ania"')]]);
    expect(csv).toBe('\uFEFFTRF-88,"\'=HYPERLINK(""x"")","Łódź ""Ania"""\r\n');
  });
});
