import { z } from "zod";
import { isoDate, isoDateTime, page, pageOf } from "./primitives";

/**
 * The distributor's published content (docs/content.md): news items in categories, and
 * documents to download in categories of two levels. Every signed-in user reads them; a
 * document may be restricted to some organizations or need the `prices` flag
 * (docs/decisions/0122-access-to-documents.md). A news body is a list of plain-text blocks,
 * never HTML (docs/decisions/0121-news-and-download-storage.md).
 */

// ---- pieces ------------------------------------------------------------------------------

/** A URL segment: lower-case words joined by hyphens, as the portal's paths are. */
export const contentSlug = z
  .string()
  .max(80, "Un identifiant d'adresse compte au plus 80 caractères.")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Identifiant d'adresse invalide (minuscules, chiffres et tirets).");

/** A plain text shown as is: no control character (a body's lines are separate blocks). */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Ce texte est obligatoire.")
    .max(max, `Ce texte compte au plus ${max} caractères.`)
    .regex(/^\P{Cc}*$/u, "Le texte ne doit pas contenir de caractères de contrôle.");

/**
 * A path of this site, never another origin: the portal's pages and its public files only
 * (the content security policy loads pictures from this origin alone).
 */
export const sitePath = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)[A-Za-z0-9\-._~/%]*(?:\?[A-Za-z0-9\-._~%=&]*)?$/, "Une adresse de ce site est attendue (elle commence par « / »).");

/** A picture of the site's own files, with the text that replaces it for those who cannot see it. */
export const contentPicture = z
  .object({
    url: sitePath.refine((url) => /\.(?:svg|png|jpe?g|webp)$/.test(url), "Une image SVG, PNG, JPEG ou WebP est attendue."),
    alt: plainText(200),
  })
  .strict();
export type ContentPicture = z.infer<typeof contentPicture>;

/**
 * One block of a news body. Text only: the portal renders each as a React text node, so a
 * « <script> » in a title or a paragraph is shown, never run.
 */
export const newsBlock = z.discriminatedUnion("type", [
  z.object({ type: z.literal("paragraph"), text: plainText(2000) }).strict(),
  z.object({ type: z.literal("heading"), text: plainText(120) }).strict(),
  z.object({ type: z.literal("list"), items: z.array(plainText(400)).min(1).max(20) }).strict(),
  /** A link to a page of the portal (a product range, a download): never to another site. */
  z.object({ type: z.literal("link"), text: plainText(120), href: sitePath }).strict(),
]);
export type NewsBlock = z.infer<typeof newsBlock>;
export const newsBody = z.array(newsBlock).min(1).max(40);

// ---- news --------------------------------------------------------------------------------

export const newsCategory = z
  .object({
    slug: contentSlug,
    title: z.string(),
    description: z.string(),
    /** Items published in it to date. */
    count: z.number().int().nonnegative(),
  })
  .strict();
export type NewsCategory = z.infer<typeof newsCategory>;

export const newsCategoriesResponse = z.object({ items: z.array(newsCategory) }).strict();
export type NewsCategoriesResponse = z.infer<typeof newsCategoriesResponse>;

export const newsSummary = z
  .object({
    id: z.number().int().positive(),
    slug: contentSlug,
    title: z.string(),
    summary: z.string(),
    /** When it was (or is) published; items of the future are not answered yet. */
    published_at: isoDateTime,
    category: z.object({ slug: contentSlug, title: z.string() }).strict(),
    picture: contentPicture,
  })
  .strict();
export type NewsSummary = z.infer<typeof newsSummary>;

export const newsItem = newsSummary.extend({ body: newsBody }).strict();
export type NewsItem = z.infer<typeof newsItem>;

export const NEWS_PAGE_SIZE = 9;

/** GET /api/content/news: every category's items, or one category's, newest first. */
export const newsListQuery = z
  .object({
    category: contentSlug.optional(),
    page,
    size: z.coerce.number().int().min(1, "Au moins un article par page.").max(50, "Au plus 50 articles par page.").default(NEWS_PAGE_SIZE),
  })
  .strict();
export type NewsListQuery = z.infer<typeof newsListQuery>;

export const newsListResponse = pageOf(newsSummary)
  .extend({
    /** The category asked for, or null for all of them. */
    category: newsCategory.nullable(),
  })
  .strict();
export type NewsListResponse = z.infer<typeof newsListResponse>;

// ---- downloads ---------------------------------------------------------------------------

export const downloadDocument = z
  .object({
    id: z.number().int().positive(),
    title: z.string(),
    description: z.string(),
    /** The name the file is saved under. */
    file_name: z.string(),
    /** Its media type (application/pdf for every demo document). */
    mime: z.string(),
    /** Its size in bytes. */
    size: z.number().int().nonnegative(),
    published_on: isoDate,
    /** Published for some organizations only (the caller's is one of them). */
    restricted: z.boolean(),
  })
  .strict();
export type DownloadDocument = z.infer<typeof downloadDocument>;

export const downloadCategorySummary = z
  .object({
    slug: contentSlug,
    title: z.string(),
    description: z.string(),
    /** Documents the caller may download in it (a top category: its sub-categories' too). */
    count: z.number().int().nonnegative(),
  })
  .strict();
export type DownloadCategorySummary = z.infer<typeof downloadCategorySummary>;

/** GET /api/content/downloads: the top categories with their sub-categories. */
export const downloadTreeResponse = z
  .object({ items: z.array(downloadCategorySummary.extend({ children: z.array(downloadCategorySummary) }).strict()) })
  .strict();
export type DownloadTreeResponse = z.infer<typeof downloadTreeResponse>;

/** GET /api/content/downloads/categories/:slug[/:child]: one category and what it holds. */
export const downloadCategoryResponse = z
  .object({
    category: downloadCategorySummary,
    /** The top category of a sub-category; null for a top category. */
    parent: z.object({ slug: contentSlug, title: z.string() }).strict().nullable(),
    /** A top category's sub-categories (none under a sub-category). */
    children: z.array(downloadCategorySummary),
    /** Its own documents the caller may download, newest first. */
    documents: z.array(downloadDocument),
  })
  .strict();
export type DownloadCategoryResponse = z.infer<typeof downloadCategoryResponse>;
