/**
 * Intl formatters, each built once per locale and options and then reused. A formatter holds
 * ICU data outside the JavaScript heap (tens of kilobytes), which the garbage collector does
 * not see: built anew for every date or amount, a run of a few thousand mails grew the server
 * by about 200 MB, and the freed memory stayed with the process. Only these functions build
 * Intl formatters (the lint configuration enforces it).
 */

/** Distinct formatters kept (time zones × options); past it the oldest is rebuilt on use. */
const MAX_KEPT = 500;

function keeper<F, O extends object>(build: (locale: string, options: O) => F) {
  const kept = new Map<string, F>();
  return (locale: string, options: O): F => {
    const key = `${locale} ${JSON.stringify(options)}`;
    let formatter = kept.get(key);
    if (!formatter) {
      // Built before it is kept: an option Intl refuses (an unknown time zone) throws here.
      formatter = build(locale, options);
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, formatter);
    }
    return formatter;
  };
}

/** `new Intl.DateTimeFormat(locale, options)`, built once for each locale and options. */
export const dateTimeFormat = keeper<Intl.DateTimeFormat, Intl.DateTimeFormatOptions>(
  (locale, options) => new Intl.DateTimeFormat(locale, options),
);

/** `new Intl.NumberFormat(locale, options)`, built once for each locale and options. */
export const numberFormat = keeper<Intl.NumberFormat, Intl.NumberFormatOptions>(
  (locale, options) => new Intl.NumberFormat(locale, options),
);
