import { z } from "zod";
import type { Address } from "@shared/contracts/entities";
import { cartFailureOf } from "~/services/cart/failure.server";
import { optionsChange, optionsIntent } from "~/services/cart/intents.server";
import { saveCartChange } from "~/services/cart/save.server";
import { changeCart } from "~/services/cart/cart.server";
import { newAddressForm } from "./address.server";
import type { CheckoutState } from "./checkout.server";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, type ParsedForm } from "~/services/forms/parse.server";
import { refused, saved, type Outcome } from "~/services/forms/respond.server";
import { UpstreamError } from "~/services/upstream/index.server";

/**
 * The delivery step's forms: the address (one of the organization's, or a new one created
 * first with POST /api/crm/addresses: the step is refused if that fails), and the options
 * (direct delivery, Saturday) whose shipping lines the page recomputes. The options are the
 * cart's own form and protocol (cart/intents.server.ts): only what the user changed from
 * what the page showed is written (docs/decisions/0090).
 */

export const deliveryIntent = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("address"),
    address: z.string({ error: "Choisissez une adresse de livraison." }).regex(/^(new|\d{1,9})$/, "Choisissez une adresse de livraison."),
  }),
  optionsIntent,
]);

export const ADDRESS_CREATION_FAILED =
  "L'adresse de livraison n'a pas pu être enregistrée : le service est momentanément indisponible. Réessayez dans quelques instants.";

async function createAddress(state: CheckoutState, fields: Record<string, string>): Promise<Address | Outcome> {
  const parsed = parseForm(fields, newAddressForm);
  if (!parsed.ok) return refused(400, "Vérifiez la nouvelle adresse de livraison.", parsed.fieldErrors);
  try {
    // The same address typed again is the one the organization has: no copy (decision 0133).
    const { address } = await state.active.upstream.crm.createAddress({ ...parsed.data, org_id: state.active.session.user.auth_org_id });
    return address;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.isUnavailable) return refused(503, ADDRESS_CREATION_FAILED);
    return refused(400, `L'adresse de livraison a été refusée : ${error.message}`);
  }
}

async function chosenAddress(state: CheckoutState, choice: string, fields: Record<string, string>): Promise<Address | Outcome> {
  if (choice === "new") return createAddress(state, fields);
  const own = await state.active.upstream.crm.listAddresses(state.active.session.user.auth_org_id);
  const found = own.find((candidate) => candidate.obj_id === Number(choice));
  return found ?? refused(400, "Cette adresse n'est pas une adresse de votre compte.");
}

/** The head office, or null when the back-office knows none (the order is then invoiced as usual). */
export async function invoicingAddressOf(state: Pick<CheckoutState, "active">): Promise<Address | null> {
  const { crm } = state.active.upstream;
  return crm.getInvoicingAddress(state.active.session.user.auth_org_id).catch((error: unknown) => {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  });
}

export async function saveDelivery(
  context: PortalLoadContext,
  state: CheckoutState,
  form: ParsedForm<typeof deliveryIntent>,
): Promise<Outcome> {
  if (!form.ok) return refused(400, form.formError);
  const intent = form.data;
  if (intent.intent === "options") {
    return saveCartChange(context, state.active, optionsChange(intent), "Options de livraison enregistrées.", "checkout-options");
  }
  try {
    const address = await chosenAddress(state, intent.address, form.fields);
    if ("ok" in address) return address;
    const invoicing = await invoicingAddressOf(state);
    await changeCart(context, state.active, { type: "checkout", details: { dlv_address: address, inv_address: invoicing } });
    return saved("Adresse de livraison enregistrée.");
  } catch (error) {
    return cartFailureOf(error, context, state.active, "checkout-address");
  }
}
