import {
  ACCOUNT_REQUEST_STATE_LABELS,
  ACTIVITY_LABELS,
  CONTACT_SUBJECT_LABELS,
  COUNTRY_LABELS,
  type AccountOpeningRequest,
  type ContactRequest,
} from "@shared/contracts/requests";
import { CUSTOMER_SERVICE } from "../crm/contacts";
import { compose, type Block, type MailContent } from "../quotes/mail/compose";
import { formatDateTime } from "@shared/domain/french-format";

/**
 * The e-mails of what visitors send (docs/requests.md): the distributor's copy and the sender's
 * acknowledgement of a contact message and of an account opening request, and the requester's
 * answer when the distributor accepts or refuses. Everything typed by the visitor goes through
 * compose(), which escapes it in the HTML part.
 */

function countryName(code: string): string {
  return (COUNTRY_LABELS as Record<string, string>)[code] ?? code;
}

export interface ContactFacts {
  request: ContactRequest;
  receivedAt: Date;
  /** The portal account that wrote it (« Voilerie Atlantique (C0001) »), when signed in. */
  account: string | null;
}

function contactRows(facts: ContactFacts): Array<[string, string]> {
  const { request } = facts;
  const rows: Array<[string, string]> = [
    ["Objet", CONTACT_SUBJECT_LABELS[request.subject]],
    ["Nom", request.name],
    ["Société", request.company],
    ["E-mail", request.email],
  ];
  if (request.phone) rows.push(["Téléphone", request.phone]);
  if (facts.account) rows.push(["Compte du portail", facts.account]);
  rows.push(["Reçu le", formatDateTime(facts.receivedAt)]);
  return rows;
}

/** To the distributor's contact address: who wrote, about what, the message. */
export function contactToDistributorMail(facts: ContactFacts): MailContent {
  const { request } = facts;
  return compose(`Message du portail — ${CONTACT_SUBJECT_LABELS[request.subject]} — ${request.company}`, "Bonjour,", [
    {
      kind: "paragraph",
      text: `${request.name} (${request.company}) a écrit depuis le formulaire de contact du portail. Répondez directement à ${request.email}.`,
    },
    { kind: "facts", rows: contactRows(facts) },
    { kind: "quote", author: request.name, body: request.message },
  ]);
}

/** The sender's copy: what was sent, and when to expect an answer. */
export function contactCopyMail(facts: ContactFacts): MailContent {
  const { request } = facts;
  return compose(`Copie de votre message à NautiDistrib — ${CONTACT_SUBJECT_LABELS[request.subject]}`, `Bonjour ${request.name},`, [
    {
      kind: "paragraph",
      text: "Nous avons bien reçu votre message ; notre service clients vous répond dans un délai d'un jour ouvré. En voici la copie.",
    },
    { kind: "facts", rows: contactRows({ ...facts, account: null }) },
    { kind: "quote", author: request.name, body: request.message },
    {
      kind: "paragraph",
      text: `Pour une question urgente : ${CUSTOMER_SERVICE.phone} (${CUSTOMER_SERVICE.hours.charAt(0).toLowerCase()}${CUSTOMER_SERVICE.hours.slice(1)}).`,
    },
  ]);
}

export interface AccountRequestFacts {
  reference: string;
  request: AccountOpeningRequest;
  receivedAt: Date;
}

function accountRows(facts: AccountRequestFacts): Array<[string, string]> {
  const { request } = facts;
  const rows: Array<[string, string]> = [
    ["Référence", facts.reference],
    ["Raison sociale", request.company],
  ];
  if (request.siret) rows.push(["SIRET", request.siret]);
  if (request.vat_number) rows.push(["TVA intracommunautaire", request.vat_number]);
  rows.push(
    ["Adresse", `${request.street}, ${request.zipcode} ${request.city}, ${countryName(request.country)}`],
    ["Activité", ACTIVITY_LABELS[request.activity]],
    ["Contact", request.contact_name],
    ["E-mail", request.email],
    ["Téléphone", request.phone],
    ["Reçue le", formatDateTime(facts.receivedAt)],
  );
  return rows;
}

function withMessage(blocks: Block[], author: string, message: string): Block[] {
  return message ? [...blocks, { kind: "quote", author, body: message }] : blocks;
}

/** To sales: a new request to study, with how the distributor's systems move it. */
export function accountRequestToSalesMail(facts: AccountRequestFacts): MailContent {
  const { request } = facts;
  return compose(
    `Demande d'ouverture de compte ${facts.reference} — ${request.company} (${request.city})`,
    "Bonjour,",
    withMessage(
      [
        {
          kind: "paragraph",
          text: `${request.company} demande l'ouverture d'un compte professionnel sur le portail. La demande est enregistrée à l'état « ${ACCOUNT_REQUEST_STATE_LABELS.received} ».`,
        },
        { kind: "facts", rows: accountRows(facts) },
      ],
      request.contact_name,
      request.message,
    ),
  );
}

/** To the requester: received, what happens next. */
export function accountRequestAcknowledgementMail(facts: AccountRequestFacts): MailContent {
  const { request } = facts;
  return compose(
    `Votre demande d'ouverture de compte NautiDistrib (${facts.reference})`,
    `Bonjour ${request.contact_name},`,
    withMessage(
      [
        {
          kind: "paragraph",
          text: `Nous avons bien reçu la demande d'ouverture de compte de ${request.company}. Notre équipe commerciale l'étudie et vous répond sous deux jours ouvrés ; rappelez la référence ${facts.reference} si vous nous contactez.`,
        },
        { kind: "facts", rows: accountRows(facts) },
      ],
      request.contact_name,
      request.message,
    ),
  );
}

export interface AccountAnswerFacts {
  reference: string;
  company: string;
  contactName: string;
  state: "accepted" | "refused";
  note: string;
  /** The customer the acceptance opened (its contact is invited apart), else null. */
  customerReference?: string | null;
}

/** To the requester once the distributor accepts or refuses; its note, when it wrote one. */
export function accountRequestAnswerMail(facts: AccountAnswerFacts): MailContent {
  const accepted = facts.state === "accepted";
  const blocks: Block[] = [
    {
      kind: "paragraph",
      text: accepted
        ? facts.customerReference
          ? `Bonne nouvelle : la demande d'ouverture de compte de ${facts.company} (${facts.reference}) est acceptée, votre compte client ${facts.customerReference} est ouvert. Vous recevez dans un autre message le lien pour choisir votre mot de passe ; votre identifiant est votre adresse e-mail.`
          : `Bonne nouvelle : la demande d'ouverture de compte de ${facts.company} (${facts.reference}) est acceptée. Votre commercial vous contacte pour vous remettre vos accès au portail.`
        : `Nous avons étudié la demande d'ouverture de compte de ${facts.company} (${facts.reference}) et ne pouvons pas y donner suite pour le moment.`,
    },
  ];
  if (facts.note) blocks.push({ kind: "quote", author: "NautiDistrib", body: facts.note });
  blocks.push({
    kind: "paragraph",
    text: `Une question ? ${CUSTOMER_SERVICE.name} : ${CUSTOMER_SERVICE.phone}, ${CUSTOMER_SERVICE.email}.`,
  });
  return compose(
    `Votre demande d'ouverture de compte ${facts.reference} est ${ACCOUNT_REQUEST_STATE_LABELS[facts.state]}`,
    `Bonjour ${facts.contactName},`,
    blocks,
  );
}
