import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';

/**
 * The fonts the PDFs embed (apps/server/fonts, made by scripts/make-pdf-fonts.sh, under the
 * SIL Open Font License beside them): Noto Sans for Latin, Greek, Cyrillic and Vietnamese, and
 * the common characters of Noto Sans SC for Chinese and Japanese names. Text is drawn in Noto
 * Sans and falls back, character by character, to the CJK font where Noto Sans has no glyph.
 */
const FONT_DIR = new URL('../../../fonts/', import.meta.url);

export type Weight = 'regular' | 'bold';

interface Face {
  name: string;
  bytes: Buffer;
  font: fontkit.Font;
}

let faces: Record<Weight | 'cjk', Face> | undefined;

function load(name: string, file: string): Face {
  const bytes = readFileSync(new URL(file, FONT_DIR));
  const font = fontkit.create(bytes);
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
  return { name, bytes, font };
}

/** The three faces, read once per process. */
function allFaces() {
  faces ??= {
    regular: load('Sans', 'NotoSans-Regular.ttf'),
    bold: load('Sans-Bold', 'NotoSans-Bold.ttf'),
    cjk: load('Sans-CJK', 'NotoSansSC-Regular-common.ttf'),
  };
  return faces;
}

/** Registers the faces with a document under the names fontRuns answers. */
export function registerFonts(pdf: PDFKit.PDFDocument): void {
  for (const face of Object.values(allFaces())) pdf.registerFont(face.name, face.bytes);
}

/**
 * `text` cut into runs of one face each: the weight's face where it has the glyph, else the
 * CJK face. A character both have (a space, a comma) stays in the run it is in.
 */
export function fontRuns(text: string, weight: Weight): { font: string; text: string }[] {
  const { cjk, ...latin } = allFaces();
  const main = latin[weight];
  const runs: { font: string; text: string }[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const last = runs.at(-1);
    const inMain = main.font.hasGlyphForCodePoint(code);
    const inCjk = !inMain && cjk.font.hasGlyphForCodePoint(code);
    let face = inCjk ? cjk.name : main.name;
    if (last && last.font !== face) {
      const lastFace = last.font === cjk.name ? cjk : main;
      if (lastFace.font.hasGlyphForCodePoint(code)) face = last.font;
    }
    if (last?.font === face) last.text += char;
    else runs.push({ font: face, text: char });
  }
  return runs;
}
