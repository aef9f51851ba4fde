/**
 * The chamber's accent colour, adjusted so text and controls in it keep WCAG AA contrast
 * (4.5:1) on the light and dark surfaces, whatever colour the chamber picked.
 */
type Rgb = [number, number, number];

// The darkest light-theme surface and the lightest dark-theme surface text may sit on.
const LIGHT_SURFACE: Rgb = [244, 244, 245];
const DARK_SURFACE: Rgb = [32, 32, 36];
const DARK_TEXT: Rgb = [11, 11, 13];
const AA = 4.5;

export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits =
    match[1].length === 3
      ? match[1]
          .split('')
          .map((d) => d + d)
          .join('')
      : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map((c, i) => Math.round(c + (to[i]! - c) * amount)) as Rgb;
}

/** Moves the colour towards `target` (black or white) until it contrasts with `surface`. */
function ensureContrast(color: Rgb, surface: Rgb, target: Rgb): Rgb {
  for (let step = 0; step <= 40; step += 1) {
    const candidate = mix(color, target, step / 40);
    if (contrastRatio(candidate, surface) >= AA) return candidate;
  }
  return target;
}

/** Black or white text, whichever reads better on the colour. */
function readableOn(color: Rgb): Rgb {
  return contrastRatio(color, [255, 255, 255]) >= contrastRatio(color, [0, 0, 0])
    ? [255, 255, 255]
    : DARK_TEXT;
}

export interface AccentPalette {
  light: string;
  lightForeground: string;
  dark: string;
  darkForeground: string;
}

export function accentPalette(hex: string): AccentPalette | null {
  const color = parseHex(hex);
  if (!color) return null;
  const light = ensureContrast(color, LIGHT_SURFACE, [0, 0, 0]);
  const dark = ensureContrast(color, DARK_SURFACE, [255, 255, 255]);
  return {
    light: toHex(light),
    lightForeground: toHex(readableOn(light)),
    dark: toHex(dark),
    darkForeground: toHex(readableOn(dark)),
  };
}

/** The accent CSS variables the design tokens read (see index.css), by name. */
export function accentVariables(hex: string): [name: string, value: string][] {
  const palette = accentPalette(hex);
  if (!palette) return [];
  return [
    ['--accent-light', palette.light],
    ['--accent-light-foreground', palette.lightForeground],
    ['--accent-dark', palette.dark],
    ['--accent-dark-foreground', palette.darkForeground],
  ];
}

/**
 * The accent variables as the `style` of the page's root element: the server draws a page
 * with them, so the browser neither shows the default accent first nor restyles the page
 * when the app starts.
 */
export function accentStyle(hex: string): string {
  return accentVariables(hex)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}

/**
 * Sets the accent CSS variables on the root element, each only where it differs: a changed
 * variable restyles the whole page, which on a phone costs a tenth of a second.
 */
export function applyAccent(hex: string, root: HTMLElement = document.documentElement) {
  for (const [name, value] of accentVariables(hex)) {
    if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
  }
}
