import { Link } from "@remix-run/react";

/**
 * Under each public form (contact, account opening, forgotten password): what is done with
 * what the visitor types, where it is typed (GDPR art. 13), with the privacy policy's link
 * (decision 0187). `purpose` finishes the sentence « Les informations de ce formulaire servent
 * uniquement à … ».
 */
export function FormPrivacyNote({ id, purpose }: { id: string; purpose: string }) {
  return (
    <p id={id} className="form__privacy muted">
      Les informations de ce formulaire servent uniquement à {purpose}. Elles sont traitées par NautiDistrib SAS, ne sont ni vendues ni
      transmises hors de l'Union européenne, et vous pouvez y accéder, les rectifier ou les faire effacer : voir notre{" "}
      <Link to="/politique-de-confidentialite#formulaires-publics">politique de confidentialité</Link> et les{" "}
      <Link to="/mentions-legales">mentions légales</Link>.
    </p>
  );
}
