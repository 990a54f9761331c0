/**
 * Rows written a slice at a time: one multi-row statement per slice keeps a 50,000-product
 * file to a few dozen statements, and each statement under PostgreSQL's 65,535 parameters.
 */
export const WRITE_CHUNK_ROWS = 1000;

export function* slices<T>(items: readonly T[], size: number = WRITE_CHUNK_ROWS): Generator<readonly T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
