import { describe, expect, it } from 'vitest';
import { isCountedVisit } from './listing-counter.js';

const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('which requests are a person’s visit', () => {
  it('counts a browser, not a crawler, a missing agent or a prefetch', () => {
    expect(isCountedVisit({ 'user-agent': phone })).toBe(true);
    expect(isCountedVisit({ 'user-agent': crawler })).toBe(false);
    expect(isCountedVisit({})).toBe(false);
    expect(isCountedVisit({ 'user-agent': phone, 'sec-purpose': 'prefetch' })).toBe(false);
    expect(isCountedVisit({ 'user-agent': phone, purpose: 'prefetch' })).toBe(false);
  });

  it('answers each agent the same however often it comes and however many others came', () => {
    // More agents than the kept answers hold, browsers and crawlers in turn, three times over,
    // each crawler the browser before it with its name added: a kept answer is never another
    // agent's.
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 700; i += 1) {
        expect(isCountedVisit({ 'user-agent': `${phone} Build/${i}` })).toBe(true);
        expect(isCountedVisit({ 'user-agent': `${phone} Build/${i} Crawl${i}bot/1.0` })).toBe(
          false,
        );
      }
      expect(isCountedVisit({ 'user-agent': phone })).toBe(true);
      expect(isCountedVisit({ 'user-agent': crawler })).toBe(false);
    }
  });
});
