import * as clients from "~/routes/clients";
import { cookieJar, formRequest } from "../portal/harness";
import { openStep, postStep, confirmFields } from "./flow";
import type { CheckoutBackoffice } from "./harness";

/** Confirming, and what a confirmation left behind, for the confirmation tests. */

export async function confirm(backoffice: CheckoutBackoffice, cookie: string, fields: Record<string, string>) {
  const outcome = await postStep(backoffice, "recapitulatif", fields, cookie);
  if (outcome.kind !== "redirect") throw new Error("the confirmation must always answer with a redirect");
  return outcome;
}

export async function confirmNow(backoffice: CheckoutBackoffice, cookie: string) {
  return confirm(backoffice, cookie, await confirmFields(backoffice, cookie));
}

export async function orgIdOf(backoffice: CheckoutBackoffice, ref: string): Promise<number> {
  return (await backoffice.db.selectFrom("organizations").select("id").where("ref", "=", ref).executeTakeFirstOrThrow()).id;
}

export async function userIdOf(backoffice: CheckoutBackoffice, login: string): Promise<{ id: number; name: string }> {
  return backoffice.db.selectFrom("users").select(["id", "name"]).where("login", "=", login).executeTakeFirstOrThrow();
}

export async function lastOrder(backoffice: CheckoutBackoffice, orgId: number) {
  return backoffice.db.selectFrom("orders").selectAll().where("org_id", "=", orgId).orderBy("id", "desc").executeTakeFirstOrThrow();
}

export async function cartRow(backoffice: CheckoutBackoffice, orgId: number) {
  const row = await backoffice.db.selectFrom("carts").select(["data", "version"]).where("org_id", "=", orgId).executeTakeFirstOrThrow();
  return { version: row.version, products: (row.data as { products: { obj_ref: string; prd_is_port: boolean }[] }).products };
}

/** A contributor's cookie after choosing the client `ref` in /clients. */
export async function actingFor(backoffice: CheckoutBackoffice, contributorCookie: string, ref: string): Promise<string> {
  const slave = await orgIdOf(backoffice, ref);
  const request = formRequest("/clients", { intent: "login-as", slave_id: String(slave) }, contributorCookie);
  const response = await clients.action({ request, context: backoffice.context(), params: {} });
  return cookieJar(contributorCookie, response);
}

export async function summaryOf(backoffice: CheckoutBackoffice, cookie: string) {
  const page = await openStep(backoffice, "recapitulatif", cookie);
  if (page.kind !== "data") throw new Error(`summary redirected to ${page.location}`);
  return page.data.summary;
}
