import { data } from "@remix-run/node";
import { z } from "zod";
import type { Address } from "@shared/contracts/entities";
import { addressInput, updateMeRequest } from "@shared/contracts/users";
import { permissionsOf } from "@shared/domain/index";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, redirectWithToast } from "~/services/forms/index.server";
import { requireUser, type ActiveUser, type GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { AddressField, AddressValues, AddressView, DetailsField, PersonalInfoRefusal, PersonalInfoView } from "./types";
import { readForm } from "~/services/forms/read.server";

export const PERSONAL_INFO_PATH = "/mon-compte/informations-personnelles";

const ADDRESS_FIELDS = [
  "adr_name",
  "adr_line1",
  "adr_line2",
  "adr_zipcode",
  "adr_city",
  "adr_country",
  "adr_phone",
] as const satisfies readonly AddressField[];
const DETAILS_FIELDS = ["name", "title", "email", "phone"] as const satisfies readonly DetailsField[];

/** The message of an address change the page does not offer: the head office is read-only. */
export const INVOICING_READ_ONLY = "L'adresse de facturation est celle du siège : pour la changer, contactez votre commercial.";
/** What a contributor on its own account is told: the addresses are a client's. */
export const CHOOSE_CLIENT_FIRST =
  "Choisissez d'abord le client pour lequel vous agissez : les adresses sont celles d'une organisation cliente.";

/**
 * Whoever is logged in may open the page (its own details). `orgId` is the organization whose
 * addresses it manages: its own, or the client chosen by login-as; null for a contributor on
 * its own account, whose organization is the distributor (no address to manage here).
 */
export interface PersonalInfoUser extends ActiveUser {
  orgId: number | null;
  /** The addresses are changed by an account with `cart`, which prepares the cart's delivery (decision 0133). */
  addressesEditable: boolean;
}

/** What a people account without `cart` is told: the back-office refuses it too. */
export const ADDRESSES_READ_ONLY = "Votre compte ne permet pas de modifier les adresses de livraison.";

export async function requirePersonalInfoUser(args: GuardArgs): Promise<PersonalInfoUser> {
  const active = await requireUser(args);
  const { user, master } = active.session;
  return {
    ...active,
    orgId: user.obj_class === "contributor" ? null : user.auth_org_id,
    addressesEditable: permissionsOf(user, master).canUpdateCart,
  };
}

function valuesOf(address: Address): AddressValues {
  return {
    adr_name: address.adr_name,
    adr_line1: address.adr_line1,
    adr_line2: address.adr_line2,
    adr_zipcode: address.adr_zipcode,
    adr_city: address.adr_city,
    adr_country: address.adr_country,
    adr_phone: address.adr_phone,
  };
}

/** The head office may be missing upstream (a 404): the page says so instead of failing. */
async function invoicingOf(user: PersonalInfoUser, orgId: number): Promise<Address | null> {
  try {
    return await user.upstream.crm.getInvoicingAddress(orgId);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    return asRouteError(error);
  }
}

/** The organization's addresses: the head office apart (read-only, decision 0071), the others editable. */
async function addressesOf(user: PersonalInfoUser, orgId: number): Promise<Pick<PersonalInfoView, "addresses" | "invoicing">> {
  const [addresses, invoicing] = await Promise.all([user.upstream.crm.listAddresses(orgId).catch(asRouteError), invoicingOf(user, orgId)]);
  return {
    addresses: addresses.flatMap((address): AddressView[] =>
      address.obj_id === undefined || address.obj_id === invoicing?.obj_id ? [] : [{ id: address.obj_id, ...valuesOf(address) }],
    ),
    invoicing: invoicing ? valuesOf(invoicing) : null,
  };
}

export async function loadPersonalInfo(user: PersonalInfoUser): Promise<PersonalInfoView> {
  const [me, addresses] = await Promise.all([
    user.upstream.users.me().catch(asRouteError),
    user.orgId === null ? null : addressesOf(user, user.orgId),
  ]);
  return {
    details: { name: me.name, title: me.title, email: me.email, phone: me.phone, nameEditable: me.name_editable },
    addresses: addresses?.addresses ?? null,
    invoicing: addresses?.invoicing ?? null,
    actingFor: user.session.master ? user.session.user.obj_name : null,
    addressesEditable: user.addressesEditable,
  };
}

const addressId = z
  .string()
  .regex(/^\d{1,9}$/, "Adresse inconnue.")
  .transform(Number);
const text = z.string().max(400);
const addressFields = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, text.default("")])) as Record<
  AddressField,
  z.ZodDefault<z.ZodString>
>;

const pageForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("infos"),
    name: text.default(""),
    title: text.default(""),
    email: text.default(""),
    phone: text.default(""),
  }),
  z.object({ intent: z.literal("adresse-ajouter"), ...addressFields }),
  z.object({ intent: z.literal("adresse-modifier"), adresse: addressId, ...addressFields }),
  z.object({ intent: z.literal("adresse-supprimer"), adresse: addressId }),
]);

function refusal(form: string, message: string, errors: PersonalInfoRefusal["errors"], values: Record<string, string>, status = 400) {
  return data<PersonalInfoRefusal>({ ok: false, form, message, errors, values }, { status });
}

/** The contract's issues, each on its field; the first message for the form's alert. */
function issuesOf<F extends string>(error: z.ZodError, fields: readonly F[]): { message: string; errors: Partial<Record<F, string>> } {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (fields as readonly string[]).includes(field) && !(field in errors))
      errors[field as F] = issue.message;
  }
  return { message: error.issues[0]?.message ?? "Vérifiez le formulaire.", errors };
}

/** A refusal upstream stays on the form (nothing typed lost); a 404 or an outage stops the page. */
function upstreamRefusal(error: unknown, form: string, values: Record<string, string>) {
  if (error instanceof UpstreamError && !error.isUnavailable && error.status !== 404 && error.status !== 403)
    return refusal(form, error.message, {}, values, error.status);
  return asRouteError(error);
}

/** Whether `addressId` is the head office, which the page shows read-only. */
async function isInvoicingAddress(user: PersonalInfoUser, orgId: number, addressId: number): Promise<boolean> {
  const invoicing = await invoicingOf(user, orgId);
  return invoicing?.obj_id === addressId;
}

/**
 * POST /mon-compte/informations-personnelles: the account's details, or one of the
 * organization's delivery addresses (add, edit, remove). The contract's schemas check the phone
 * and the French postal code as the back-office will; a refused form comes back with its
 * messages next to the fields and what was typed, nothing saved. A removal the back-office
 * refuses (an open order or the saved cart names the address: 409) comes back as a toast.
 */
export async function personalInfoAction(user: PersonalInfoUser, context: PortalLoadContext, request: Request) {
  const parsed = parseForm(await readForm(request), pageForm);
  if (!parsed.ok) return redirectWithToast(context, PERSONAL_INFO_PATH, { type: "error", message: parsed.formError });
  const form = parsed.data;
  const done = (message: string) => redirectWithToast(context, PERSONAL_INFO_PATH, { type: "success", message });
  const fail = (message: string) => redirectWithToast(context, PERSONAL_INFO_PATH, { type: "error", message });
  const { users, crm } = user.upstream;

  if (form.intent === "infos") {
    // An organization account's name is the organization's: its form has no name field, and
    // the back-office ignores the one sent (the contract still wants one).
    const name = user.session.user.obj_class === "organization" ? user.session.user.obj_name : form.name;
    const values = { name, title: form.title, email: form.email, phone: form.phone };
    const checked = updateMeRequest.safeParse(values);
    if (!checked.success) {
      const { message, errors } = issuesOf(checked.error, DETAILS_FIELDS);
      return refusal("infos", message, errors, values);
    }
    try {
      await users.updateMe(checked.data);
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 409)
        return refusal("infos", error.message, { email: error.message }, values, 409);
      return upstreamRefusal(error, "infos", values);
    }
    return done("Vos coordonnées sont enregistrées.");
  }

  const orgId = user.orgId;
  if (orgId === null) return fail(CHOOSE_CLIENT_FIRST);
  if (!user.addressesEditable) return fail(ADDRESSES_READ_ONLY);

  if (form.intent === "adresse-supprimer") {
    if (await isInvoicingAddress(user, orgId, form.adresse)) return fail(INVOICING_READ_ONLY);
    try {
      await users.deleteAddress(orgId, form.adresse);
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 409) return fail(error.message);
      return asRouteError(error);
    }
    return done("Adresse supprimée.");
  }

  const key = form.intent === "adresse-modifier" ? String(form.adresse) : "adresse-ajouter";
  const values: AddressValues = {
    adr_name: form.adr_name,
    adr_line1: form.adr_line1,
    adr_line2: form.adr_line2,
    adr_zipcode: form.adr_zipcode,
    adr_city: form.adr_city,
    adr_country: form.adr_country.trim().toUpperCase(),
    adr_phone: form.adr_phone,
  };
  const trimmed = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()]));
  const checked = addressInput.safeParse({ org_id: orgId, ...trimmed });
  if (!checked.success) {
    const { message, errors } = issuesOf(checked.error, ADDRESS_FIELDS);
    return refusal(key, message, errors, values);
  }
  if (form.intent === "adresse-modifier" && (await isInvoicingAddress(user, orgId, form.adresse))) return fail(INVOICING_READ_ONLY);
  try {
    if (form.intent === "adresse-modifier") {
      await users.updateAddress(form.adresse, { ...checked.data, org_id: orgId });
      return done("Adresse enregistrée.");
    }
    const { created } = await crm.createAddress({ ...checked.data, org_id: orgId });
    return done(created ? "Adresse ajoutée." : "Cette adresse est déjà enregistrée : elle n'a pas été ajoutée une seconde fois.");
  } catch (error) {
    return upstreamRefusal(error, key, values);
  }
}
