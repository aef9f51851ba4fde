import { describe, expect, it } from 'vitest';
import { blankToNull } from './common.js';

describe('blankToNull', () => {
  it('reads an empty or blank text, and null, as none', () => {
    expect(blankToNull('')).toBeNull();
    expect(blankToNull('   ')).toBeNull();
    expect(blankToNull(null)).toBeNull();
  });

  it('leaves a text as it is, and an absent one absent', () => {
    expect(blankToNull('Riverbend Bakery')).toBe('Riverbend Bakery');
    expect(blankToNull(' (801) 555-0142')).toBe(' (801) 555-0142');
    expect(blankToNull(undefined)).toBeUndefined();
  });
});
