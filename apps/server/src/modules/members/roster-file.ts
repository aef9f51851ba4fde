import iconv from 'iconv-lite';
import { type CsvSeparator, parseCsv, sniffSeparator } from '../../lib/csv.js';

/** How a roster file's bytes were read as text. */
export type RosterEncoding = 'UTF-8' | 'Windows-1252' | 'UTF-16 LE' | 'UTF-16 BE';

export interface RosterFile {
  records: string[][];
  encoding: RosterEncoding;
  /** Sniffed from the header row: Excel writes semicolons in much of Europe, tabs as 'Unicode Text'. */
  separator: CsvSeparator;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads the bytes of a roster the way spreadsheets save them: UTF-8 ('CSV UTF-8'), UTF-16
 * with a byte-order mark ('Unicode Text'), or else Windows-1252 (Excel's 'CSV (Comma
 * delimited)' on Windows), which is taken only when the bytes are not valid UTF-8: read as
 * UTF-8 its accented letters would be stored as replacement characters.
 */
export function decodeRoster(bytes: Uint8Array): { text: string; encoding: RosterEncoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: iconv.decode(Buffer.from(bytes), 'utf-16le'), encoding: 'UTF-16 LE' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: iconv.decode(Buffer.from(bytes), 'utf-16be'), encoding: 'UTF-16 BE' };
  }
  try {
    return { text: strictUtf8.decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes), 'windows-1252'), encoding: 'Windows-1252' };
  }
}

/** A roster file's records and how it was read; throws CsvError when it is not CSV. */
export function readRosterFile(bytes: Uint8Array): RosterFile {
  const { text, encoding } = decodeRoster(bytes);
  const separator = sniffSeparator(text);
  return { records: parseCsv(text, separator), encoding, separator };
}
