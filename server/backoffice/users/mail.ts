import { CUSTOMER_SERVICE } from "../crm/contacts";
import { compose, type MailContent } from "../quotes/mail/compose";
import type { BackofficeMailer } from "../quotes/mail/index";
import type { ErrorLogger } from "../http/errors";
import { formatDateTime } from "@shared/domain/french-format";

/**
 * The accounts' security e-mails (docs/users.md): the invitation and « your password was
 * changed ». They cannot be turned off (they are not alerts) and are sent before the answer,
 * once the change has committed: the organization then knows the link went out. A failure
 * is logged and changes nothing (the invitation can be re-sent). Without a mail service
 * (a back-office started without one), nothing is sent.
 */

/** The portal's page that accepts an invitation; the token follows. */
export const INVITATION_PATH = "/invitation";
/** Where the person changes their password again, or asks for help. */
export const PASSWORD_PATH = "/mon-compte/mot-de-passe";

export interface InvitationFacts {
  personName: string;
  orgName: string;
  inviterName: string;
  link: string;
  expiresAt: Date;
}

export function invitationMail(facts: InvitationFacts): MailContent {
  return compose(`Invitation à rejoindre le portail NautiDistrib — ${facts.orgName}`, `Bonjour ${facts.personName},`, [
    { kind: "paragraph", text: `${facts.inviterName} vous invite à utiliser le portail de commande NautiDistrib pour ${facts.orgName}.` },
    { kind: "paragraph", text: "Choisissez votre mot de passe avec le lien ci-dessous ; votre identifiant est cette adresse e-mail." },
    { kind: "link", label: "Choisir mon mot de passe", href: facts.link },
    {
      kind: "paragraph",
      text: `Ce lien ne sert qu'une fois et expire le ${formatDateTime(facts.expiresAt)}. Si vous ne vous attendiez pas à cette invitation, ignorez ce message.`,
    },
  ]);
}

export interface PasswordChangedFacts {
  personName: string;
  changedAt: Date;
  link: string;
}

export function passwordChangedMail(facts: PasswordChangedFacts): MailContent {
  return compose("Votre mot de passe a été modifié", `Bonjour ${facts.personName},`, [
    {
      kind: "paragraph",
      text: `Le mot de passe de votre compte sur le portail NautiDistrib a été modifié le ${formatDateTime(facts.changedAt)}. Vos autres sessions ont été fermées.`,
    },
    {
      kind: "paragraph",
      text: `Si vous n'êtes pas à l'origine de ce changement, contactez sans attendre le service clients au ${CUSTOMER_SERVICE.phone}.`,
    },
    { kind: "link", label: "Mon compte", href: facts.link },
  ]);
}

export interface UserMailDeps {
  mailer: BackofficeMailer | null;
  logger: ErrorLogger;
  portalUrl?: string;
}

export interface UserMail {
  /** The portal address of `path` (absolute with a portal URL, else the path itself). */
  link(path: string): string;
  /** Sends one message; resolves false when it could not be sent (logged) or there is no mail service. */
  send(to: string, content: MailContent, kind: string): Promise<boolean>;
}

export function createUserMail(deps: UserMailDeps): UserMail {
  return {
    link: (path) => (deps.portalUrl ? new URL(path, deps.portalUrl).href : path),
    async send(to, content, kind) {
      if (!deps.mailer) return false;
      try {
        await deps.mailer.send({ to: [to], ...content });
        return true;
      } catch (error) {
        deps.logger.error({ err: error, kind }, "account e-mail failed");
        return false;
      }
    },
  };
}
