import { z } from "zod";
import { checkSiret, checkVatNumber, vatSiretMismatch, type IdCheck } from "../domain/company-ids";
import { postalCodeProblem } from "../domain/contact-details";
import { MAX_PASSWORD_LENGTH } from "../domain/password";
import { accountingCategory, paymentTerms } from "./imports";
import { phoneInput } from "./users";
import { emailAddress, isoDateTime } from "./primitives";

/**
 * What visitors send without an account (docs/requests.md, docs/backoffice-api.md « Requests »):
 * a contact message, an account opening request, a password reset. The portal's forms and the
 * back-office check them with these same schemas. Text is kept as typed (trimmed), never
 * interpreted: the pages and e-mails escape it.
 */

/** One line of text: no control character (a line break in a name would end up in a subject). */
function singleLine(label: { required: string; tooLong: string }, max: number) {
  return z
    .string({ error: label.required })
    .trim()
    .min(1, label.required)
    .max(max, label.tooLong)
    .regex(/^[^\p{Cc}]*$/u, "Ce champ ne peut contenir qu'une ligne de texte.");
}

/** A multi-line text: line breaks and tabs allowed, no other control character. */
function multiLine(label: { required?: string; tooLong: string }, max: number) {
  const base = z.string({ error: label.required ?? "Texte invalide." }).trim();
  const sized = label.required ? base.min(1, label.required) : base;
  return sized.max(max, label.tooLong).regex(/^(?:[^\p{Cc}]|[\t\n\r])*$/u, "Ce texte contient des caractères non autorisés.");
}

const emailInput = emailAddress("Indiquez votre adresse e-mail.");

export const REQUEST_LIMITS = { message: 5000, name: 100, company: 150, street: 200, city: 100, note: 1000 } as const;

// ── Contact ─────────────────────────────────────────────────────────────────────────────────

export const CONTACT_SUBJECTS = ["commande", "livraison", "facturation", "produit", "autre"] as const;
export const contactSubject = z.enum(CONTACT_SUBJECTS, { error: "Choisissez l'objet de votre message." });
export type ContactSubject = z.infer<typeof contactSubject>;
export const CONTACT_SUBJECT_LABELS: Readonly<Record<ContactSubject, string>> = {
  commande: "Une commande",
  livraison: "Une livraison",
  facturation: "La facturation",
  produit: "Un produit",
  autre: "Autre demande",
};

/** POST /api/crm/contact-requests (public; with a bearer token, the message is tied to its account). */
export const contactRequest = z
  .object({
    subject: contactSubject,
    message: multiLine(
      { required: "Écrivez votre message.", tooLong: `Le message ne peut pas dépasser ${REQUEST_LIMITS.message} caractères.` },
      REQUEST_LIMITS.message,
    ),
    name: singleLine(
      { required: "Indiquez votre nom.", tooLong: `Le nom ne peut pas dépasser ${REQUEST_LIMITS.name} caractères.` },
      REQUEST_LIMITS.name,
    ),
    email: emailInput,
    phone: phoneInput.default(""),
    company: singleLine(
      { required: "Indiquez votre société.", tooLong: `Le nom de la société ne peut pas dépasser ${REQUEST_LIMITS.company} caractères.` },
      REQUEST_LIMITS.company,
    ),
  })
  .strict();
export type ContactRequest = z.infer<typeof contactRequest>;
export type ContactField = keyof z.input<typeof contactRequest>;

/** 201: the message is saved; the e-mails (to the distributor, a copy to the sender) are on their way. */
export const contactReceipt = z.object({ id: z.number().int().positive(), received_at: isoDateTime }).strict();
export type ContactReceipt = z.infer<typeof contactReceipt>;

/** GET /api/erp/contact-requests?limit= (service token): the latest messages, newest first. */
export const contactListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }).strict();
export const contactView = z
  .object({
    id: z.number().int().positive(),
    subject: contactSubject,
    message: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    company: z.string(),
    /** The portal account that wrote it when signed in, else null. */
    usr_id: z.number().int().positive().nullable(),
    org_id: z.number().int().positive().nullable(),
    received_at: isoDateTime,
  })
  .strict();
export type ContactView = z.infer<typeof contactView>;
export const contactListResponse = z.object({ items: z.array(contactView) }).strict();

// ── Account opening ─────────────────────────────────────────────────────────────────────────

export const ACTIVITIES = ["chantier_naval", "shipchandler", "electronicien_marine", "loueur", "autre"] as const;
export const activity = z.enum(ACTIVITIES, { error: "Choisissez votre activité." });
export type Activity = z.infer<typeof activity>;
export const ACTIVITY_LABELS: Readonly<Record<Activity, string>> = {
  chantier_naval: "Chantier naval",
  shipchandler: "Shipchandler",
  electronicien_marine: "Électronicien marine",
  loueur: "Loueur de bateaux",
  autre: "Autre activité",
};

/** France first, then the other member states the distributor delivers to (intra-EU VAT numbers). */
export const COUNTRY_LABELS = {
  FR: "France",
  DE: "Allemagne",
  AT: "Autriche",
  BE: "Belgique",
  BG: "Bulgarie",
  CY: "Chypre",
  HR: "Croatie",
  DK: "Danemark",
  ES: "Espagne",
  EE: "Estonie",
  FI: "Finlande",
  GR: "Grèce",
  HU: "Hongrie",
  IE: "Irlande",
  IT: "Italie",
  LV: "Lettonie",
  LT: "Lituanie",
  LU: "Luxembourg",
  MT: "Malte",
  NL: "Pays-Bas",
  PL: "Pologne",
  PT: "Portugal",
  CZ: "République tchèque",
  RO: "Roumanie",
  SK: "Slovaquie",
  SI: "Slovénie",
  SE: "Suède",
} as const;
export type CountryCode = keyof typeof COUNTRY_LABELS;
const COUNTRY_CODES = Object.keys(COUNTRY_LABELS) as [CountryCode, ...CountryCode[]];
export const country = z.enum(COUNTRY_CODES, { error: "Choisissez le pays de votre siège." });

/** An identifier that may be left empty ('') here; when typed, it is checked and kept compact. */
function optionalId(check: (input: string) => IdCheck, tooLong: string) {
  return z
    .string()
    .max(40, tooLong)
    .default("")
    .transform((input, ctx) => {
      if (input.trim() === "") return "";
      const checked = check(input);
      if (checked.ok) return checked.value;
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    });
}

const accountOpeningFields = z
  .object({
    company: singleLine(
      { required: "Indiquez la raison sociale.", tooLong: `La raison sociale ne peut pas dépasser ${REQUEST_LIMITS.company} caractères.` },
      REQUEST_LIMITS.company,
    ),
    siret: optionalId(checkSiret, "Le SIRET est composé de 14 chiffres."),
    vat_number: optionalId(checkVatNumber, "Le numéro de TVA est trop long."),
    street: singleLine(
      { required: "Indiquez l'adresse du siège.", tooLong: `L'adresse ne peut pas dépasser ${REQUEST_LIMITS.street} caractères.` },
      REQUEST_LIMITS.street,
    ),
    zipcode: z
      .string({ error: "Indiquez le code postal." })
      .trim()
      .min(1, "Indiquez le code postal.")
      .max(12, "Le code postal est trop long."),
    city: singleLine(
      { required: "Indiquez la ville.", tooLong: `La ville ne peut pas dépasser ${REQUEST_LIMITS.city} caractères.` },
      REQUEST_LIMITS.city,
    ),
    country,
    activity,
    contact_name: singleLine(
      {
        required: "Indiquez le nom de la personne à contacter.",
        tooLong: `Le nom ne peut pas dépasser ${REQUEST_LIMITS.name} caractères.`,
      },
      REQUEST_LIMITS.name,
    ),
    email: emailInput,
    phone: phoneInput.refine((value) => value !== "", "Indiquez un numéro de téléphone."),
    message: multiLine(
      { tooLong: `Le message ne peut pas dépasser ${REQUEST_LIMITS.message} caractères.` },
      REQUEST_LIMITS.message,
    ).default(""),
  })
  .strict();

/**
 * POST /api/crm/account-requests (public). A company in France gives its SIRET (Luhn key, La
 * Poste's rule) and may give its VAT number (its key checked, and its SIREN the SIRET's); a
 * company elsewhere in the EU gives its VAT number (format checked) and no SIRET. Each number is
 * judged on its own field first, so every mistake shows at once; both are kept compact
 * (« 732 829 320 00074 » becomes 73282932000074).
 */
export const accountOpeningRequest = accountOpeningFields.transform((value, ctx) => {
  const issue = (path: "siret" | "vat_number" | "zipcode", message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const zipProblem = postalCodeProblem(value.zipcode, value.country);
  if (zipProblem) issue("zipcode", zipProblem);
  if (value.country === "FR") {
    if (value.siret === "") issue("siret", "Indiquez le SIRET de l'établissement (14 chiffres).");
    const mismatch = value.siret && value.vat_number ? vatSiretMismatch(value.vat_number, value.siret) : null;
    if (mismatch) issue("vat_number", mismatch);
  } else {
    if (value.siret !== "") issue("siret", "Le SIRET ne concerne que les entreprises établies en France : laissez ce champ vide.");
    if (value.vat_number === "") issue("vat_number", "Indiquez le numéro de TVA intracommunautaire de votre entreprise.");
  }
  return value;
});
export type AccountOpeningRequest = z.output<typeof accountOpeningRequest>;
export type AccountOpeningField = keyof z.input<typeof accountOpeningFields>;
export const ACCOUNT_OPENING_FIELDS = Object.keys(accountOpeningFields.shape) as AccountOpeningField[];
export const CONTACT_FIELDS = ["subject", "message", "name", "email", "phone", "company"] as const satisfies readonly ContactField[];

export const ACCOUNT_REQUEST_STATES = ["received", "in_review", "accepted", "refused"] as const;
export const accountRequestState = z.enum(ACCOUNT_REQUEST_STATES, { error: "État inconnu : received, in_review, accepted ou refused." });
export type AccountRequestState = z.infer<typeof accountRequestState>;
export const ACCOUNT_REQUEST_STATE_LABELS: Readonly<Record<AccountRequestState, string>> = {
  received: "reçue",
  in_review: "en cours",
  accepted: "acceptée",
  refused: "refusée",
};
/** Where each state may go: an answered request (accepted, refused) is final. */
export const ACCOUNT_REQUEST_MOVES: Readonly<Record<AccountRequestState, readonly AccountRequestState[]>> = {
  received: ["in_review", "accepted", "refused"],
  in_review: ["accepted", "refused"],
  accepted: [],
  refused: [],
};

/** 201: the request is saved (state received); sales and the requester are e-mailed. */
export const accountRequestReceipt = z
  .object({ id: z.number().int().positive(), reference: z.string(), received_at: isoDateTime })
  .strict();
export type AccountRequestReceipt = z.infer<typeof accountRequestReceipt>;

export const accountRequestStep = z.object({ state: accountRequestState, note: z.string(), actor: z.string(), at: isoDateTime }).strict();

/** One request as the distributor's systems read it (GET /api/erp/account-requests…). */
export const accountRequestView = z
  .object({
    id: z.number().int().positive(),
    reference: z.string(),
    state: accountRequestState,
    company: z.string(),
    siret: z.string(),
    vat_number: z.string(),
    street: z.string(),
    zipcode: z.string(),
    city: z.string(),
    country: z.string(),
    activity,
    contact_name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    received_at: isoDateTime,
    updated_at: isoDateTime,
    /** Every state it went through, oldest first (the first is « received »). */
    history: z.array(accountRequestStep),
    /** The customer its acceptance opened (`create_customer`, decision 0179), else null. */
    customer: z.object({ org_id: z.number().int().positive(), reference: z.string() }).strict().nullable(),
  })
  .strict();
export type AccountRequestView = z.infer<typeof accountRequestView>;

export const accountRequestListQuery = z
  .object({ state: accountRequestState.optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();
export const accountRequestListResponse = z.object({ items: z.array(accountRequestView) }).strict();

/**
 * The customer an accepted request opens, in one step (decision 0179): the request gives the
 * company, its SIRET and VAT number, its address and its contact; the call gives the customer's
 * reference and conditions. Without `cat_compta`: « Ventes France » for a company in France,
 * « Ventes CEE » elsewhere in the EU (where requests come from).
 */
export const createCustomerFromRequest = z
  .object({
    reference: z
      .string({ error: "Indiquez la référence du client (reference)." })
      .trim()
      .toUpperCase()
      .min(1, "Indiquez la référence du client (reference).")
      .max(20, "La référence du client : 20 caractères au plus.")
      .regex(/^[^\p{Cc}]*$/u, "La référence du client : caractères de contrôle refusés."),
    cat_compta: accountingCategory.optional(),
    payment_terms: paymentTerms.default({ days: 30, end_of_month: false }),
    free_shipping: z.boolean().default(false),
    integrator: z.boolean().default(false),
    /** The contributors (sales staff) that follow the customer, by their logins. */
    contributors: z.array(emailAddress()).max(20).default([]),
  })
  .strict();
export type CreateCustomerFromRequest = z.infer<typeof createCustomerFromRequest>;

/**
 * POST /api/erp/account-requests/:id/state (service token): the next state and a note for the
 * file; with « accepted », `create_customer` opens the customer and invites its contact.
 */
export const moveAccountRequest = z
  .object({
    state: accountRequestState,
    note: z.string().trim().max(REQUEST_LIMITS.note, `La note ne peut pas dépasser ${REQUEST_LIMITS.note} caractères.`).default(""),
    create_customer: createCustomerFromRequest.optional(),
  })
  .strict()
  .refine((move) => move.create_customer === undefined || move.state === "accepted", {
    message: "create_customer ne vaut qu'avec l'état accepted : on ouvre le compte d'une demande acceptée.",
    path: ["create_customer"],
  });
export type MoveAccountRequest = z.infer<typeof moveAccountRequest>;

/** The move's answer: the request, and with `create_customer` whether the contact's invitation e-mail left. */
export const moveAccountRequestResponse = accountRequestView.extend({ invitation_sent: z.boolean().optional() }).strict();
export type MoveAccountRequestResponse = z.infer<typeof moveAccountRequestResponse>;

// ── Password reset ──────────────────────────────────────────────────────────────────────────

/** How long a reset link lives. */
export const PASSWORD_RESET_LIFETIME_MINUTES = 30;

/** POST /api/auth/password-reset (public): 202 whatever the address, the same answer in the same time. */
export const passwordResetRequest = z.object({ email: emailInput }).strict();

/** A reset link's token as the portal passes it on; its format is judged by the back-office (unknown). */
const resetToken = z.string({ error: "Lien incomplet." }).max(500, "Lien incomplet.");

/** POST /api/auth/password-reset/check (public): whether the link can still be used, and for which login. */
export const passwordResetCheck = z.object({ token: resetToken }).strict();
export const passwordResetInfo = z
  .object({
    email: z.string(),
    expires_at: isoDateTime,
    /** The account and its own organization: the portal closes its live connections once the password is set. */
    usr_id: z.number().int().positive(),
    org_id: z.number().int().positive(),
  })
  .strict();
export type PasswordResetInfo = z.infer<typeof passwordResetInfo>;

/** POST /api/auth/password-reset/confirm (public): 204; the link is used up and every session of the user ends. */
export const passwordResetConfirm = z
  .object({ token: resetToken, password: z.string().min(1, "Choisissez un nouveau mot de passe.").max(MAX_PASSWORD_LENGTH) })
  .strict();
