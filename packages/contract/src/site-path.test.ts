import { describe, expect, it } from 'vitest';
import { sitePath } from './site-path.js';

describe('sitePath', () => {
  it('keeps a path on this site with its query and fragment, dot segments resolved', () => {
    expect(sitePath('/members/42')).toBe('/members/42');
    expect(sitePath('/job-postings?q=baker&page=2')).toBe('/job-postings?q=baker&page=2');
    expect(sitePath('/events/7#details')).toBe('/events/7#details');
    expect(sitePath('/a/../members')).toBe('/members');
    expect(sitePath('/')).toBe('/');
  });

  it('refuses whatever is or becomes anything but a single-slash path', () => {
    for (const value of [
      '/..//evil.example',
      '/../..//evil.example/members',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      '/..\\/evil.example',
      '/x/..//evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'members',
      '',
      null,
      42,
    ]) {
      const path = sitePath(value);
      expect(path, JSON.stringify(value)).toBeNull();
    }
  });
});
