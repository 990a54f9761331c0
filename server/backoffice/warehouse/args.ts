import { parseArgs } from "node:util";

/** A mistake in the command line: the usage is printed, the exit code is 2. */
export class UsageError extends Error {}

export const USAGE = `Usage : npm run warehouse -- <commande> [options]

  list [--status S] [--client C0001] [--page N]   commandes, les plus récentes d'abord
  show CMD-…                                      une commande : lignes, expéditions, historique
  accept CMD-… [--date D] [--note T]              commande acceptée
  prepare CMD-… [--date D] [--note T]             commande en préparation
  ship CMD-… --line REF=QTÉ [--line …] | --all    expédition (partielle ou non)
       --carrier T [--tracking N] [--url U] [--date D]
  deliver CMD-… [--date D] [--note T]             commande livrée
  cancel CMD-… [--line REF] [--reason T]          annule la commande, ou le reliquat d'une ligne
  stock REF=QTÉ [--next-date D] [--next-qty N]    arrivée de stock (rend des reliquats disponibles)
  requests [--status S]                           demandes d'annulation (en attente par défaut)
  grant N [--message T]                           accepte la demande N : reliquat annulé
  refuse N --message T                            refuse la demande N
  token NOM | token --revoke NOM                  crée (ou révoque) un jeton de service, en base

  returns [--status S] [--client C0001] [--page N] retours, les plus récents d'abord
  return-show RET-…                               un retour : lignes, étapes, avoirs ou échange
  return-accept RET-… [--note T] [--date D]       retour accepté (le client peut imprimer son bon de retour)
  return-refuse RET-… --reason T [--date D]       retour refusé, avec le motif dit au client
  return-receive RET-… --line REF=QTÉ [--line …] | --all [--note T] [--date D]
                                                  quantités reçues (une ligne absente : rien reçu)
  return-credit RET-… [--fee PCT] [--credit-note N …] [--date D]
                                                  avoir des articles reçus, moins les frais de remise
                                                  en stock (--fee : autre taux que celui du motif ;
                                                  --credit-note : avoirs de l'ERP, INVOICES_ISSUED_BY=erp)
  return-exchange RET-… --carrier T [--tracking N] [--url U] [--date D]
                                                  articles de remplacement expédiés

Dates : AAAA-MM-JJ ou un instant ISO 8601. Portail : UPSTREAM_URL (http://127.0.0.1:3000).
Jeton : WAREHOUSE_TOKEN, sinon le fichier data/warehouse-token, sinon celui de la démo.`;

export interface Command {
  verb: string;
  positionals: string[];
  options: {
    line?: string[];
    all?: boolean;
    carrier?: string;
    tracking?: string;
    url?: string;
    date?: string;
    note?: string;
    reason?: string;
    status?: string;
    client?: string;
    page?: string;
    message?: string;
    "next-date"?: string;
    "next-qty"?: string;
    fee?: string;
    "credit-note"?: string[];
    revoke?: boolean;
    help?: boolean;
  };
}

export function parseCommand(argv: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        line: { type: "string", multiple: true },
        all: { type: "boolean" },
        carrier: { type: "string" },
        tracking: { type: "string" },
        url: { type: "string" },
        date: { type: "string" },
        note: { type: "string" },
        reason: { type: "string" },
        status: { type: "string" },
        client: { type: "string" },
        page: { type: "string" },
        message: { type: "string" },
        "next-date": { type: "string" },
        "next-qty": { type: "string" },
        fee: { type: "string" },
        "credit-note": { type: "string", multiple: true },
        revoke: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const [verb = "help", ...positionals] = parsed.positionals;
  return { verb, positionals, options: parsed.values };
}

/** "REF=QTÉ" → reference and a positive whole quantity (or nought, when `zero` allows it: a reception). */
export function parseQuantity(raw: string, zero = false): { obj_ref: string; qty: number } {
  const match = /^(.+)=(\d{1,7})$/.exec(raw.trim());
  const qty = Number(match?.[2]);
  if (!match?.[1] || !(qty > 0 || (zero && qty === 0)))
    throw new UsageError(`« ${raw} » : attendu RÉFÉRENCE=QUANTITÉ (par exemple MOT-1234=2).`);
  return { obj_ref: match[1].trim(), qty };
}

/** The one positional argument a verb needs (an order number, a request number…). */
export function single(command: Command, what: string): string {
  const [value, ...extra] = command.positionals;
  if (!value) throw new UsageError(`${command.verb} : indiquez ${what}.`);
  if (extra.length > 0) throw new UsageError(`${command.verb} : argument en trop « ${extra.join(" ")} ».`);
  return value;
}

/** A percentage from 0 to 100 (a restocking fee). */
export function percentage(raw: string | undefined, what: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw.replace(/\s*%$/, ""));
  if (!/^\d{1,3}(\s*%)?$/.test(raw) || value > 100)
    throw new UsageError(`${what} : un pourcentage entier de 0 à 100 est attendu, pas « ${raw} ».`);
  return value;
}

export function positiveInteger(raw: string | undefined, what: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new UsageError(`${what} : un entier positif est attendu, pas « ${raw} ».`);
  return Number(raw);
}
