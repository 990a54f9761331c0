/** « Aucun document », « 1 document », « 12 documents ». */
export function documentCount(count: number): string {
  if (count === 0) return "Aucun document";
  return count === 1 ? "1 document" : `${count} documents`;
}
