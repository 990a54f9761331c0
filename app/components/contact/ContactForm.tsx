import { Form, useNavigation } from "@remix-run/react";
import type { ContactField } from "@shared/contracts/requests";
import { TextField } from "~/components/users/FormFields";
import type { ContactPageView, ContactRefusal } from "~/services/contact/types";
import { FormAlert } from "./FormAlert";
import { SelectField, TextAreaField } from "./Fields";
import { HoneypotField } from "./HoneypotField";
import { FormPrivacyNote } from "~/components/legal/FormPrivacyNote";

/**
 * Only a signed-in user gets a copy, at the account's own address: a copy to an address anyone
 * can type would let strangers send any text from the distributor's address (docs/requests.md).
 */
function emailHint(signedIn: boolean): string {
  return signedIn
    ? "Nous vous répondons à cette adresse ; une copie de votre message part à l'adresse de votre compte."
    : "Nous vous répondons à cette adresse.";
}

/**
 * The contact form: subject, message, who writes. A plain POST form (it works without
 * JavaScript); a refusal comes back with each French message next to its field and everything
 * typed. Signed in, the identity is pre-filled and can still be changed.
 */
export function ContactForm({ view, refusal }: { view: ContactPageView; refusal: ContactRefusal | null }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const errors: Partial<Record<ContactField, string>> = refusal?.errors ?? {};
  const value = (field: ContactField) => refusal?.values[field] ?? view.values[field] ?? "";
  return (
    <Form
      method="post"
      noValidate
      className="form public-form"
      aria-label="Nous contacter"
      aria-describedby={refusal ? "contact-erreur" : undefined}
    >
      <FormAlert id="contact-erreur" message={refusal?.message} />
      <p className="public-form__required">Tous les champs sont obligatoires, sauf le téléphone.</p>
      <SelectField
        id="contact-objet"
        name="subject"
        label="Objet de votre message"
        choices={view.subjects}
        defaultValue={value("subject")}
        placeholder="Choisissez un objet"
        required
        error={errors.subject}
      />
      <TextAreaField
        id="contact-message"
        name="message"
        label="Votre message"
        defaultValue={value("message")}
        maxLength={view.maxMessageLength}
        required
        error={errors.message}
        hint={`${view.maxMessageLength} caractères au plus. Pour une commande, indiquez son numéro.`}
      />
      <fieldset>
        <legend>Vos coordonnées</legend>
        <TextField
          id="contact-nom"
          name="name"
          label="Nom et prénom"
          defaultValue={value("name")}
          autoComplete="name"
          maxLength={100}
          required
          error={errors.name}
        />
        <TextField
          id="contact-societe"
          name="company"
          label="Société"
          defaultValue={value("company")}
          autoComplete="organization"
          maxLength={150}
          required
          error={errors.company}
        />
        <TextField
          id="contact-email"
          name="email"
          type="email"
          label="Adresse e-mail"
          defaultValue={value("email")}
          autoComplete="email"
          maxLength={120}
          required
          error={errors.email}
          hint={emailHint(view.signedIn)}
        />
        <TextField
          id="contact-telephone"
          name="phone"
          type="tel"
          label="Téléphone (facultatif)"
          defaultValue={value("phone")}
          autoComplete="tel"
          maxLength={40}
          error={errors.phone}
        />
      </fieldset>
      <HoneypotField />
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? "Envoi…" : "Envoyer le message"}
      </button>
      <FormPrivacyNote id="contact-donnees" purpose="répondre à votre message ; il est conservé 3 ans après notre dernier échange" />
    </Form>
  );
}
