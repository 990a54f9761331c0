import type { Kysely } from "kysely";
import type { DownloadCategoryResponse, DownloadCategorySummary, DownloadDocument, DownloadTreeResponse } from "@shared/contracts/content";
import type { Database } from "../db/schema";
import { ApiFailure, notFound } from "../http/errors";
import { visibleTo, type Reader } from "./access";

/**
 * Reading the documents (docs/content.md): the tree of categories with what the reader may
 * download in each, one category's documents, one document's file. A document the reader may
 * not have is absent everywhere: not counted, not listed, its file a 404.
 */

export const unknownDownloadCategory = (): ApiFailure =>
  new ApiFailure(404, "unknown_category", "Cette rubrique de téléchargements n'existe pas.");

interface CategoryRow {
  id: number;
  parent_id: number | null;
  slug: string;
  title: string;
  description: string;
}

/** Every category in display order, and how many documents the reader may have in each (its own only). */
async function categoriesWithCounts(db: Kysely<Database>, reader: Reader): Promise<{ rows: CategoryRow[]; own: Map<number, number> }> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom("download_categories")
      .select(["id", "parent_id", "slug", "title", "description"])
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("download_documents as d")
      .select((eb) => ["d.category_id", eb.fn.countAll<string>().as("n")])
      .where(visibleTo(reader))
      .groupBy("d.category_id")
      .execute(),
  ]);
  return { rows, own: new Map(counts.map((count) => [count.category_id, Number(count.n)])) };
}

function summaryOf(row: CategoryRow, count: number): DownloadCategorySummary {
  return { slug: row.slug, title: row.title, description: row.description, count };
}

export async function downloadTree(db: Kysely<Database>, reader: Reader): Promise<DownloadTreeResponse> {
  const { rows, own } = await categoriesWithCounts(db, reader);
  const items = rows
    .filter((row) => row.parent_id === null)
    .map((top) => {
      const children = rows.filter((row) => row.parent_id === top.id).map((child) => summaryOf(child, own.get(child.id) ?? 0));
      const total = (own.get(top.id) ?? 0) + children.reduce((sum, child) => sum + child.count, 0);
      return { ...summaryOf(top, total), children };
    });
  return { items };
}

/** A top category (`childSlug` absent) or one of its sub-categories, with the reader's documents. */
export async function downloadCategory(
  db: Kysely<Database>,
  reader: Reader,
  slug: string,
  childSlug: string | undefined,
): Promise<DownloadCategoryResponse> {
  const { rows, own } = await categoriesWithCounts(db, reader);
  const top = rows.find((row) => row.parent_id === null && row.slug === slug);
  if (!top) throw unknownDownloadCategory();
  const children = rows.filter((row) => row.parent_id === top.id);
  const current = childSlug === undefined ? top : children.find((row) => row.slug === childSlug);
  if (!current) throw unknownDownloadCategory();
  const childSummaries = current === top ? children.map((child) => summaryOf(child, own.get(child.id) ?? 0)) : [];
  const count = (own.get(current.id) ?? 0) + childSummaries.reduce((sum, child) => sum + child.count, 0);
  const documents = await db
    .selectFrom("download_documents as d")
    .select(["d.id", "d.title", "d.description", "d.file_name", "d.mime", "d.size_bytes", "d.published_on", "d.restricted"])
    .where("d.category_id", "=", current.id)
    .where(visibleTo(reader))
    .orderBy("d.published_on", "desc")
    .orderBy("d.id", "desc")
    .execute();
  return {
    category: summaryOf(current, count),
    parent: current === top ? null : { slug: top.slug, title: top.title },
    children: childSummaries,
    documents: documents.map((row): DownloadDocument => ({
      id: row.id,
      title: row.title,
      description: row.description,
      file_name: row.file_name,
      mime: row.mime,
      size: row.size_bytes,
      published_on: row.published_on,
      restricted: row.restricted,
    })),
  };
}

export interface StoredFile {
  fileName: string;
  mime: string;
  sha256: string;
  content: Uint8Array;
}

/** The bytes of a document the reader may have; anything else, another organization's price list included, is a 404. */
export async function documentFile(db: Kysely<Database>, reader: Reader, id: number | null): Promise<StoredFile> {
  if (id === null) throw notFound();
  const row = await db
    .selectFrom("download_documents as d")
    .select(["d.file_name", "d.mime", "d.sha256", "d.content"])
    .where("d.id", "=", id)
    .where(visibleTo(reader))
    .executeTakeFirst();
  if (!row) throw notFound();
  return { fileName: row.file_name, mime: row.mime, sha256: row.sha256, content: row.content };
}
