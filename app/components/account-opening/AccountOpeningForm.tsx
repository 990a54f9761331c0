import { Form, useNavigation } from "@remix-run/react";
import type { AccountOpeningField } from "@shared/contracts/requests";
import { SelectField, TextAreaField } from "~/components/contact/Fields";
import { FormAlert } from "~/components/contact/FormAlert";
import { HoneypotField } from "~/components/contact/HoneypotField";
import { TextField } from "~/components/users/FormFields";
import type { AccountOpeningRefusal, AccountOpeningView } from "~/services/account-opening/types";
import { FormPrivacyNote } from "~/components/legal/FormPrivacyNote";

/**
 * The account opening request: the company, its identifiers, its head office, its activity and
 * the person to contact. A plain POST form; a refusal comes back with each French message next
 * to its field (an invalid SIRET key, a VAT number that is not the company's…) and everything typed.
 */
export function AccountOpeningForm({ view, refusal }: { view: AccountOpeningView; refusal: AccountOpeningRefusal | null }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const errors: Partial<Record<AccountOpeningField, string>> = refusal?.errors ?? {};
  const value = (field: AccountOpeningField, fallback = "") => refusal?.values[field] ?? fallback;
  return (
    <Form
      method="post"
      noValidate
      className="form public-form"
      aria-label="Demande d'ouverture de compte"
      aria-describedby={refusal ? "ouverture-erreur" : undefined}
    >
      <FormAlert id="ouverture-erreur" message={refusal?.message} />
      <p className="public-form__required">Tous les champs sont obligatoires, sauf ceux marqués « facultatif ».</p>
      <fieldset>
        <legend>Votre entreprise</legend>
        <TextField
          id="ouverture-societe"
          name="company"
          label="Raison sociale"
          defaultValue={value("company")}
          autoComplete="organization"
          maxLength={150}
          required
          error={errors.company}
        />
        <SelectField
          id="ouverture-activite"
          name="activity"
          label="Activité"
          choices={view.activities}
          defaultValue={value("activity")}
          placeholder="Choisissez votre activité"
          required
          error={errors.activity}
        />
        <TextField
          id="ouverture-siret"
          name="siret"
          label="SIRET (entreprise établie en France)"
          defaultValue={value("siret")}
          maxLength={40}
          error={errors.siret}
          hint="14 chiffres, par exemple 732 829 320 00074. Laissez vide pour une entreprise établie hors de France."
        />
        <TextField
          id="ouverture-tva"
          name="vat_number"
          label="Numéro de TVA intracommunautaire (facultatif en France)"
          defaultValue={value("vat_number")}
          maxLength={40}
          error={errors.vat_number}
          hint="Le code du pays puis le numéro, par exemple FR 44 732829320 ; obligatoire pour une entreprise établie ailleurs dans l'Union européenne."
        />
      </fieldset>
      <fieldset>
        <legend>Adresse du siège</legend>
        <TextField
          id="ouverture-adresse"
          name="street"
          label="Adresse"
          defaultValue={value("street")}
          autoComplete="address-line1"
          maxLength={200}
          required
          error={errors.street}
        />
        <TextField
          id="ouverture-code-postal"
          name="zipcode"
          label="Code postal"
          defaultValue={value("zipcode")}
          autoComplete="postal-code"
          maxLength={12}
          required
          error={errors.zipcode}
        />
        <TextField
          id="ouverture-ville"
          name="city"
          label="Ville"
          defaultValue={value("city")}
          autoComplete="address-level2"
          maxLength={100}
          required
          error={errors.city}
        />
        <SelectField
          id="ouverture-pays"
          name="country"
          label="Pays"
          choices={view.countries}
          defaultValue={value("country", "FR")}
          placeholder="Choisissez le pays"
          required
          error={errors.country}
        />
      </fieldset>
      <fieldset>
        <legend>La personne à contacter</legend>
        <TextField
          id="ouverture-contact"
          name="contact_name"
          label="Nom et prénom"
          defaultValue={value("contact_name")}
          autoComplete="name"
          maxLength={100}
          required
          error={errors.contact_name}
        />
        <TextField
          id="ouverture-email"
          name="email"
          type="email"
          label="Adresse e-mail"
          defaultValue={value("email")}
          autoComplete="email"
          maxLength={120}
          required
          error={errors.email}
          hint="Nous y envoyons l'accusé de réception, puis notre réponse."
        />
        <TextField
          id="ouverture-telephone"
          name="phone"
          type="tel"
          label="Téléphone"
          defaultValue={value("phone")}
          autoComplete="tel"
          maxLength={40}
          required
          error={errors.phone}
        />
      </fieldset>
      <TextAreaField
        id="ouverture-message"
        name="message"
        label="Votre activité en quelques mots (facultatif)"
        defaultValue={value("message")}
        maxLength={view.maxMessageLength}
        rows={5}
        error={errors.message}
        hint="Vos besoins, vos volumes d'achat, les gammes qui vous intéressent…"
      />
      <HoneypotField />
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? "Envoi…" : "Envoyer ma demande"}
      </button>
      <FormPrivacyNote
        id="ouverture-donnees"
        purpose="étudier votre demande d'ouverture de compte et, si elle est acceptée, créer votre compte ; une demande refusée est conservée 3 ans après notre dernier échange"
      />
    </Form>
  );
}
