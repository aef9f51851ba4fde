/**
 * `answer` with its answers kept per string, for work done on every request over a header
 * whose values repeat (a browser's Accept-Encoding or User-Agent: a site's visitors bring a
 * few hundred). Once `max` answers are kept the map starts again, so a flood of made-up values
 * costs only the work itself, never the memory.
 */
export function keptAnswers<T extends string | number | boolean>(
  answer: (key: string) => T,
  max: number,
): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = answer(key);
      if (kept.size >= max) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
