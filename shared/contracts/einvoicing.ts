import { z } from "zod";
import { isoDateTime, note } from "./primitives";

/**
 * E-invoicing (docs/invoices.md, « Statuts de la plateforme agréée »; decision 0185): since
 * 1 September 2026 invoices travel through a plateforme agréée (PA), which reports each step of
 * an invoice's life with a status of the DGFiP/AFNOR lifecycle. The distributor's systems pass
 * those statuses on (POST /api/erp/invoices/{number}/statuses); the back-office keeps every one
 * (only ever added to) and the customer reads them on the invoice's page.
 */

/** The lifecycle statuses: code and French label, as the reform's specifications name them. */
export const PLATFORM_STATUSES = [
  { code: 200, label: "déposée" },
  { code: 201, label: "émise" },
  { code: 202, label: "reçue" },
  { code: 203, label: "mise à disposition" },
  { code: 204, label: "prise en charge" },
  { code: 205, label: "approuvée" },
  { code: 206, label: "approuvée partiellement" },
  { code: 207, label: "en litige" },
  { code: 208, label: "suspendue" },
  { code: 209, label: "complétée" },
  { code: 210, label: "refusée" },
  { code: 211, label: "paiement transmis" },
  { code: 212, label: "encaissée" },
  { code: 213, label: "rejetée" },
] as const;

export type PlatformStatusCode = (typeof PLATFORM_STATUSES)[number]["code"];
export type PlatformStatusLabel = (typeof PLATFORM_STATUSES)[number]["label"];

/** « encaissée »: the seller has collected the invoice; it reads « payée » from then on (decision 0185). */
export const COLLECTED_STATUS: PlatformStatusCode = 212;

const CODES = PLATFORM_STATUSES.map((status) => status.code) as [PlatformStatusCode, ...PlatformStatusCode[]];
const LABELS = PLATFORM_STATUSES.map((status) => status.label) as [PlatformStatusLabel, ...PlatformStatusLabel[]];

/** « 200 déposée », « 201 émise », … : the list a refusal shows. */
export const PLATFORM_STATUS_CHOICES = PLATFORM_STATUSES.map((status) => `${status.code} « ${status.label} »`).join(", ");

const normalized = (text: string) => text.trim().toLowerCase().normalize("NFC");

/**
 * A status as the platform or the ERP sends it: its code (212 or « 212 ») or its label, case
 * ignored (« Encaissée »); undefined when it is none of the lifecycle's.
 */
export function platformStatusOf(sent: string | number): (typeof PLATFORM_STATUSES)[number] | undefined {
  const text = normalized(String(sent));
  return PLATFORM_STATUSES.find((status) => String(status.code) === text || normalized(status.label) === text);
}

/** The French label of a code. */
export function platformStatusLabel(code: PlatformStatusCode): PlatformStatusLabel {
  const found = PLATFORM_STATUSES.find((status) => status.code === code);
  if (!found) throw new Error(`unknown platform status ${code}`);
  return found.label;
}

// ---- answer pieces ------------------------------------------------------------------------

/** Where the invoice stands on the platform: its latest status (invoiceSummary.platform_status). */
export const platformStatus = z
  .object({
    code: z
      .number()
      .int()
      .refine((code): code is PlatformStatusCode => CODES.includes(code as PlatformStatusCode)),
    label: z.enum(LABELS),
    /** The instant the platform gives for the step. */
    at: isoDateTime,
  })
  .strict();
export type PlatformStatus = z.infer<typeof platformStatus>;

/** One status of the history (invoiceDetail.platform_statuses), oldest first. */
export const platformStatusEntry = platformStatus
  .extend({
    /** The platform's reason or message (a dispute's motive, a rejection's cause), or null. */
    message: z.string().nullable(),
    /** Which plateforme agréée reported it, or null. */
    platform: z.string().nullable(),
    recorded_at: isoDateTime,
    /** The service token that passed it on. */
    author: z.string(),
  })
  .strict();
export type PlatformStatusEntry = z.infer<typeof platformStatusEntry>;

// ---- the distributor's systems: POST /api/erp/invoices/{number}/statuses -------------------

/**
 * A status the platform reported. `status` is a code or a label; an unknown one, or an instant
 * in the future, is a French 422 (checked by the back-office, with the list of statuses).
 */
export const platformStatusRequest = z
  .object({
    status: z.union(
      [z.number().int(), z.string().trim().min(1).max(40)],
      "Indiquez le statut de la plateforme : son code (212) ou son libellé (« encaissée »).",
    ),
    at: isoDateTime.describe("L'instant du statut, ISO 8601 avec son fuseau."),
    message: note(1, 500).optional(),
    platform: z
      .string()
      .trim()
      .min(1)
      .max(80, "Le nom de la plateforme compte au plus 80 caractères.")
      .regex(/^\P{Cc}*$/u, "Le nom de la plateforme ne doit pas contenir de caractères de contrôle.")
      .optional(),
  })
  .strict();
export type PlatformStatusRequest = z.infer<typeof platformStatusRequest>;
