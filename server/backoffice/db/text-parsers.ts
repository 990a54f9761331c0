const OID = { int8: 20, numeric: 1700, date: 1082 } as const;

/**
 * The same value shapes on both engines: bigint counts and numeric discounts as numbers,
 * dates as their YYYY-MM-DD text (a JavaScript Date would shift them by the time zone).
 */
export const textParsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: (value) => Number(value),
  [OID.numeric]: (value) => Number(value),
  [OID.date]: (value) => value,
};
