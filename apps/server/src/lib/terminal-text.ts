/**
 * C0 controls (line breaks and tabs included), DEL and C1 controls: every character a
 * terminal may act on (ESC and CSI start the sequences that move the cursor, clear the
 * screen or set the title). Also the bidirectional overrides and isolates, which reorder how
 * the rest of a line reads without being visible themselves.
 */
export function isUnsafe(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

const escape = (code: number) =>
  code <= 0xff
    ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
    : `\\u${code.toString(16).toUpperCase()}`;

/**
 * One line as it may safely be written to a terminal: every control character shown as an
 * escape (`\x1B`), so text from a file or the database (a roster's cells, names, error
 * messages) is seen for what it is and can never drive the terminal.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += isUnsafe(code) ? escape(code) : char;
  }
  return out;
}

/** Several lines: the line breaks between them are kept, everything else as `printable`. */
export function printableLines(text: string): string {
  return text.split('\n').map(printable).join('\n');
}

/**
 * Passes everything later written to these streams through `printableLines`, so nothing a
 * command prints (its own lines, its arguments echoed back in usage errors, any library's
 * output) can drive the terminal, whichever code path printed it.
 */
export function guardTerminalOutput(
  streams: NodeJS.WriteStream[] = [process.stdout, process.stderr],
): void {
  for (const stream of streams) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      const text =
        typeof chunk === 'string'
          ? chunk
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk).toString('utf8')
            : undefined;
      if (text === undefined) return write(chunk, ...rest);
      // An encoding given with a Buffer no longer applies to the string made of it.
      const args = typeof chunk === 'string' || typeof rest[0] !== 'string' ? rest : rest.slice(1);
      return write(printableLines(text), ...args);
    }) as typeof stream.write;
  }
}
