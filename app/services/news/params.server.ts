import { data } from "@remix-run/node";
import { contentSlug } from "@shared/contracts/content";

/** The page that does not exist: the root error page's 404, with or without a reason. */
export function notFound(): never {
  throw data({ message: null }, { status: 404 });
}

/** A slug of the address, or a 404 without asking the back-office (it could name nothing). */
export function slugParam(raw: string | undefined): string {
  const parsed = contentSlug.safeParse(raw);
  if (!parsed.success) notFound();
  return parsed.data;
}

/**
 * `?page=` read leniently, as the account pages do (decision 0105): anything but a positive
 * whole number is the first page. A page past the last is a 404, decided by the list.
 */
export function pageParam(url: URL): number {
  const raw = url.searchParams.get("page") ?? "";
  if (!/^\d{1,5}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
