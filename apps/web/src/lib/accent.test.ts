import { describe, expect, it, vi } from 'vitest';
import { accentPalette, accentStyle, applyAccent, contrastRatio, parseHex } from './accent';

const rgb = (hex: string) => parseHex(hex)!;

describe('accent palette', () => {
  it.each(['#1e4f8a', '#ffd400', '#00b3ff', '#7f1d1d', '#ffffff', '#000000', '#3a6'])(
    'keeps %s at AA contrast on light and dark surfaces',
    (hex) => {
      const palette = accentPalette(hex)!;
      expect(contrastRatio(rgb(palette.light), rgb('#f4f4f5'))).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(rgb(palette.light), rgb(palette.lightForeground)),
      ).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(rgb(palette.dark), rgb('#202024'))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(rgb(palette.dark), rgb(palette.darkForeground))).toBeGreaterThanOrEqual(
        4.5,
      );
    },
  );

  it('leaves a colour that already contrasts unchanged', () => {
    expect(accentPalette('#1e4f8a')?.light).toBe('#1e4f8a');
  });

  it('ignores values that are not hex colours', () => {
    expect(accentPalette('blue')).toBeNull();
  });
});

describe('applying the accent', () => {
  it('gives the server the same variables the browser sets', () => {
    const root = document.createElement('div');
    applyAccent('#ffd400', root);
    expect(root.style.cssText.replace(/\s/g, '')).toBe(`${accentStyle('#ffd400')};`);
  });

  it('leaves variables the server already drew alone (a change restyles the whole page)', () => {
    const root = document.createElement('div');
    root.setAttribute('style', accentStyle('#1e4f8a'));
    const set = vi.spyOn(root.style, 'setProperty');
    applyAccent('#1e4f8a', root);
    expect(set).not.toHaveBeenCalled();
    applyAccent('#7f1d1d', root);
    expect(set).toHaveBeenCalled();
    expect(root.style.getPropertyValue('--accent-light')).toBe(accentPalette('#7f1d1d')!.light);
  });
});
