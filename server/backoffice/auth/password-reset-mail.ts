import { PASSWORD_RESET_LIFETIME_MINUTES } from "@shared/contracts/requests";
import { CUSTOMER_SERVICE } from "../crm/contacts";
import { compose, type MailContent } from "../quotes/mail/compose";
import { formatDateTime } from "@shared/domain/french-format";

/** The portal's page that sets a new password; the link carries `?jeton=<token>`. */
export const RESET_PATH = "/nouveau-mot-de-passe";

export interface ResetMailFacts {
  personName: string;
  login: string;
  link: string;
  expiresAt: Date;
}

/** The reset link (decision 0124): single use, 30 minutes, harmless when nobody asked. */
export function passwordResetMail(facts: ResetMailFacts): MailContent {
  return compose("Réinitialisation de votre mot de passe NautiDistrib", `Bonjour ${facts.personName},`, [
    {
      kind: "paragraph",
      text: `Une demande de nouveau mot de passe a été faite pour votre compte du portail NautiDistrib (identifiant ${facts.login}).`,
    },
    { kind: "link", label: "Choisir un nouveau mot de passe", href: facts.link },
    {
      kind: "paragraph",
      text: `Ce lien ne sert qu'une fois et expire dans ${PASSWORD_RESET_LIFETIME_MINUTES} minutes, le ${formatDateTime(facts.expiresAt)}. Une fois le mot de passe changé, toutes vos sessions ouvertes sont fermées.`,
    },
    {
      kind: "paragraph",
      text: `Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable. En cas de doute, appelez le service clients au ${CUSTOMER_SERVICE.phone}.`,
    },
  ]);
}
