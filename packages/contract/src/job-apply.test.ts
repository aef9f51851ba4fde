import { describe, expect, it } from 'vitest';
import { applyHref } from './job-apply.js';

describe('applyHref', () => {
  it('makes an email address a mailto: link', () => {
    expect(applyHref(' jobs@shop.example ')).toBe('mailto:jobs@shop.example');
    expect(applyHref('MAILTO:jobs@shop.example')).toBe('mailto:jobs@shop.example');
  });

  it('keeps an https link to a named host', () => {
    expect(applyHref('https://shop.example/jobs?id=4#apply')).toBe(
      'https://shop.example/jobs?id=4#apply',
    );
    expect(applyHref('HTTPS://SHOP.EXAMPLE:8443/')).toBe('HTTPS://SHOP.EXAMPLE:8443/');
  });

  it('refuses what could run in the page, plain http, bare hosts and a user name before the host', () => {
    for (const value of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://shop.example/jobs',
      'ftp://shop.example/',
      'https://localhost/jobs',
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://bank.example@elsewhere.example',
      'https://user:secret@shop.example',
      'https://shop.example\\@elsewhere.example',
      'https://ex ample.com',
      '',
    ]) {
      expect(applyHref(value), value).toBeNull();
    }
  });
});
