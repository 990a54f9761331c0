import { ALERT_LABELS, type AlertKind } from "@shared/contracts/alerts";
import { compose, type Block, type MailContent } from "../quotes/mail/compose";
import { formatDate, formatEuros } from "@shared/domain/french-format";
import { weekdayName } from "@shared/domain/replenishment";

/**
 * The French alerts of orders, invoices, stock and returns (docs/alerts.md): pure functions of the facts
 * read once the event committed, through the quotes' compose (HTML and text parts, everything
 * typed by people escaped). The quotes' alerts are the quotes' own e-mails (quotes/mail/).
 */

export type AlertFacts =
  | {
      kind: "order_confirmed";
      orderRef: string;
      customerRef: string;
      orgName: string;
      createdBy: string;
      lineCount: number;
      /** The lines ordered under the organization's own code (docs/part-numbers.md); absent in older facts. */
      codes?: Array<{ ref: string; code: string }>;
    }
  | {
      kind: "order_shipped";
      orderRef: string;
      customerRef: string;
      orgName: string;
      shipment: number;
      carrier: string;
      trackingNumber: string | null;
      trackingUrl: string | null;
      complete: boolean;
    }
  | {
      kind: "invoice_issued" | "invoice_overdue";
      number: string;
      orderRef: string;
      customerRef: string;
      orgName: string;
      totalTtc: number;
      dueOn: string;
    }
  | { kind: "backorder_available"; orderRef: string; customerRef: string; orgName: string; objRef: string; title: string; qty: number }
  | { kind: "favourite_back_in_stock"; objRef: string; title: string }
  | { kind: "approval_requested"; number: string; orgName: string; requester: string; lineCount: number; why: string[]; message: string }
  | {
      kind: "approval_decided";
      number: string;
      orgName: string;
      decision: "approved" | "refused";
      decidedBy: string;
      reason: string | null;
      orderRef: string | null;
    }
  | { kind: "replenishment_reminder"; name: string; listName: string; orgName: string; runDate: string }
  | { kind: "replenishment_failed"; name: string; listName: string; orgName: string; runDate: string; reason: string }
  | {
      kind: "return_answered";
      number: string;
      orderRef: string;
      customerRef: string;
      orgName: string;
      accepted: boolean;
      /** The refusal's reason; null when accepted. */
      reason: string | null;
      /** The distributor's note with its answer, if any. */
      note: string | null;
    }
  | {
      kind: "return_settled";
      number: string;
      orderRef: string;
      customerRef: string;
      orgName: string;
      /** The credit notes' numbers (none for an exchange). */
      creditNotes: string[];
      exchange: { carrier: string; trackingNumber: string | null; trackingUrl: string | null } | null;
    };

/** « jeudi 12 mars 2026 »: the day a run leaves. */
export function runDay(date: string): string {
  return `${weekdayName(date)} ${formatDate(date)}`;
}

export interface AlertLinks {
  /** The page the alert is about: an absolute URL, or a path when no portal address is set. */
  page: string;
  /** The portal's unsubscribe page for this alert (/desabonnement?jeton=…, alerts/deliveries.ts). */
  unsubscribe: string;
}

/**
 * The end of every alert, the quotes' included (quotes/mail/templates.ts): why it was received,
 * and the link that turns this kind off.
 */
export function alertFooter(kind: AlertKind, unsubscribe: string): Block[] {
  return [
    {
      kind: "paragraph",
      text: `Vous recevez ce message car l'alerte « ${ALERT_LABELS[kind]} » est active pour votre compte. Vous pouvez la désactiver en un clic, ou choisir vos alertes dans votre espace client (Mon compte › Alertes e-mails).`,
    },
    { kind: "link", label: "Ne plus recevoir cette alerte", href: unsubscribe },
  ];
}

function body(facts: AlertFacts, links: AlertLinks): { subject: string; blocks: Block[] } {
  switch (facts.kind) {
    case "order_confirmed":
      return {
        subject: `Commande ${facts.orderRef} confirmée`,
        blocks: [
          { kind: "paragraph", text: `La commande ${facts.orderRef} de ${facts.orgName}, passée par ${facts.createdBy}, est confirmée.` },
          {
            kind: "facts",
            rows: [
              ["Commande", facts.orderRef],
              ["Votre référence", facts.customerRef],
              ["Lignes", String(facts.lineCount)],
            ],
          },
          // Beside each reference, the code the customer knows it by.
          ...(facts.codes && facts.codes.length > 0
            ? [
                {
                  kind: "facts" as const,
                  rows: facts.codes.map(({ ref, code }): [string, string] => [`Réf. ${ref}`, `votre code : ${code}`]),
                },
              ]
            : []),
          { kind: "link", label: "Voir la commande", href: links.page },
        ],
      };
    case "order_shipped": {
      const rows: Array<[string, string]> = [
        ["Commande", facts.orderRef],
        ["Votre référence", facts.customerRef],
        ["Expédition", `n° ${facts.shipment}`],
        ["Transporteur", facts.carrier],
      ];
      if (facts.trackingNumber) rows.push(["Numéro de suivi", facts.trackingNumber]);
      const blocks: Block[] = [
        {
          kind: "paragraph",
          text: facts.complete
            ? `La commande ${facts.orderRef} de ${facts.orgName} est expédiée.`
            : `Une partie de la commande ${facts.orderRef} de ${facts.orgName} est expédiée ; le reste suivra dès réception.`,
        },
        { kind: "facts", rows },
      ];
      if (facts.trackingUrl) blocks.push({ kind: "link", label: "Suivre le colis", href: facts.trackingUrl });
      blocks.push({ kind: "link", label: "Voir la commande", href: links.page });
      return { subject: `Commande ${facts.orderRef} expédiée`, blocks };
    }
    case "invoice_issued":
    case "invoice_overdue": {
      const overdue = facts.kind === "invoice_overdue";
      return {
        subject: overdue ? `Facture ${facts.number} échue` : `Facture ${facts.number} disponible`,
        blocks: [
          {
            kind: "paragraph",
            text: overdue
              ? `La facture ${facts.number} de ${facts.orgName} arrivait à échéance le ${formatDate(facts.dueOn)} et n'est pas réglée à ce jour. Si votre règlement est en cours, ne tenez pas compte de ce message.`
              : `La facture ${facts.number} de ${facts.orgName} est émise ; son PDF est disponible dans votre espace client.`,
          },
          {
            kind: "facts",
            rows: [
              ["Facture", facts.number],
              ["Commande", facts.orderRef],
              ["Votre référence", facts.customerRef],
              ["Montant TTC", formatEuros(facts.totalTtc)],
              ["Échéance", formatDate(facts.dueOn)],
            ],
          },
          { kind: "link", label: "Voir la facture", href: links.page },
        ],
      };
    }
    case "backorder_available":
      return {
        subject: `Reliquat disponible — commande ${facts.orderRef}`,
        blocks: [
          {
            kind: "paragraph",
            text: `L'article ${facts.objRef} (${facts.title}), en reliquat sur la commande ${facts.orderRef} de ${facts.orgName}, est de nouveau en stock : il partira avec la prochaine expédition.`,
          },
          {
            kind: "facts",
            rows: [
              ["Commande", facts.orderRef],
              ["Votre référence", facts.customerRef],
              ["Article", `${facts.objRef} — ${facts.title}`],
              ["Quantité en reliquat", String(facts.qty)],
            ],
          },
          { kind: "link", label: "Voir la commande", href: links.page },
        ],
      };
    case "approval_requested": {
      const blocks: Block[] = [
        {
          kind: "paragraph",
          text: `${facts.requester} demande la validation d'une commande de ${facts.orgName} (demande ${facts.number}).`,
        },
        {
          kind: "facts",
          rows: [
            ["Demande", facts.number],
            ["Demandée par", facts.requester],
            ["Lignes", String(facts.lineCount)],
            ["Pourquoi", facts.why.join(" ; ")],
          ],
        },
      ];
      if (facts.message) blocks.push({ kind: "paragraph", text: `Son message : « ${facts.message} »` });
      blocks.push({ kind: "link", label: "Voir et décider", href: links.page });
      return { subject: `Commande à valider — demande ${facts.number}`, blocks };
    }
    case "approval_decided": {
      const approved = facts.decision === "approved";
      const blocks: Block[] = [
        {
          kind: "paragraph",
          text: approved
            ? `Votre demande ${facts.number} a été validée par ${facts.decidedBy} : la commande ${facts.orderRef ?? ""} est passée.`
            : `Votre demande ${facts.number} a été refusée par ${facts.decidedBy}. Vous pouvez remettre ses lignes dans le panier pour la modifier.`,
        },
      ];
      if (!approved && facts.reason) blocks.push({ kind: "facts", rows: [["Motif du refus", facts.reason]] });
      blocks.push({ kind: "link", label: approved ? "Voir la commande" : "Voir la demande", href: links.page });
      return { subject: approved ? `Demande ${facts.number} validée` : `Demande ${facts.number} refusée`, blocks };
    }
    case "replenishment_reminder":
      return {
        subject: `Commande programmée « ${facts.name} » : départ ${runDay(facts.runDate)}`,
        blocks: [
          {
            kind: "paragraph",
            text: `Votre commande programmée « ${facts.name} » partira ${runDay(facts.runDate)} : modifiez-la ou sautez-la d'ici là si besoin.`,
          },
          {
            kind: "facts",
            rows: [
              ["Commande programmée", facts.name],
              ["Liste", facts.listName],
              ["Départ", runDay(facts.runDate)],
            ],
          },
          {
            kind: "paragraph",
            text: "Elle sera passée aux prix, au stock et aux frais de port du jour, selon les règles d'achat de votre organisation.",
          },
          { kind: "link", label: "Modifier ou sauter cette commande", href: links.page },
        ],
      };
    case "replenishment_failed":
      return {
        subject: `Commande programmée « ${facts.name} » non passée`,
        blocks: [
          {
            kind: "paragraph",
            text: `Votre commande programmée « ${facts.name} » du ${formatDate(facts.runDate)} n'a pas été passée : aucune commande n'est partie.`,
          },
          { kind: "facts", rows: [["Raison", facts.reason]] },
          {
            kind: "paragraph",
            text: "Corrigez la liste ou la commande programmée : la suivante partira à sa date. Pour celle-ci, vous pouvez commander depuis la liste.",
          },
          { kind: "link", label: "Voir la commande programmée", href: links.page },
        ],
      };
    case "return_answered":
      return returnAnswered(facts, links);
    case "return_settled":
      return returnSettled(facts, links);
    case "favourite_back_in_stock":
      return {
        subject: `${facts.objRef} de nouveau en stock`,
        blocks: [
          { kind: "paragraph", text: `L'article ${facts.objRef} (${facts.title}), dans vos favoris, est de nouveau en stock.` },
          { kind: "link", label: "Voir l'article", href: links.page },
        ],
      };
  }
}

type Facts<Kind extends AlertFacts["kind"]> = Extract<AlertFacts, { kind: Kind }>;

/** The return's page, and its slip under it (the portal's resource route). */
const slipLink = (page: string) => `${page}/bon-de-retour.pdf`;

function returnAnswered(facts: Facts<"return_answered">, links: AlertLinks): { subject: string; blocks: Block[] } {
  const about = `Votre demande de retour ${facts.number} (commande ${facts.orderRef}) de ${facts.orgName}`;
  const rows: Array<[string, string]> = [
    ["Retour", facts.number],
    ["Commande", facts.orderRef],
    ["Votre référence", facts.customerRef],
  ];
  if (!facts.accepted && facts.reason) rows.push(["Motif du refus", facts.reason]);
  if (facts.note && facts.note !== facts.reason) rows.push(["Message", facts.note]);
  if (!facts.accepted) {
    return {
      subject: `Retour ${facts.number} refusé`,
      blocks: [
        { kind: "paragraph", text: `${about} est refusée : les articles restent les vôtres, ne les renvoyez pas.` },
        { kind: "facts", rows },
        { kind: "link", label: "Voir le retour", href: links.page },
      ],
    };
  }
  return {
    subject: `Retour ${facts.number} accepté`,
    blocks: [
      {
        kind: "paragraph",
        text: `${about} est acceptée. Imprimez le bon de retour, glissez-le dans le colis et indiquez le numéro ${facts.number} sur le colis.`,
      },
      { kind: "facts", rows },
      { kind: "link", label: "Télécharger le bon de retour (PDF)", href: slipLink(links.page) },
      { kind: "link", label: "Voir le retour", href: links.page },
    ],
  };
}

function returnSettled(facts: Facts<"return_settled">, links: AlertLinks): { subject: string; blocks: Block[] } {
  const rows: Array<[string, string]> = [
    ["Retour", facts.number],
    ["Commande", facts.orderRef],
    ["Votre référence", facts.customerRef],
  ];
  if (facts.exchange) {
    rows.push(["Transporteur", facts.exchange.carrier]);
    if (facts.exchange.trackingNumber) rows.push(["Numéro de suivi", facts.exchange.trackingNumber]);
    const blocks: Block[] = [
      {
        kind: "paragraph",
        text: `Les articles de remplacement du retour ${facts.number} (commande ${facts.orderRef}) de ${facts.orgName} sont expédiés.`,
      },
      { kind: "facts", rows },
    ];
    if (facts.exchange.trackingUrl) blocks.push({ kind: "link", label: "Suivre le colis", href: facts.exchange.trackingUrl });
    blocks.push({ kind: "link", label: "Voir le retour", href: links.page });
    return { subject: `Retour ${facts.number} : échange expédié`, blocks };
  }
  const several = facts.creditNotes.length > 1;
  rows.push([several ? "Avoirs" : "Avoir", facts.creditNotes.join(", ")]);
  return {
    subject: `Retour ${facts.number} : avoir émis`,
    blocks: [
      {
        kind: "paragraph",
        text: `Le retour ${facts.number} (commande ${facts.orderRef}) de ${facts.orgName} est réglé : ${several ? `les avoirs ${facts.creditNotes.join(", ")} sont émis` : `l'avoir ${facts.creditNotes.join(", ")} est émis`}. Retrouvez-${several ? "les" : "le"} dans votre espace client, rubrique « Mes factures ».`,
      },
      { kind: "facts", rows },
      { kind: "link", label: "Voir le retour", href: links.page },
    ],
  };
}

export function alertMail(facts: AlertFacts, links: AlertLinks): MailContent {
  const { subject, blocks } = body(facts, links);
  return compose(subject, "Bonjour,", [...blocks, ...alertFooter(facts.kind, links.unsubscribe)]);
}
