import { z } from "zod";
import { checkboxField } from "~/services/forms/fields.server";
import type { Address } from "@shared/contracts/entities";
import { changeCart } from "~/services/cart/cart.server";
import { cartFailureOf } from "~/services/cart/failure.server";
import { fieldErrors, newAddressForm, type AddressField } from "./address.server";
import type { CheckoutState } from "./checkout.server";
import type { PortalLoadContext } from "~/services/context.server";
import { UpstreamError } from "~/services/upstream/index.server";

/**
 * The delivery step's forms: the address (one of the organization's, or a new one created
 * first with POST /api/crm/addresses: the step is refused if that fails), and the options
 * (direct delivery, Saturday) whose shipping lines the page recomputes.
 */

const checkbox = checkboxField();

export const deliveryIntent = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("address"),
    address: z.string({ error: "Choisissez une adresse de livraison." }).regex(/^(new|\d{1,9})$/, "Choisissez une adresse de livraison."),
  }),
  z.object({ intent: z.literal("options"), ldd: checkbox, saturday: checkbox }),
]);

export type DeliveryOutcome =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; errors: Partial<Record<AddressField, string>> };

export const ADDRESS_CREATION_FAILED =
  "L'adresse de livraison n'a pas pu être enregistrée : le service est momentanément indisponible. Réessayez dans quelques instants.";

const refused = (status: number, message: string, errors: Partial<Record<AddressField, string>> = {}): DeliveryOutcome => ({ ok: false, status, message, errors });

async function createAddress(state: CheckoutState, fields: Record<string, string>): Promise<Address | DeliveryOutcome> {
  const parsed = newAddressForm.safeParse(fields);
  if (!parsed.success) return refused(400, "Vérifiez la nouvelle adresse de livraison.", fieldErrors(parsed.error));
  try {
    return await state.active.upstream.crm.createAddress({ ...parsed.data, org_id: state.active.session.user.auth_org_id });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.isUnavailable) return refused(503, ADDRESS_CREATION_FAILED);
    return refused(400, `L'adresse de livraison a été refusée : ${error.message}`);
  }
}

async function chosenAddress(state: CheckoutState, choice: string, fields: Record<string, string>): Promise<Address | DeliveryOutcome> {
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
  intent: z.infer<typeof deliveryIntent>,
  fields: Record<string, string>,
): Promise<DeliveryOutcome> {
  try {
    if (intent.intent === "options") {
      await changeCart(context, state.active, { type: "options", options: { lddActive: intent.ldd, saturday: intent.saturday } });
      return { ok: true, message: "Options de livraison enregistrées." };
    }
    const address = await chosenAddress(state, intent.address, fields);
    if ("ok" in address) return address;
    const invoicing = await invoicingAddressOf(state);
    await changeCart(context, state.active, { type: "checkout", details: { dlv_address: address, inv_address: invoicing } });
    return { ok: true, message: "Adresse de livraison enregistrée." };
  } catch (error) {
    const failure = cartFailureOf(error, context, state.active, `checkout-${intent.intent}`);
    return refused(failure.status, failure.message);
  }
}
