import * as consignes from "~/routes/_app.commander.consignes";
import * as livraison from "~/routes/_app.commander.livraison";
import * as recapitulatif from "~/routes/_app.commander.recapitulatif";
import * as terminer from "~/routes/_app.commander.terminer";
import { cookieFor, dataOf, flashOf, postAdd, postCart } from "../cart/cart-flow";
import { cookieJar, formRequest, pageRequest } from "../portal/harness";
import type { CheckoutBackoffice } from "./harness";

/** Plain-Request drivers of the four checkout routes, as a browser without JavaScript uses them. */

export const ROUTES = { livraison, consignes, recapitulatif, terminer } as const;
export type StepName = keyof typeof ROUTES;

type Outcome<T> = { kind: "data"; data: T; status: number } | { kind: "redirect"; location: string; response: Response };

async function settle<T>(run: () => Promise<unknown>): Promise<Outcome<T>> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    if (value.status >= 300 && value.status < 400)
      return { kind: "redirect", location: value.headers.get("location") ?? "", response: value };
    throw new Error(`unexpected ${value.status} answer`);
  }
  const { data, status } = dataOf<T>(value);
  return { kind: "data", data, status };
}

export function openStep<S extends StepName>(backoffice: Pick<CheckoutBackoffice, "context">, step: S, cookie: string) {
  const route = ROUTES[step];
  return settle<Awaited<ReturnType<(typeof route)["loader"]>>>(() =>
    route.loader({ request: pageRequest(`/commander/${step}`, cookie), context: backoffice.context(), params: {} }),
  );
}

export async function postStep(
  backoffice: Pick<CheckoutBackoffice, "context">,
  step: Exclude<StepName, "terminer">,
  fields: Record<string, string>,
  cookie: string,
) {
  const route = ROUTES[step];
  return settle<{ message: string; errors: Record<string, string>; values: Record<string, string> }>(() =>
    route.action({ request: formRequest(`/commander/${step}`, fields, cookie), context: backoffice.context(), params: {} }),
  );
}

export async function flash(backoffice: Pick<CheckoutBackoffice, "context">, outcome: Outcome<unknown>): Promise<string | null> {
  return outcome.kind === "redirect" ? ((await flashOf(backoffice, outcome.response))?.message ?? null) : null;
}

/** Empties the organization's cart, then adds each product id with its quantity. */
export async function fillCart(backoffice: Pick<CheckoutBackoffice, "context">, cookie: string, items: [number, number][]): Promise<void> {
  await postCart(backoffice, cookie, { intent: "clear" });
  await postCart(backoffice, cookie, { intent: "options" });
  for (const [id, qty] of items) await postAdd(backoffice, cookie, { productId: String(id), qty: String(qty) });
}

/** Delivery (the first listed address) and instructions saved: the cookie that reaches the summary. */
export async function throughInstructions(
  backoffice: Pick<CheckoutBackoffice, "context">,
  cookie: string,
  instructions: Record<string, string> = {},
): Promise<string> {
  const page = await openStep(backoffice, "livraison", cookie);
  if (page.kind !== "data") throw new Error(`delivery step redirected to ${page.location}`);
  const first = page.data.addresses[0];
  if (!first?.obj_id) throw new Error("no address");
  const delivered = await postStep(backoffice, "livraison", { intent: "address", address: String(first.obj_id) }, cookie);
  if (delivered.kind !== "redirect") throw new Error(`delivery refused: ${delivered.data.message}`);
  const saved = await postStep(backoffice, "consignes", { ref: "", comments: "", notes: "", ...instructions }, cookie);
  if (saved.kind !== "redirect") throw new Error(`instructions refused: ${saved.data.message}`);
  return cookieJar(cookie, saved.response);
}

/** The confirm form's fields as the summary page draws them. */
export async function confirmFields(backoffice: Pick<CheckoutBackoffice, "context">, cookie: string): Promise<Record<string, string>> {
  const page = await openStep(backoffice, "recapitulatif", cookie);
  if (page.kind !== "data") throw new Error(`summary redirected to ${page.location}`);
  const confirm = page.data.summary.confirm;
  if (!confirm) throw new Error(`not confirmable: ${page.data.summary.problems.map((problem) => problem.message).join(" ")}`);
  return { version: String(confirm.version), key: confirm.key };
}

export { cookieFor };
