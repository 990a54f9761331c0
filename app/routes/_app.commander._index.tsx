import { redirect } from "@remix-run/node";

/** `/commander` alone is the start of the checkout: its first step. */
export function loader() {
  return redirect("/commander/livraison", 302);
}
