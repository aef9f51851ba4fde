import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(returnPath('/members/42')).toBe('/members/42');
    expect(returnPath('/job-postings?q=baker&page=2')).toBe('/job-postings?q=baker&page=2');
    expect(returnPath('/events/7#details')).toBe('/events/7#details');
    expect(returnPath('/')).toBe('/');
  });

  it('refuses another site, however it is written', () => {
    for (const value of [
      '//evil.example',
      '//evil.example/members',
      '/..//evil.example',
      '/members/..//evil.example',
      '/.//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/members',
      'http:/evil.example',
      'javascript:alert(1)',
      ' /members',
      'members/42',
      '',
    ]) {
      expect(returnPath(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('refuses what is no string, and the sign-in page itself', () => {
    expect(returnPath(null)).toBeNull();
    expect(returnPath(undefined)).toBeNull();
    expect(returnPath(42)).toBeNull();
    expect(returnPath('/login')).toBeNull();
    expect(returnPath('/login?from=%2Fmembers')).toBeNull();
  });
});
