import { describe, expect, it } from 'vitest';
import { clampPage, needsPager, pageCount, pageSummary } from './pagination';

describe('pageSummary', () => {
  it('counts the rows of the page shown, one-based', () => {
    expect(pageSummary({ page: 0, count: 25, total: 61 })).toBe('Showing 1 to 25 of 61 users');
    expect(pageSummary({ page: 1, count: 25, total: 61 })).toBe('Showing 26 to 50 of 61 users');
    expect(pageSummary({ page: 2, count: 11, total: 61 })).toBe('Showing 51 to 61 of 61 users');
  });

  it('reads sensibly for a short list, an empty one, one item and other nouns', () => {
    expect(pageSummary({ page: 0, count: 5, total: 5 })).toBe('Showing 1 to 5 of 5 users');
    expect(pageSummary({ page: 0, count: 0, total: 0 })).toBe('Showing 0 to 0 of 0 users');
    expect(pageSummary({ page: 0, count: 1, total: 1 })).toBe('Showing 1 to 1 of 1 user');
    expect(pageSummary({ page: 0, count: 3, total: 3, noun: ['entry', 'entries'] })).toBe(
      'Showing 1 to 3 of 3 entries',
    );
    expect(pageSummary({ page: 0, count: 1, total: 1, noun: ['entry', 'entries'] })).toBe(
      'Showing 1 to 1 of 1 entry',
    );
  });
});

describe('needsPager', () => {
  it('shows Previous and Next only when the total exceeds one page of 25', () => {
    expect(needsPager(0)).toBe(false);
    expect(needsPager(25)).toBe(false);
    expect(needsPager(26)).toBe(true);
  });
});

describe('clampPage', () => {
  it('keeps a page that exists', () => {
    expect(pageCount(51)).toBe(3);
    expect(clampPage(2, 51)).toBe(2);
  });

  it('falls back to the last page when the one asked for emptied', () => {
    expect(clampPage(2, 50)).toBe(1);
    expect(clampPage(1, 25)).toBe(0);
    expect(clampPage(3, 0)).toBe(0);
  });
});
