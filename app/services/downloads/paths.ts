/** The downloads' addresses (docs/content.md). `fichier` is not a category: its files live there. */
export const DOWNLOADS_ROOT = "/telechargements";

export function downloadCategoryPath(category: string, child?: string): string {
  return child === undefined ? `${DOWNLOADS_ROOT}/${category}` : `${DOWNLOADS_ROOT}/${category}/${child}`;
}

export function downloadFilePath(id: number): string {
  return `${DOWNLOADS_ROOT}/fichier/${id}`;
}
