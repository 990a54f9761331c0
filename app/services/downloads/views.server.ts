import type { DownloadCategorySummary, DownloadDocument } from "@shared/contracts/content";
import { downloadCategoryPath, downloadFilePath } from "./paths";
import type { DownloadCategoryLink, DownloadDocumentView } from "./types";

export function categoryLink(summary: DownloadCategorySummary, parent?: string): DownloadCategoryLink {
  return { ...summary, href: parent === undefined ? downloadCategoryPath(summary.slug) : downloadCategoryPath(parent, summary.slug) };
}

const TYPES: Readonly<Record<string, string>> = {
  "application/pdf": "PDF",
  "application/zip": "ZIP",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel",
  "text/csv": "CSV",
  "image/png": "PNG",
  "image/jpeg": "JPEG",
};

/** « PDF » for application/pdf; an unknown type is named by the file's extension. */
export function fileType(mime: string, fileName: string): string {
  const known = TYPES[mime.split(";")[0]?.trim().toLowerCase() ?? ""];
  if (known) return known;
  const extension = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1];
  return extension ? extension.toUpperCase() : "Fichier";
}

export function documentView(document: DownloadDocument): DownloadDocumentView {
  return {
    id: document.id,
    title: document.title,
    description: document.description,
    href: downloadFilePath(document.id),
    fileName: document.file_name,
    type: fileType(document.mime, document.file_name),
    size: document.size,
    publishedOn: document.published_on,
    restricted: document.restricted,
  };
}
