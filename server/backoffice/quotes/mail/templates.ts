import type { AlertKind } from "@shared/contracts/alerts";
import { alertFooter } from "../../alerts/templates";
import type { QuoteNoticeKind } from "../notifier";
import { compose, type Block, type MailContent } from "./compose";
import { formatDate, formatEuros } from "@shared/domain/french-format";

/**
 * The French e-mails of a quote's life (docs/quotes-mail.md), one per event and audience: the
 * representative(s) hear of what the client did, the requester of what the representative
 * did, and of the reminder before the proposal expires. Pure functions of the facts the
 * notifier read once the change committed.
 */

export type QuoteMailKind = QuoteNoticeKind | "reminder";

export interface QuoteMailFacts {
  number: string;
  customerRef: string;
  orgName: string;
  orgRef: string;
  /** Who did it (the latest event's or message's author). */
  actorName: string;
  /** The proposal in force, when there is one. */
  proposal: { version: number; validUntil: string; totalHt: number; lineCount: number } | null;
  /** What was written with the event: the message, the question, the answer, the reason. */
  body: string | null;
  /** Accepted lines, as « réf. — désignation × qté ». */
  acceptedLines: string[];
  /** Days until the validity date (reminder). */
  daysLeft: number | null;
}

export interface Audience {
  side: "client" | "commercial";
  /** The page of the quote for this side: an absolute URL, or a path when no portal address is set. */
  link: string;
  /** False for an account without `prices` (decision 0107): no amount in its e-mail. */
  showPrices: boolean;
  /**
   * Sent as this alert (the client's organization account, alerts/quote-gate.ts): the e-mail
   * ends with why it was received and the portal's unsubscribe link, as every alert does.
   */
  alert?: { kind: AlertKind; unsubscribe: string };
}

function reference(facts: QuoteMailFacts, audience: Audience): Array<[string, string]> {
  const rows: Array<[string, string]> = [["Devis", facts.number]];
  if (audience.side === "commercial") rows.push(["Client", `${facts.orgName} (${facts.orgRef})`]);
  rows.push([audience.side === "client" ? "Votre référence" : "Référence du client", facts.customerRef]);
  return rows;
}

function proposalRows(facts: QuoteMailFacts, audience: Audience): Array<[string, string]> {
  if (!facts.proposal) return [];
  const rows: Array<[string, string]> = [
    ["Version", String(facts.proposal.version)],
    ["Valable jusqu'au", formatDate(facts.proposal.validUntil)],
    ["Lignes", String(facts.proposal.lineCount)],
  ];
  if (audience.showPrices) rows.push(["Total HT", formatEuros(facts.proposal.totalHt)]);
  return rows;
}

function quoted(facts: QuoteMailFacts, author: string): Block[] {
  return facts.body && facts.body.trim() !== "" ? [{ kind: "quote", author, body: facts.body }] : [];
}

const CUSTOMER_LINK = "Voir le devis dans votre espace client";
const SALES_LINK = "Ouvrir la demande";

function linkOf(audience: Audience): Block {
  return { kind: "link", label: audience.side === "client" ? CUSTOMER_LINK : SALES_LINK, href: audience.link };
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count > 1 ? many : one}`;
}

/** The e-mail of `kind` for one audience. */
export function quoteMail(kind: QuoteMailKind, facts: QuoteMailFacts, audience: Audience): MailContent {
  const refs: Block = { kind: "facts", rows: reference(facts, audience) };
  const link = linkOf(audience);
  const client = audience.side === "client";
  const end = audience.alert ? alertFooter(audience.alert.kind, audience.alert.unsubscribe) : [];
  const mail = (subject: string, greeting: string, blocks: Block[]): MailContent => compose(subject, greeting, [...blocks, ...end]);
  switch (kind) {
    case "requested":
      return mail(`Nouvelle demande de devis ${facts.number} — ${facts.orgName}`, "Bonjour,", [
        { kind: "paragraph", text: `${facts.actorName} (${facts.orgName}) demande un devis.` },
        refs,
        ...quoted(facts, facts.actorName),
        link,
      ]);
    case "information_requested":
      return mail(`Informations demandées pour votre devis ${facts.number}`, "Bonjour,", [
        { kind: "paragraph", text: `Pour établir votre devis, ${facts.actorName} a besoin de précisions.` },
        refs,
        ...quoted(facts, facts.actorName),
        { kind: "paragraph", text: "Répondez depuis la page du devis : votre réponse relance son étude." },
        link,
      ]);
    case "information_given":
      return mail(`Demande de devis ${facts.number} complétée — ${facts.orgName}`, "Bonjour,", [
        { kind: "paragraph", text: `${facts.actorName} (${facts.orgName}) a répondu à votre demande d'informations.` },
        refs,
        ...quoted(facts, facts.actorName),
        link,
      ]);
    case "proposed":
    case "revised": {
      const revised = kind === "revised";
      return mail(
        revised
          ? `Votre devis ${facts.number} a été révisé (version ${facts.proposal?.version ?? ""})`
          : `Votre devis ${facts.number} est prêt`,
        "Bonjour,",
        [
          {
            kind: "paragraph",
            text: revised
              ? `${facts.actorName} a révisé sa proposition : la nouvelle version remplace la précédente, qui reste consultable.`
              : `${facts.actorName} vous propose un devis en réponse à votre demande.`,
          },
          { kind: "facts", rows: [...reference(facts, audience), ...proposalRows(facts, audience)] },
          ...quoted(facts, facts.actorName),
          {
            kind: "paragraph",
            text: facts.proposal
              ? `Vous pouvez accepter tout ou partie des lignes jusqu'au ${formatDate(facts.proposal.validUntil)} inclus : elles rejoignent votre panier au prix du devis. La proposition est aussi disponible en PDF sur la page du devis.`
              : "La proposition est disponible sur la page du devis.",
          },
          link,
        ],
      );
    }
    case "accepted":
      return mail(`Devis ${facts.number} accepté — ${facts.orgName}`, "Bonjour,", [
        {
          kind: "paragraph",
          text: `${facts.actorName} (${facts.orgName}) a accepté ${plural(facts.acceptedLines.length, "ligne", "lignes")} de la version ${facts.proposal?.version ?? ""} : elles sont dans le panier du client au prix du devis.`,
        },
        refs,
        { kind: "list", items: facts.acceptedLines },
        link,
      ]);
    case "refused":
      return mail(`Devis ${facts.number} refusé — ${facts.orgName}`, "Bonjour,", [
        { kind: "paragraph", text: `${facts.actorName} (${facts.orgName}) a refusé le devis.` },
        refs,
        ...quoted(facts, "Motif"),
        link,
      ]);
    case "cancelled":
      return mail(
        client ? `Votre demande de devis ${facts.number} a été annulée` : `Demande de devis ${facts.number} annulée — ${facts.orgName}`,
        "Bonjour,",
        [
          {
            kind: "paragraph",
            text: client
              ? `${facts.actorName} a annulé la demande de devis.`
              : `${facts.actorName} (${facts.orgName}) a annulé sa demande de devis.`,
          },
          refs,
          ...quoted(facts, "Motif"),
          link,
        ],
      );
    case "message":
      return mail(
        client
          ? `Nouveau message sur votre devis ${facts.number}`
          : `Nouveau message du client sur le devis ${facts.number} — ${facts.orgName}`,
        "Bonjour,",
        [
          {
            kind: "paragraph",
            text: client
              ? `${facts.actorName} vous a écrit au sujet de votre devis.`
              : `${facts.actorName} (${facts.orgName}) vous a écrit.`,
          },
          refs,
          ...quoted(facts, facts.actorName),
          { kind: "paragraph", text: "Répondez depuis la page du devis." },
          link,
        ],
      );
    case "reminder": {
      const until = facts.proposal ? formatDate(facts.proposal.validUntil) : "";
      const days = facts.daysLeft ?? 0;
      const when = days <= 0 ? "aujourd'hui" : days === 1 ? "demain" : `dans ${days} jours`;
      return mail(`Votre devis ${facts.number} expire le ${until}`, "Bonjour,", [
        {
          kind: "paragraph",
          text: `La proposition de votre devis expire ${when}, le ${until} au soir. Après cette date, ses prix ne pourront plus être acceptés.`,
        },
        { kind: "facts", rows: [...reference(facts, audience), ...proposalRows(facts, audience)] },
        link,
      ]);
    }
  }
}
