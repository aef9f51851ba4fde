import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney, formatPlanPrice } from './dues-terms.js';
import { dateTimeFormat, numberFormat } from './intl-formats.js';
import { formatDateKey } from './zoned-time.js';

const { NumberFormat, DateTimeFormat } = Intl;
afterEach(() => Object.assign(Intl, { NumberFormat, DateTimeFormat }));

/** Counts the formatters built from here on (they still format as Intl's own). */
function countBuilt() {
  const built = { numbers: 0, dates: 0 };
  Object.assign(Intl, {
    NumberFormat: class extends NumberFormat {
      constructor(...args: ConstructorParameters<typeof NumberFormat>) {
        super(...args);
        built.numbers += 1;
      }
    },
    DateTimeFormat: class extends DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
        super(...args);
        built.dates += 1;
      }
    },
  });
  return built;
}

describe('Intl formatters', () => {
  it('builds one formatter per locale and options, however many values it formats', () => {
    const built = countBuilt();
    const amounts = Array.from({ length: 200 }, (_, i) => formatMoney(1000 + i * 137));
    const days = Array.from({ length: 200 }, (_, i) =>
      formatDateKey(`2026-03-${String((i % 28) + 1).padStart(2, '0')}`, {
        month: 'long',
        day: 'numeric',
      }),
    );
    expect(amounts[1]).toBe('$11.37');
    expect(days[4]).toBe('March 5');
    expect(built.numbers).toBeLessThanOrEqual(1);
    expect(built.dates).toBeLessThanOrEqual(1);
  });

  it('keeps different options and locales apart', () => {
    expect(formatPlanPrice(55000)).toBe('$550');
    expect(formatMoney(55000)).toBe('$550.00');
    expect(formatMoney(55000, 'EUR', 'de-DE')).toBe('550,00\u00a0€');
    const utc = dateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' });
    const denver = dateTimeFormat('en-US', { timeZone: 'America/Denver', hour: 'numeric' });
    expect(utc).not.toBe(denver);
    expect(dateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' })).toBe(utc);
    expect(numberFormat('en-US', {})).toBe(numberFormat('en-US', {}));
  });

  it('refuses what Intl refuses, and keeps nothing for it', () => {
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
  });
});
