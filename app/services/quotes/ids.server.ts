import { data } from "@remix-run/node";

export function notFound(): never {
  throw data({ message: null }, { status: 404 });
}

/** A database id from the URL or a form (a positive int4), else null. */
export function idOf(value: string | undefined | null): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2147483647) return null;
  return Number(value);
}

/** The URL's id, or a 404 page. */
export function requireId(value: string | undefined): number {
  const id = idOf(value);
  if (id === null) notFound();
  return id;
}
