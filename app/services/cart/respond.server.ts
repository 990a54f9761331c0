import { redirect } from "@remix-run/node";
import type { z } from "zod";
import type { PortalLoadContext } from "~/services/context.server";
import type { ToastMessage } from "~/services/toast.server";

/** A 303 after a POST (works without JavaScript), carrying a flash message to the next page. */
export async function redirectWithToast(context: PortalLoadContext, location: string, toast: ToastMessage): Promise<Response> {
  return redirect(location, { status: 303, headers: { "Set-Cookie": await context.toasts.set(toast) } });
}

/** The first French reason of a refused form, for a toast. */
export function firstIssue(error: z.ZodError, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}

/** Form fields as strings only: a file where text is expected is simply absent. */
export function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !(key in fields)) fields[key] = value;
  }
  return fields;
}

/** Toast text of one product added: "Gilet (GIL-100) ajouté au panier, quantité 2." */
export function addedMessage(title: string, ref: string, qty: number): string {
  return `${title} (${ref}) ajouté au panier, quantité ${qty}.`.slice(0, 300);
}
