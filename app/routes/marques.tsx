import { redirect } from "@remix-run/node";

/** /marques has no page of its own (docs/specification.md §2): the brand list lives in the catalogue. */
export function loader() {
  return redirect("/catalogue/marques", 301);
}
