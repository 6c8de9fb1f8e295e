/**
 * A client may ask for any page size (`numItems` is any number, NaN and Infinity included); the
 * server keeps each page between 1 and `max` whole items so a page stays small whatever is asked.
 */
export function withPageSizeCapped<T extends { numItems: number }>(options: T, max: number): T {
  const wanted = Number.isNaN(options.numItems) ? 1 : Math.floor(options.numItems);
  return { ...options, numItems: Math.min(Math.max(1, wanted), max) };
}
